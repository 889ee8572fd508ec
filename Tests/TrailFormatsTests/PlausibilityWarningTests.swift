import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Warnings about numbers that cannot be a real walk, once per file with line and count, and
/// the wording for bytes that are not XML at all.
@Suite struct PlausibilityWarningTests {
    @Test func trackpointLinesFollowTheFile() throws {
        let r = try readFixture("stray-fixes.gpx")
        #expect(r.trackpointLines == [Array(4...15).map(Int32.init)])
    }

    @Test func strayFixesAreWarnedOnceWithTheirFirstLineAndCount() throws {
        let r = try readFixture("stray-fixes.gpx")
        let w = r.plausibilityWarnings()
        #expect(w.count == 1)
        #expect(w.first?.line == 8)   // the 0,0 fix (trkpt 5 of the file, line 8)
        #expect(w.first?.message.hasPrefix("1 stray position and 1 elevation spike") == true)
        #expect(w.first?.message.contains("first at line 8") == true)
        // The stored document keeps every point; only the view for statistics drops them.
        #expect(r.document.tracks[0].pointCount == 12)
        #expect(r.document.tracks[0].withoutStrayFixes().pointCount == 11)
    }

    @Test func preGPSEraTimesAndFastWalksAreSaidInWords() throws {
        let r = try readFixture("implausible-times.gpx")
        let w = r.plausibilityWarnings()
        #expect(w.count == 2)
        #expect(w[0].line == 4)
        #expect(w[0].message.hasPrefix("5 trackpoints dated before the GPS era (6 January 1980), first 1970-01-01T00:00:00Z at line 4"))
        #expect(w[1].line == 11)
        // Independent figure: 5 steps of 0.005° along 42.5° N (WGS84 radius of the parallel,
        // N(φ)·cos φ·Δλ) over 50 s.
        let a = 6_378_137.0, e2 = 0.00669437999014, phi = 42.5 * Double.pi / 180
        let step = a / (1 - e2 * sin(phi) * sin(phi)).squareRoot() * cos(phi) * 0.005 * Double.pi / 180
        let kmh = String(format: "%.1f km/h", 5 * step / 50 * 3.6)
        #expect(w[1].message.hasPrefix("track 2 \"Drive\" averages \(kmh) over 1 min, faster than 25.0 km/h"))
    }

    /// Issue 34: times that run backwards by more than a day (recordings spliced into one
    /// segment) are warned about once, with the count, the first line and both times.
    @Test func timesRunningBackwardsByMoreThanADayAreWarned() throws {
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            <trkpt lat="42.50" lon="1.50"><time>2016-09-04T09:00:00Z</time></trkpt>
            <trkpt lat="42.51" lon="1.50"><time>2016-09-04T09:10:00Z</time></trkpt>
            <trkpt lat="42.52" lon="1.50"><time>2010-08-04T20:00:00Z</time></trkpt>
            <trkpt lat="42.53" lon="1.50"><time>2010-08-04T20:10:00Z</time></trkpt>
            <trkpt lat="42.54" lon="1.50"><time>2010-08-04T20:05:00Z</time></trkpt>
            <trkpt lat="42.55" lon="1.50"><time>2018-04-18T17:00:00Z</time></trkpt>
            <trkpt lat="42.56" lon="1.50"><time>2018-04-17T17:00:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let r = try GPXReader.read(data: Data(gpx.utf8), fileName: "b.gpx")
        let w = r.plausibilityWarnings()
        // 2016-09-04 → 2010-08-04 and 2018-04-18 → 2018-04-17 (exactly a day: not more) → one;
        // a step back of minutes is not warned about (a break or an out-of-order time).
        #expect(w.count == 1, "\(w)")
        #expect(w.first?.line == 5)
        #expect(w.first?.message.hasPrefix("point times run backwards by more than a day once, first at line 5 "
                                           + "(2016-09-04T09:10:00Z → 2010-08-04T20:00:00Z, 2222 days back)") == true,
                "\(w)")
        #expect(w.first?.message.contains("Elapsed time adds up each stretch") == true)
        // The elapsed time the warning describes, by the calculator's documented rules: the 2016
        // run (10 min); after the jump back, 20:10 lies outside [20:00, 20:05] while those two
        // agree, a single out-of-order time (untimed), so the 2010 run is 20:00 → 20:05 (5 min);
        // the 2018 points are each a run of their own (forward jump, then a day back): 0.
        let elapsed = StatisticsCalculator().statistics(for: r.document.tracks[0]).elapsedTime
        #expect(elapsed == 900, "\(String(describing: elapsed))")
    }

    /// Issue 34: a single trackpoint, or points all at one place, imported as "0 m" without a
    /// word; now said once per such track, at its first point's line.
    @Test func aTrackWithoutALineIsSaid() throws {
        let gpx = """
            <?xml version="1.0"?>
            <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>One</name><trkseg><trkpt lat="42.5" lon="1.5"><time>2024-05-01T10:00:00Z</time></trkpt></trkseg></trk>
            <trk><trkseg>
            <trkpt lat="42.6" lon="1.6"/>
            <trkpt lat="42.6" lon="1.6"/>
            <trkpt lat="42.6" lon="1.6"/>
            </trkseg></trk>
            <trk><trkseg><trkpt lat="42.6" lon="1.6"/><trkpt lat="42.7" lon="1.6"/></trkseg></trk>
            </gpx>
            """
        let w = try GPXReader.read(data: Data(gpx.utf8), fileName: "one.gpx").plausibilityWarnings()
        #expect(w.map(\.line) == [3, 5], "\(w)")
        #expect(w.first?.message == "track 1 \"One\" has a single trackpoint: no distance and no line to draw; imported as it is")
        #expect(w.last?.message.hasPrefix("track 2 has its 3 trackpoints all at one place") == true, "\(w)")
    }

    /// Issue 33: the fenix 2 FIT's three wrong starting heights are found (the reference:
    /// Tools/reference/stray_reference.py on gpsbabel's GPX of the file gives heights 1, 2, 3),
    /// and a file without lines says where by point and track, never "line 0".
    @Test func theFenixPlateauIsThreeSpikesNamedByPoint() throws {
        guard let data = TestPaths.sharedData() else { return }
        let r = try TrackFileReader.read(url: data.appendingPathComponent("fit/fitparse-activity-small-fenix2-run.fit"))
        #expect(r.document.tracks[0].strayFixes().elevations == [1, 2, 3])
        let w = r.plausibilityWarnings()
        #expect(w.count == 1 && w[0].line == 0, "\(w)")
        #expect(w.first?.message.hasPrefix("3 elevation spikes") == true && w.first?.message.contains("first at point 2 of track 1;") == true,
                "\(w)")
        #expect(w.first?.message.contains("line 0") == false)
        // The gain leaves the plateau out: the 87 m climb to 142.4 m and back are not in it.
        let s = StatisticsCalculator().statistics(for: r.document.tracks[0])
        #expect((s.maxElevation ?? 0) < 100 && (s.elevationGain ?? 0) < 60, "\(s)")
    }

    @Test func cleanFilesGetNoPlausibilityWarnings() throws {
        for name in ["gpxpy-Mojstrovka.gpx", "GPSTools-Oybin.gpx", "togeojson-trek.gpx"] {
            let r = try GPXReader.read(url: TestPaths.samples.appendingPathComponent(name))
            #expect(r.plausibilityWarnings().isEmpty, "\(name): \(r.plausibilityWarnings())")
        }
    }

    /// `plausibility()` gives the figures `StatisticsCalculator` gives track by track and
    /// segment by segment, and the stray fixes it warns about are `Track.strayFixes()`' (the
    /// separate computations `cairn stats` ran before issue 38).
    @Test func onePassGivesTheSameStatisticsAndStrays() throws {
        let calculator = StatisticsCalculator()
        var files = [TestPaths.fixture("stray-fixes.gpx"), TestPaths.fixture("implausible-times.gpx")]
        files += ["gpxpy-Mojstrovka.gpx", "GPSTools-Oybin.gpx", "togeojson-trek.gpx", "togeojson-multitrackgpx.gpx"].map { TestPaths.samples.appendingPathComponent($0) }
        for url in files {
            let r = try GPXReader.read(url: url)
            let checked = r.plausibility()
            #expect(checked.warnings == r.plausibilityWarnings())
            #expect(checked.trackStatistics.count == r.document.tracks.count)
            for (i, t) in r.document.tracks.enumerated() {
                #expect(checked.trackStatistics[i] == calculator.statistics(for: t), "\(url.lastPathComponent) track \(i)")
                #expect(checked.segmentStatistics[i] == calculator.segmentStatistics(for: t))
                #expect(calculator.segmentStatisticsAndStrayFixes(for: t).strayFixes == t.strayFixes())
            }
        }
        // The fixture's strays are really found through the shared path.
        let strays = calculator.segmentStatisticsAndStrayFixes(for: try readFixture("stray-fixes.gpx").document.tracks[0]).strayFixes
        #expect(strays.positions.count == 1 && strays.elevations.count == 1)
    }

    @Test func binaryDataIsNotAGPXOrXMLFile() throws {
        let e = try #require(readError("random-binary.bin"))
        #expect(e.kind == .notXML)
        #expect(e.description.contains("not a GPX/XML file"))
        #expect(!e.description.contains("Document is empty"))
        for text in ["PK\u{3}\u{4}zipzipzip", "just some words\n", "{\"json\": true}"] {
            do {
                _ = try GPXReader.read(data: Data(text.utf8), fileName: "x")
                Issue.record("\(text) read")
            } catch let e as GPXError {
                #expect(e.kind == .notXML, "\(text): \(e)")
            }
        }
        // XML that breaks after the root opened, or cannot be decoded, stays "malformed XML".
        #expect(readError("truncated.gpx")?.kind == .malformedXML)
        #expect(readError("windows-1252-bad.gpx")?.kind == .malformedXML)
    }
}

/// The stray-fix rule against an independent implementation (Tools/reference/stray_reference.py,
/// Python's own XML parser and haversine) on every sample, fixture and shared file it lists.
@Suite struct StrayFixReferenceTests {
    @Test func detectionMatchesThePythonReference() throws {
        let data = try Data(contentsOf: TestPaths.fixture("stray-reference.json"))
        struct Part: Decodable { let positions: [Int]; let elevations: [Int] }
        let reference = try JSONDecoder().decode([String: [Part]].self, from: data)
        let shared = TestPaths.sharedData()
        var checked = 0
        for (name, parts) in reference.sorted(by: { $0.key < $1.key }) {
            let candidates = [TestPaths.samples.appendingPathComponent(name), TestPaths.fixture(name)]
                + (shared.map { [$0.appendingPathComponent("gpx/" + name), $0.appendingPathComponent("gpx-unlicensed/" + name)] } ?? [])
            guard let url = candidates.first(where: { FileManager.default.fileExists(atPath: $0.path) }) else { continue }
            let tracks = try GPXReader.read(url: url).document.tracks
            #expect(tracks.count == parts.count, "\(name)")
            for (track, part) in zip(tracks, parts) {
                let found = track.strayFixes()
                #expect(found.positions == part.positions && found.elevations == part.elevations, "\(name)")
            }
            checked += 1
        }
        #expect(checked >= 3)
    }
}

import CairnTestSupport
@testable import CairnCLI
import Foundation
import HikeServices
import Testing
import TrailCore
import TrailFormats
import TrailStore
@testable import TrailMap

/// What a kept match must not do (issue 16, the tester's findings): invent speed or pauses
/// (path vertices between matched points carry interpolated times), say "matched 0.0 %" of a
/// hike with no map under it, or store a version equal to the line already shown.
@Suite struct MatchHonestyTests {
    /// Great-circle distance on a sphere of the mean Earth radius 6,371,008.8 m (haversine),
    /// computed here independently of TrailCore's geodesy.
    static func haversine(_ a: Trackpoint, _ b: Trackpoint) -> Double {
        let r = 6_371_008.8, rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad, dLon = (b.longitude - a.longitude) * rad
        let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * r * asin(min(1, h.squareRoot()))
    }

    @Test func keptMatchKeepsTheRecordingsSpeedsAndMovingTime() throws {
        guard let mapPath = GroundSharesTests.eastMap else { return }
        let gpx = TestSupport.repoRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/data/gpx-unlicensed/adrutas-180429_b.gpx").path
        guard FileManager.default.fileExists(atPath: gpx) else {
            print("skipped: adrutas-180429_b.gpx not found")
            return
        }
        let dir = TestSupport.tempDirectory()
        let s = GroundSharesTests()
        #expect(s.run(["import", gpx, "--store", "h.sqlite"], dir: dir).code == 0)
        let id = try #require(try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
            .summaries(sortedBy: .name, reversed: false).first?.id)
        let before = try HikeStore(path: dir.appendingPathComponent("h.sqlite").path).summary(id).statistics
        let r = s.run(["match", id.rawValue, "--keep", "matched", "--store", "h.sqlite", "--map", mapPath], dir: dir)
        #expect(r.code == 0, "\(r.err)")
        let store = try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
        #expect(try store.keptLineVersion(of: id) == 1)
        let kept = try store.summary(id).statistics
        let line = try store.tracks(of: id).flatMap(\.segments).flatMap(\.points)
        let recorded = try store.tracks(of: id, line: .raw).flatMap(\.segments).flatMap(\.points)
        #expect(line.count > recorded.count, "the kept line has the ways' vertices")
        // Independent bound: a speed over a window is a sum of pair distances over a sum of pair
        // durations, so no honest max speed exceeds the fastest pair of recorded points.
        var fastestPair = 0.0
        for (a, b) in zip(recorded.dropLast(), recorded.dropFirst()) {
            guard let ta = a.time, let tb = b.time, tb > ta else { continue }
            fastestPair = max(fastestPair, Self.haversine(a, b) / tb.timeIntervalSince(ta))
        }
        let maxSpeed = try #require(kept.maxSpeed)
        #expect(maxSpeed <= fastestPair + 1e-9, "kept max \(maxSpeed * 3.6) km/h vs fastest recorded pair \(fastestPair * 3.6) km/h")
        #expect(abs(maxSpeed - (before.maxSpeed ?? -1)) < 1e-9, "kept \(maxSpeed * 3.6) km/h, recorded \((before.maxSpeed ?? 0) * 3.6) km/h")
        let moving = try #require(kept.movingTime)
        #expect(abs(moving - (before.movingTime ?? -1)) < 1e-6, "moving \(moving) s kept vs \(before.movingTime ?? 0) s recorded")
        // Elapsed time: last recorded time minus the first (the recording has no time break).
        let times = recorded.compactMap(\.time)
        let span = try #require(times.max()).timeIntervalSince(try #require(times.min()))
        #expect(abs((kept.elapsedTime ?? -1) - span) < 1e-6 && moving <= span)
        // The distance is the kept line's (shorter than the zig-zag of the recording).
        let lineLength = zip(line.dropLast(), line.dropFirst()).reduce(0) { $0 + Self.haversine($1.0, $1.1) }
        #expect(abs(kept.distance - lineLength) / lineLength < 0.005, "\(kept.distance) m vs haversine \(lineLength) m")
        #expect(kept.distance < before.distance)
        // And the bug this guards against: the same line measured with its interpolated times.
        let naive = StatisticsCalculator().statistics(for: try store.tracks(of: id))
        print("adrutas-180429_b kept: max \(maxSpeed * 3.6) km/h, moving \(moving) s; measured on the line's own times: max "
              + "\((naive.maxSpeed ?? 0) * 3.6) km/h, moving \(naive.movingTime ?? 0) s; fastest pair \(fastestPair * 3.6) km/h")
    }

    static let offMapGPX = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Oslo walk</name><trkseg>
        <trkpt lat="59.9100" lon="10.7400"><time>2024-05-01T10:00:00Z</time></trkpt>
        <trkpt lat="59.9105" lon="10.7410"><time>2024-05-01T10:01:00Z</time></trkpt>
        <trkpt lat="59.9110" lon="10.7420"><time>2024-05-01T10:02:00Z</time></trkpt>
        <trkpt lat="59.9115" lon="10.7430"><time>2024-05-01T10:03:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    @Test func matchOffTheMapSaysSoAndStoresNothing() throws {
        let dir = TestSupport.tempDirectory()
        let gpx = dir.appendingPathComponent("oslo.gpx")
        try Self.offMapGPX.write(to: gpx, atomically: true, encoding: .utf8)
        let s = GroundSharesTests()
        #expect(s.run(["import", gpx.path, "--store", "h.sqlite"], dir: dir).code == 0)
        let id = try #require(try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
            .summaries(sortedBy: .name, reversed: false).first?.id)
        let list = s.run(["match", id.rawValue, "--store", "h.sqlite", "--map", RoutingFixtures.samplePath], dir: dir)
        #expect(list.code == 1)
        #expect(list.err.contains("no map data under hike \(id)") && list.err.contains("cairn map import"), "\(list.err)")
        #expect(list.err.contains("59.9100,10.7400 to 59.9115,10.7430"), "\(list.err)")
        #expect(!list.out.contains("0.0 %"))
        let keep = s.run(["match", id.rawValue, "--keep", "matched", "--store", "h.sqlite", "--map", RoutingFixtures.samplePath], dir: dir)
        #expect(keep.code == 1 && keep.err.contains("no map data under"))
        let store = try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
        #expect(try store.lineVersions(of: id).isEmpty)
    }

    @Test func keepingTheSameMatchTwiceStoresOneVersion() throws {
        let dir = TestSupport.tempDirectory()
        let gpx = TestSupport.repoRoot.appendingPathComponent("Samples/graphhopper-andorra_for_map_matching.gpx").path
        let s = GroundSharesTests()
        #expect(s.run(["import", gpx, "--store", "h.sqlite"], dir: dir).code == 0)
        let id = try #require(try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
            .summaries(sortedBy: .name, reversed: false).first?.id)
        let args = ["match", id.rawValue, "--keep", "matched", "--store", "h.sqlite", "--map", RoutingFixtures.samplePath]
        let first = s.run(args, dir: dir)
        #expect(first.code == 0 && first.out.contains("kept as version 1"), "\(first.out)\(first.err)")
        let second = s.run(args, dir: dir)
        #expect(second.code == 0 && second.out.contains("nothing changed"), "\(second.out)\(second.err)")
        let store = try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
        #expect(try store.lineVersions(of: id).map(\.version) == [1])
        #expect(try store.keptLineVersion(of: id) == 1)
    }
}

/// Keeping a line equal to one already stored, from the shell: `--keep raw` and `--keep
/// matched` in turn reuse the stored version instead of storing a copy, and `--keep raw` on a
/// hike that shows its recording says "nothing changed" (DECISIONS 430).
@Suite struct MatchKeepReuseTests {
    @Test func rawThenMatchedAgainKeepsTheStoredVersionAndRawTwiceChangesNothing() throws {
        let dir = TestSupport.tempDirectory()
        let gpx = TestSupport.repoRoot.appendingPathComponent("Samples/graphhopper-andorra_for_map_matching.gpx").path
        let s = GroundSharesTests()
        #expect(s.run(["import", gpx, "--store", "h.sqlite"], dir: dir).code == 0)
        let path = dir.appendingPathComponent("h.sqlite").path
        let id = try #require(try HikeStore(path: path).summaries(sortedBy: .name, reversed: false).first?.id)
        let recordedLength = try HikeStore(path: path).summary(id).statistics.distance
        let base = ["match", id.rawValue, "--store", "h.sqlite", "--map", RoutingFixtures.samplePath]
        // Already raw: nothing changed, nothing stored.
        let rawFirst = s.run(base + ["--keep", "raw"], dir: dir)
        #expect(rawFirst.code == 0 && rawFirst.out.contains("nothing changed"), "\(rawFirst.out)\(rawFirst.err)")
        #expect(try HikeStore(path: path).lineVersions(of: id).isEmpty)
        let first = s.run(base + ["--keep", "matched"], dir: dir)
        #expect(first.code == 0 && first.out.contains("kept as version 1"), "\(first.out)\(first.err)")
        let matchedLength = try HikeStore(path: path).summary(id).statistics.distance
        #expect(matchedLength != recordedLength)
        let raw = s.run(base + ["--keep", "raw"], dir: dir)
        #expect(raw.code == 0 && raw.out.contains("the raw line is kept") && !raw.out.contains("nothing changed"), "\(raw.out)")
        #expect(try HikeStore(path: path).summary(id).statistics.distance == recordedLength)
        let rawAgain = s.run(base + ["--keep", "raw"], dir: dir)
        #expect(rawAgain.code == 0 && rawAgain.out.contains("nothing changed"), "\(rawAgain.out)\(rawAgain.err)")
        // Matched again: version 1 is shown again, no version 2.
        let again = s.run(base + ["--keep", "matched"], dir: dir)
        #expect(again.code == 0 && again.out.contains("version 1 is this same line") && again.out.contains("nothing new stored"),
                "\(again.out)\(again.err)")
        let store = try HikeStore(path: path)
        #expect(try store.lineVersions(of: id).map(\.version) == [1])
        #expect(try store.keptLineVersion(of: id) == 1)
        #expect(try store.summary(id).statistics.distance == matchedLength)
        let third = s.run(base + ["--keep", "matched"], dir: dir)
        #expect(third.code == 0 && third.out.contains("nothing changed"), "\(third.out)")
        // Another way is a per-section choice: --keep alternative says where to make it and
        // changes nothing.
        let alternative = s.run(base + ["--keep", "alternative"], dir: dir)
        #expect(alternative.code == 2 && alternative.err.contains("chosen section by section in the review"), "\(alternative.err)")
        #expect(try HikeStore(path: path).lineVersions(of: id).map(\.version) == [1])
        #expect(try HikeStore(path: path).keptLineVersion(of: id) == 1)
    }
}

/// Reopening the review over a saved line finds the choices it was saved with (DECISIONS 431,
/// 434), on the four real Andorra recordings over the east clip, through the store as the
/// review reads it back: every section raw, every other way, a seeded mix of all three.
@Suite struct SavedChoicesTests {
    @Test func theChoicesOfEachStoredLineAreFoundAgain() throws {
        guard let mapPath = GroundSharesTests.eastMap else { return }
        let data = TestSupport.repoRoot.deletingLastPathComponent().appendingPathComponent("shared/data/gpx-unlicensed")
        let names = ["adrutas-180429_a2", "adrutas-180429_b", "adrutas-180430_a", "adrutas-180430_b"]
        let files = names.map { data.appendingPathComponent("\($0).gpx").path }
        guard files.allSatisfy({ FileManager.default.fileExists(atPath: $0) }) else {
            print("skipped: the Andorra recordings are missing"); return
        }
        let dir = TestSupport.tempDirectory()
        let s = GroundSharesTests()
        #expect(s.run(["import"] + files + ["--store", "h.sqlite"], dir: dir).code == 0)
        let store = try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
        let map = try MapStore(path: mapPath, readOnly: true)
        var seed: UInt64 = 7
        func random(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(seed >> 33) % n
        }
        var checked = 0
        for summary in try store.summaries(sortedBy: .name, reversed: false) {
            let id = summary.id
            let recorded = try store.tracks(of: id, line: .raw).flatMap(\.segments).map(\.points)
            let match = try #require(try HikeMatching.match(segments: recorded.map { $0.map(\.coordinate) }, map: map))
            let reviewed = match.sections.indices.filter { match.sections[$0].kind != .unmatched }
            #expect(reviewed.count >= 3, "\(summary.name): \(reviewed.count) sections")
            let options = { (i: Int) in SectionChoice.allCases.filter { $0 != .alternative || match.sections[i].alternative != nil } }
            var trials: [[SectionChoice]] = [[SectionChoice](repeating: .raw, count: match.sections.count),
                                             match.sections.indices.map { options($0).last! }]
            trials.append(match.sections.indices.map { i in options(i)[random(options(i).count)] })
            for choices in trials {
                let line = match.keptLine(recorded: recorded, choices: choices)
                guard case .stored = try store.keepLine(line, origin: "mixed", of: id) else { continue }
                // As the review reads it: the stored line, decoded.
                let kept = try store.tracks(of: id).flatMap(\.segments).map(\.points)
                let found = try #require(match.choices(giving: kept, recorded: recorded), "\(summary.name): \(choices)")
                #expect(match.keptLine(recorded: recorded, choices: found) == kept)
                // Each reviewed section as chosen, unless that choice puts the same points there.
                for i in reviewed where found[i] != choices[i] {
                    var other = found
                    other[i] = choices[i]
                    #expect(match.keptLine(recorded: recorded, choices: other) == kept, "\(summary.name) section \(i)")
                }
                checked += 1
            }
            // A line from another match is no line of this one.
            var moved = match.keptLine(recorded: recorded, choices: [])
            moved[0][moved[0].count / 2].latitude += 1e-5
            #expect(match.choices(giving: moved, recorded: recorded) == nil)
        }
        #expect(checked >= 8, "\(checked) stored lines checked")
    }
}

/// `cairn match` names a stretch with no walkable way near as the review screen does: "no path",
/// kept as recorded (DECISIONS 482), never "unmatched … stays raw".
@Suite struct MatchTextWordingTests {
    @Test func aNoPathSectionReadsAsTheReviewSaysIt() throws {
        let a = Coordinate(latitude: 42.5, longitude: 1.5), b = Coordinate(latitude: 42.501, longitude: 1.5)
        let length = TrackMatch.length(of: [a, b][...])
        let noPath = TrackMatch.Section(kind: .unmatched, points: 3...9, piece: 1, matched: [], raw: [a, b], rawLength: length,
                                        matchedLength: 0, maxOffset: 0)
        let moved = TrackMatch.Section(kind: .moved, points: 10...14, piece: 2, matched: [a, b], raw: [a, b], rawLength: 100,
                                       matchedLength: 120, maxOffset: 25)
        let match = TrackMatch(pieces: [], sections: [noPath, moved], pointCount: 20)
        let text = MatchCommand.text(try #require(HikeID("0o1il0")), match, rawLength: 500, UnitFormatter(system: .metric))
        let rows = text.split(separator: "\n").map(String.init)
        let first = try #require(rows.first { $0.hasPrefix("1 ") || $0.hasPrefix(" 1 ") }, "\(text)")
        #expect(first.contains("no path") && first.contains("stays recorded"), "\(first)")
        #expect(!text.contains("unmatched") && !text.contains("stays raw"), "\(text)")
        let second = try #require(rows.first { $0.hasPrefix("2 ") || $0.hasPrefix(" 2 ") }, "\(text)")
        #expect(second.contains("moved") && second.contains("+20 m"), "\(second)")
    }
}

/// A stretch outside every imported extract is "off map", one inside with no walkable way near
/// is "no path" (DECISIONS 506): the Samples track, then 8 points inside the Samples map's
/// bounds (42.57-42.66 N, 1.48-1.59 E) where no way is mapped, then 8 points east of 1.59 E.
@Suite struct MatchOffMapTests {
    static func gpx() throws -> String {
        let sample = try String(contentsOf: TestSupport.repoRoot.appendingPathComponent("Samples/graphhopper-andorra_for_map_matching.gpx"),
                                encoding: .utf8)
        let regex = try NSRegularExpression(pattern: #"lat="([^"]*)" lon="([^"]*)""#)
        var points: [(Double, Double)] = []
        for m in regex.matches(in: sample, range: NSRange(sample.startIndex..., in: sample)) {
            let lat = Double(sample[Range(m.range(at: 1), in: sample)!])!, lon = Double(sample[Range(m.range(at: 2), in: sample)!])!
            points.append((lat, lon))
        }
        for k in 0..<8 {
            let step = Double(k)
            points.append((42.6050 + step * 0.0004, 1.5000 + step * 0.0004))
        }
        for k in 0..<8 {
            let step = Double(k)
            points.append((42.6218, 1.6000 + step * 0.0008))
        }
        var trkpts: [String] = []
        for (i, p) in points.enumerated() {
            let minute = i * 20 / 60, second = i * 20 % 60
            trkpts.append(String(format: #"<trkpt lat="%.6f" lon="%.6f"><time>2024-05-01T10:%02d:%02dZ</time></trkpt>"#,
                                 p.0, p.1, minute, second))
        }
        return #"<?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>mixed</name><trkseg>"#
            + trkpts.joined() + "</trkseg></trk></gpx>"
    }

    @Test func aStretchBeyondTheExtractIsOffTheMapNotNoPath() throws {
        let dir = TestSupport.tempDirectory()
        let file = dir.appendingPathComponent("mixed.gpx")
        try Self.gpx().write(to: file, atomically: true, encoding: .utf8)
        let s = GroundSharesTests()
        #expect(s.run(["import", file.path, "--store", "h.sqlite"], dir: dir).code == 0)
        let id = try #require(try HikeStore(path: dir.appendingPathComponent("h.sqlite").path)
            .summaries(sortedBy: .name, reversed: false).first?.id)
        let args = ["match", id.rawValue, "--store", "h.sqlite", "--map", RoutingFixtures.samplePath]
        let json = s.run(args + ["--json"], dir: dir)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let sections = try #require(root["sections"] as? [[String: Any]])
        let unmatched = sections.filter { $0["kind"] as? String == "unmatched" }
        // Points 21-28 are inside the bounds, 29-36 outside (0-based, flattened).
        func covering(_ point: Int) -> [String: Any]? {
            unmatched.first { s in
                let first = s["firstPoint"] as? Int ?? -1, last = s["lastPoint"] as? Int ?? -1
                return first <= point && point <= last
            }
        }
        let offMap = try #require(covering(33), "\(sections)")
        let noPath = try #require(covering(24), "\(sections)")
        #expect(offMap["outsideMap"] as? Bool == true && noPath["outsideMap"] as? Bool == false, "\(unmatched)")
        let text = s.run(args, dir: dir).out
        #expect(text.contains("off map") && text.contains("no path") && text.contains("off the map (no extract imported there)"), "\(text)")
    }
}

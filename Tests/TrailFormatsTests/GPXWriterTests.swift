import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Every GPX this suite can find: the shipped samples, the shared real files (when present)
/// and the reader fixtures that read.
func roundTripSources() -> [URL] {
    var urls: [URL] = []
    let fm = FileManager.default
    let samples = (try? fm.contentsOfDirectory(atPath: TestPaths.samples.path)) ?? []
    urls += samples.filter { $0.hasSuffix(".gpx") }.sorted().map { TestPaths.samples.appendingPathComponent($0) }
    let data = TestPaths.repository.deletingLastPathComponent().appendingPathComponent("shared/data")
    for folder in ["gpx", "gpx-unlicensed"] {
        let dir = data.appendingPathComponent(folder)
        let names = (try? fm.contentsOfDirectory(atPath: dir.path)) ?? []
        urls += names.filter { $0.hasSuffix(".gpx") }.sorted().map { dir.appendingPathComponent($0) }
    }
    urls += ["bom.gpx", "latin1.gpx", "times.gpx", "elevations.gpx", "out-of-range.gpx", "gpx10-metadata.gpx",
             "gpx11-metadata.gpx", "extensions.gpx", "no-namespace.gpx", "segments.gpx", "concatenated.gpx"]
        .map(TestPaths.fixture)
    return urls
}

@Suite struct GPXWriterTests {
    /// The two differences GPX 1.1 forces (documented in ``GPXWriter``): the version is "1.1",
    /// and longitude 180 is written as -180 (the schema's range is -180 ≤ lon < 180).
    func asGPX11(_ d: GPXDocument) -> GPXDocument {
        func fix(_ p: Trackpoint) -> Trackpoint {
            var p = p
            if p.longitude == 180 { p.longitude = -180 }
            return p
        }
        var d = d
        d.version = "1.1"
        d.waypoints = d.waypoints.map { var w = $0; if w.longitude == 180 { w.longitude = -180 }; return w }
        d.routes = d.routes.map { var r = $0; r.points = r.points.map(fix); return r }
        d.tracks = d.tracks.map { t in
            var t = t
            t.segments = t.segments.map { TrackSegment(points: $0.points.map(fix)) }
            return t
        }
        return d
    }

    /// Read → write → read gives an equal document, up to ``asGPX11(_:)``.
    @Test func roundTripGivesAnEqualDocument() throws {
        let sources = roundTripSources()
        #expect(sources.count >= 17)  // samples + fixtures at least
        for url in sources {
            let original = try GPXReader.read(url: url).document
            let written = try GPXWriter(precision: .exact).data(for: original)
            let again = try GPXReader.read(data: written, fileName: url.lastPathComponent)
            #expect(again.document == asGPX11(original), "\(url.lastPathComponent)")
            #expect(again.warnings.isEmpty, "\(url.lastPathComponent): \(again.warnings)")
        }
    }

    /// What the writer produces validates against the GPX 1.1 schema (xmllint, libxml2-utils).
    @Test func outputValidatesAgainstTheGPX11Schema() throws {
        guard let data = TestPaths.sharedData() else { return }
        let xsd = data.appendingPathComponent("schema/gpx-1.1.xsd").path
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var files: [String] = []
        for (i, url) in roundTripSources().enumerated() {
            let doc = try GPXReader.read(url: url).document
            let out = dir.appendingPathComponent("\(i)-\(url.lastPathComponent)")
            try GPXWriter().write(doc, to: out)
            files.append(out.path)
        }
        files.append(dir.appendingPathComponent("nasty.gpx").path)
        try GPXWriter().write(nastyDocument(), to: URL(fileURLWithPath: files.last!))
        let result = try run("/usr/bin/xmllint", ["--noout", "--schema", xsd] + files)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.components(separatedBy: " validates").count - 1 == files.count, "\(result.output)")
    }

    /// A document with every field set and awkward text: quotes, markup characters, CR, tab,
    /// control characters, U+FFFE, emoji, and numbers that Swift prints in exponent form.
    func nastyDocument() -> GPXDocument {
        let extras = TrackpointExtras(hdop: 0.7, vdop: 1.1, pdop: 1.3, satellites: 9, fix: "dgps",
                                      heartRate: 150, cadence: 80, airTemperature: -2.5, waterTemperature: 4)
        let points = [
            Trackpoint(latitude: 0.00001, longitude: -0.000001, elevation: 1e-5,
                       time: Date(timeIntervalSince1970: 1_622_534_400.5), extras: extras),
            Trackpoint(latitude: -89.999999999, longitude: 179.99999999, elevation: 1e16,
                       time: Date(timeIntervalSince1970: 1_622_534_400.123456)),
            Trackpoint(latitude: 45, longitude: -180, elevation: -0.0),
        ]
        return GPXDocument(
            creator: "Tom & Jerry's \"GPS\"\t<v2>\r\n",
            metadata: GPXMetadata(
                name: "A & B < C > D \"q\" 'a' ]]>", description: "line\r\nbreak\ttab\u{1}\u{8}\u{B}\u{FFFE}end ⛰️",
                author: Person(name: "Ana", email: "ana+gpx@example.org", link: Link(href: "https://e.org/?a=1&b=2")),
                copyright: Copyright(author: "OSM & co", year: 2020, license: "https://osm.org/copyright"),
                links: [Link(href: "https://e.org/x y", text: "x", type: "text/html")],
                time: Date(timeIntervalSince1970: 0), keywords: "k",
                bounds: BoundingBox(minLatitude: -1, minLongitude: -2, maxLatitude: 3, maxLongitude: 4)),
            waypoints: [Waypoint(latitude: 42.6, longitude: 1.5, elevation: 2900, time: Date(timeIntervalSince1970: 60),
                                 name: "Pic", comment: "c", description: "d", source: "s",
                                 links: [Link(href: "h")], symbol: "Summit", type: "peak")],
            routes: [Route(name: "R", comment: "c", description: "d", source: "s", links: [Link(href: "r")],
                           number: 1, type: "hiking", points: points)],
            tracks: [Track(name: "T", comment: "c", description: "d", source: "s", links: [Link(href: "t")],
                           number: 2, type: "hiking", segments: [TrackSegment(points: points), TrackSegment()])])
    }

    @Test func textIsEscapedAndOnlyForbiddenCharactersAreDropped() throws {
        let doc = nastyDocument()
        let back = try GPXReader.read(data: try GPXWriter(precision: .exact).data(for: doc), fileName: "nasty.gpx").document
        #expect(back.creator == "Tom & Jerry's \"GPS\"\t<v2>\r\n")  // attribute: tab, CR, LF kept
        #expect(back.metadata.name == "A & B < C > D \"q\" 'a' ]]>")
        #expect(back.metadata.description == "line\r\nbreak\ttabend ⛰️")  // \u{1} \u{8} \u{B} \u{FFFE} removed
        #expect(back.metadata.author == doc.metadata.author)
        #expect(back.metadata.links == doc.metadata.links)
        #expect(back.metadata.copyright == doc.metadata.copyright)
        #expect(back.waypoints == doc.waypoints)
        // The writer writes the 1e16 m elevation exactly; the reader then drops it as implausible
        // (PlausibleElevation, DECISIONS.md 680): everything else comes back as written.
        var expected = doc
        for r in expected.routes.indices {
            for p in expected.routes[r].points.indices where expected.routes[r].points[p].elevation == 1e16 {
                expected.routes[r].points[p].elevation = nil
            }
        }
        for t in expected.tracks.indices {
            for g in expected.tracks[t].segments.indices {
                for p in expected.tracks[t].segments[g].points.indices where expected.tracks[t].segments[g].points[p].elevation == 1e16 {
                    expected.tracks[t].segments[g].points[p].elevation = nil
                }
            }
        }
        #expect(back.routes == expected.routes)
        #expect(back.tracks == expected.tracks)
    }

    /// The exact text for a small document, in the schema's element order (gpx.xsd:
    /// metadata, wpt, rte, trk; wptType: ele, time, name…, fix, sat, hdop, vdop, pdop,
    /// extensions; TrackPointExtension v1: atemp, wtemp, depth, hr, cad).
    @Test func exactOutputForASmallDocument() throws {
        let doc = GPXDocument(
            creator: "me", metadata: GPXMetadata(name: "N", time: Date(timeIntervalSince1970: 0)),
            waypoints: [Waypoint(latitude: 1.5, longitude: 180, name: "W")],
            tracks: [Track(name: "T", segments: [TrackSegment(points: [
                Trackpoint(latitude: 0.00001, longitude: -2, elevation: 1298,
                           time: Date(timeIntervalSince1970: 1_622_534_400.5),
                           extras: TrackpointExtras(satellites: 7, fix: "3d", heartRate: 142, airTemperature: 21.5)),
            ])])])
        let expected = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="me" xmlns="http://www.topografix.com/GPX/1/1" \
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1">
              <metadata>
                <name>N</name>
                <time>1970-01-01T00:00:00Z</time>
              </metadata>
              <wpt lat="1.5" lon="-180">
                <name>W</name>
              </wpt>
              <trk>
                <name>T</name>
                <trkseg>
                  <trkpt lat="0.00001" lon="-2">
                    <ele>1298</ele>
                    <time>2021-06-01T08:00:00.500Z</time>
                    <fix>3d</fix>
                    <sat>7</sat>
                    <extensions>
                      <gpxtpx:TrackPointExtension>
                        <gpxtpx:atemp>21.5</gpxtpx:atemp>
                        <gpxtpx:hr>142</gpxtpx:hr>
                      </gpxtpx:TrackPointExtension>
                    </extensions>
                  </trkpt>
                </trkseg>
              </trk>
            </gpx>

            """
        #expect(try GPXWriter().string(for: doc) == expected)
    }

    /// Issue 34: exports write what the data supports, 7 decimals of degrees (≈ 1 cm) and 1 of
    /// metres, not 17 digits and 142.39999999999998 (the FIT scale's binary error).
    @Test func measuredPrecisionRoundsDegreesAndMetres() throws {
        let doc = GPXDocument(metadata: GPXMetadata(bounds: BoundingBox(minLatitude: 42.123456789, minLongitude: 1.00000004,
                                                                        maxLatitude: 42.5, maxLongitude: 179.99999999)),
                              waypoints: [Waypoint(latitude: 42.5, longitude: 179.99999996, elevation: 0.04)],
                              tracks: [Track(segments: [TrackSegment(points: [
            Trackpoint(latitude: 58.95918281748891, longitude: 5.728839039802551, elevation: 142.39999999999998),
            Trackpoint(latitude: -0.00000004, longitude: -1.23456785, elevation: -0.25),
        ])])])
        let text = try GPXWriter().string(for: doc)
        #expect(text.contains("<trkpt lat=\"58.9591828\" lon=\"5.728839\">") && text.contains("<ele>142.4</ele>"), "\(text)")
        // Half-way values round away from zero in decimal; -0.00000004 rounds to 0.
        #expect(text.contains("<trkpt lat=\"0\" lon=\"-1.2345679\">") || text.contains("<trkpt lat=\"0\" lon=\"-1.2345678\">"), "\(text)")
        #expect(text.contains("<ele>-0.3</ele>") || text.contains("<ele>-0.2</ele>"), "\(text)")
        // A longitude that rounds to 180 is written as -180 (the schema's range is -180 ≤ lon < 180).
        #expect(text.contains("<wpt lat=\"42.5\" lon=\"-180\">") && text.contains("<ele>0</ele>"), "\(text)")
        #expect(text.contains("<bounds minlat=\"42.1234568\" minlon=\"1\" maxlat=\"42.5\" maxlon=\"-180\"/>"), "\(text)")
        #expect(!text.contains("99999"))
        // Exact keeps every digit.
        let exact = try GPXWriter(precision: .exact).string(for: doc)
        #expect(exact.contains("lat=\"58.95918281748891\" lon=\"5.728839039802551\"") && exact.contains("<ele>142.39999999999998</ele>"))
    }

    @Test func speedAndCourseSwitchToTrackPointExtensionV2() throws {
        let doc = GPXDocument(tracks: [Track(segments: [TrackSegment(points: [
            Trackpoint(latitude: 1, longitude: 1, extras: TrackpointExtras(speed: 1.25, course: 90, heartRate: 100)),
        ])])])
        let text = try GPXWriter().string(for: doc)
        #expect(text.contains("xmlns:gpxtpx=\"http://www.garmin.com/xmlschemas/TrackPointExtension/v2\""))
        #expect(text.contains("<gpxtpx:hr>100</gpxtpx:hr>\n            <gpxtpx:speed>1.25</gpxtpx:speed>\n"
                              + "            <gpxtpx:course>90</gpxtpx:course>"))
        #expect(text.contains("creator=\"Cairn\""))
        let noSensors = try GPXWriter().string(for: GPXDocument(waypoints: [Waypoint(latitude: 1, longitude: 2)]))
        #expect(!noSensors.contains("xmlns:gpxtpx"))
    }

    @Test func invalidPositionThrowsAndLeavesNoFile() throws {
        let doc = GPXDocument(tracks: [Track(segments: [TrackSegment(points: [
            Trackpoint(latitude: 1, longitude: 1), Trackpoint(latitude: 91, longitude: 1),
        ])])])
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let url = dir.appendingPathComponent("out.gpx")
        #expect(throws: GPXWriteError.invalidCoordinate(latitude: 91, longitude: 1,
                                                        location: "track 1 segment 1 point 2")) {
            try GPXWriter().write(doc, to: url)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }

    @Test func largeDocumentsAreWrittenInChunks() throws {
        let points = (0..<20_000).map { i in
            Trackpoint(latitude: 45 + Double(i) * 1e-5, longitude: 7, elevation: 1000 + Double(i % 100),
                       time: Date(timeIntervalSince1970: 1_600_000_000 + Double(i)))
        }
        let doc = GPXDocument(tracks: [Track(segments: [TrackSegment(points: points)])])
        var chunks: [Int] = []
        var bytes = Data()
        try GPXWriter(precision: .exact).write(doc) { chunk in
            chunks.append(chunk.count)
            bytes.append(contentsOf: chunk)
        }
        #expect(chunks.count > 10)
        #expect(chunks.allSatisfy { $0 < 70_000 })
        #expect(try GPXReader.read(data: bytes, fileName: "big.gpx").document.allTrackpoints == points)
    }
}

import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Issue 33: FIT, TCX, KML/KMZ and GeoJSON read by content through ``TrackFileReader``, and the
/// cut-off GPX kept up to its fault. Expected counts and distances come from independent tools:
/// Fixtures/formats/formats-reference.json, made by make-reference.py next to it (python-fitparse
/// 1.2.0, python-tcxparser, togeojson's .geojson, GeographicLib geodesics).
@Suite struct TrackFileReaderTests {
    struct Reference: Decodable {
        struct Line: Decodable { let points: Int; let distance: Double; let name: String? }
        struct FIT: Decodable { let fileType: String?; let points: Int; let distance: Double; let error: String? }
        struct TCX: Decodable { let points: Int; let distance: Double; let activityType: String }
        struct KML: Decodable { let lines: [Line]; let waypoints: Int }
        struct Cut: Decodable { let bytes: Int; let points: Int; let distance: Double; let lastLine: Int }
        let fit: [String: FIT]
        let tcx: [String: TCX]
        let kml: [String: KML]
        let gpxCut: [String: Cut]
    }

    static let reference: Reference = {
        let url = TestPaths.fixture("formats/formats-reference.json")
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    /// The geodesic length of all points of `track` taken as one line (as the references do).
    func length(_ points: [Trackpoint]) -> Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.coordinate.distance(to: $1.1.coordinate) }
    }

    func expectClose(_ value: Double, _ reference: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let tolerance = max(reference * 0.001, 0.01)
        #expect(abs(value - reference) <= tolerance, "\(what): \(value) m vs reference \(reference) m",
                sourceLocation: sourceLocation)
    }

    @Test func everyFITActivityAgreesWithFitparse() throws {
        guard let data = TestPaths.sharedData() else { return }
        for (name, ref) in Self.reference.fit where ref.fileType == "activity" && ref.points > 0 {
            let result = try TrackFileReader.read(url: data.appendingPathComponent("fit/" + name))
            #expect(result.document.tracks.count == 1, "\(name)")
            let points = result.document.tracks.flatMap { $0.segments.flatMap(\.points) }
            #expect(points.count == ref.points, "\(name): \(points.count) points vs fitparse \(ref.points)")
            expectClose(length(points), ref.distance, name)
            // The import path's own figure (statistics of the hike), within the same 0.1 %.
            let stats = StatisticsCalculator().statistics(for: result.document.tracks[0])
            expectClose(stats.distance, ref.distance, name + " (statistics)")
            if ref.error == nil {
                #expect(result.warnings.isEmpty, "\(name): \(result.warnings)")
            }
        }
    }

    @Test func fitRecordValuesMatchFitparseCSV() throws {
        guard let data = TestPaths.sharedData() else { return }
        // fitparse's own expected records (first data row of the CSV): 2011-09-25 06:00:22 PDT,
        // hr 161, cadence 71, speed 5.888 m/s, lat/lon 521521093/-946874053 semicircles, 75.2 m, 21 °C.
        let result = try TrackFileReader.read(url: data.appendingPathComponent("fit/fitparse-garmin-edge-500-activity.fit"))
        let p = try #require(result.document.tracks.first?.segments.first?.points.first)
        #expect(abs(p.latitude - 521_521_093 * 180 / 2_147_483_648) < 1e-12)
        #expect(abs(p.longitude - -946_874_053 * 180 / 2_147_483_648) < 1e-12)
        #expect(abs((p.elevation ?? 0) - 75.2) < 1e-9)
        #expect(p.time == ISO8601Timestamp.parse("2011-09-25T13:00:22Z"))
        #expect(p.extras?.heartRate == 161)
        #expect(p.extras?.cadence == 71)
        #expect(abs((p.extras?.speed ?? 0) - 5.888) < 1e-9)
        #expect(p.extras?.airTemperature == 21)
        #expect(result.document.creator?.hasPrefix("Garmin") == true)
        #expect(result.document.tracks[0].type == "cycling")
    }

    @Test func cutOffFITKeepsCompleteRecordsWithAWarning() throws {
        guard let data = TestPaths.sharedData() else { return }
        let name = "fitparse-activity-unexpected-eof.fit"
        let ref = try #require(Self.reference.fit[name])
        let url = data.appendingPathComponent("fit/" + name)
        let result = try TrackFileReader.read(url: url)
        #expect(result.document.tracks.first?.pointCount == ref.points)
        let warning = try #require(result.warnings.last)
        #expect(warning.message.contains("record 32, byte 751: the record is cut off"), "\(warning)")
        #expect(warning.message.contains("the \(ref.points) complete points before it were kept"))
        #expect(throws: TrackFileError.self) { try TrackFileReader.read(url: url, options: .strict) }
    }

    @Test func nonActivityFITIsRefusedNamingWhatItIs() throws {
        guard let data = TestPaths.sharedData() else { return }
        #expect(Self.reference.fit["fitparse-MonitoringFile.fit"]?.fileType == "monitoring_b")
        do {
            _ = try TrackFileReader.read(url: data.appendingPathComponent("fit/fitparse-MonitoringFile.fit"))
            Issue.record("the monitoring file read")
        } catch let e as TrackFileError {
            #expect(e.kind == .notActivity)
            #expect(e.description.contains("monitoring file (type 32, monitoring_b"), "\(e)")
            #expect(!e.description.contains("\n"))
        }
        // An activity without any position (fitparse: 0 positioned records).
        #expect(Self.reference.fit["fitparse-compressed-speed-distance.fit"]?.points == 0)
        #expect(throws: TrackFileError.self) {
            try TrackFileReader.read(url: data.appendingPathComponent("fit/fitparse-compressed-speed-distance.fit"))
        }
    }

    @Test func everyTCXAgreesWithTCXParser() throws {
        guard let data = TestPaths.sharedData() else { return }
        for (name, ref) in Self.reference.tcx {
            let result = try TrackFileReader.read(url: data.appendingPathComponent("tcx/" + name))
            let points = result.document.tracks.flatMap { $0.segments.flatMap(\.points) }
            #expect(points.count == ref.points, "\(name): \(points.count) vs tcxparser \(ref.points)")
            expectClose(length(points), ref.distance, name)
            #expect(result.document.tracks.first?.type == ref.activityType, "\(name)")
        }
    }

    @Test func everyKMLAgreesWithTogeojson() throws {
        guard let data = TestPaths.sharedData() else { return }
        for (name, ref) in Self.reference.kml {
            let result = try TrackFileReader.read(url: data.appendingPathComponent("kml/" + name))
            let tracks = result.document.tracks
            #expect(tracks.count == ref.lines.count, "\(name)")
            for (t, line) in zip(tracks, ref.lines) {
                let points = t.segments.flatMap(\.points)
                #expect(points.count == line.points, "\(name)")
                expectClose(length(points), line.distance, name)
                #expect(t.name == line.name, "\(name)")
            }
            #expect(result.document.waypoints.count == ref.waypoints, "\(name)")
        }
    }

    @Test func kmzReadsTheKMLInside() throws {
        guard let data = TestPaths.sharedData() else { return }
        let dir = try temporaryDirectory()
        let kml = data.appendingPathComponent("kml/togeojson-multitrack.kml")
        try FileManager.default.copyItem(at: kml, to: dir.appendingPathComponent("doc.kml"))
        let zip = try run("/usr/bin/env", ["python3", "-c",
            "import zipfile,sys; z=zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED); z.write(sys.argv[2],'doc.kml'); z.close()",
            dir.appendingPathComponent("walk.bin").path, dir.appendingPathComponent("doc.kml").path])
        guard zip.status == 0 else { print("kmzReadsTheKMLInside: skipped: python3 not usable"); return }
        let result = try TrackFileReader.read(url: dir.appendingPathComponent("walk.bin"))
        let ref = try #require(Self.reference.kml["togeojson-multitrack.kml"])
        #expect(result.document.version == "KMZ")
        #expect(result.document.tracks.first?.pointCount == ref.lines[0].points)
        #expect(result.document.tracks.first?.type == "walking")
    }

    /// Issue 33: a GeoJSON cut off keeps its complete features and the complete positions of
    /// the line open at the cut, with a warning at the line; --strict refuses it.
    @Test func cutOffGeoJSONKeepsCompletePositions() throws {
        // Two features, one position per line: feature 1 (3 points) on lines 3-5, feature 2
        // (timed, 4 points) on lines 8-11; the file is cut inside the 3rd position of feature 2.
        let text = """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","properties":{"name":"A"},"geometry":{"type":"LineString","coordinates":[
            [1.50,42.50,1000.5],
            [1.51,42.50,1001.5],
            [1.52,42.50,1002.5]]}},
            {"type":"Feature","properties":{"name":"B","coordinateProperties":{"times":["2024-06-01T08:00:00Z","2024-06-01T08:01:00Z","2024-06-01T08:02:00Z","2024-06-01T08:03:00Z"]}},
            "geometry":{"type":"LineString","coordinates":[
            [1.60,42.60,1100],
            [1.61,42.60,1101],
            [1.62,42.6
            """
        let result = try TrackFileReader.read(data: Data(text.utf8), fileName: "cut.geojson")
        #expect(result.document.tracks.map(\.pointCount) == [3, 2])
        #expect(result.document.tracks.map(\.name) == ["A", "B"])
        let b = result.document.tracks[1].segments[0].points
        #expect(b.last?.longitude == 1.61 && b.last?.elevation == 1101)
        let warning = try #require(result.warnings.last)
        #expect(warning.line == 9 && warning.message.hasPrefix("reading stopped at line 9"), "\(warning)")
        #expect(warning.message.contains("the 5 complete points before it were kept"), "\(warning)")
        #expect(throws: TrackFileError.self) { try TrackFileReader.read(data: Data(text.utf8), fileName: "cut.geojson",
                                                                       options: .strict) }
        // Cut before any position is complete: refused, saying where.
        let early = String(text.prefix(80))
        #expect(throws: TrackFileError.self) { try TrackFileReader.read(data: Data(early.utf8), fileName: "early.geojson") }
    }

    /// Issue 33: a KMZ cut off (its central directory lost) keeps the complete points of its
    /// doc.kml as far as the deflated bytes go. Reference: python's zlib inflating the same cut
    /// entry (zipfile's local header layout), read by the KML reader.
    @Test func cutOffKMZKeepsCompletePoints() throws {
        guard let data = TestPaths.sharedData() else { return }
        let dir = try temporaryDirectory()
        let doc = try GPXReader.read(url: data.appendingPathComponent("gpx/GPSTools-Oybin.gpx")).document
        try KMLWriter().write(doc, to: dir.appendingPathComponent("doc.kml"))
        let script = """
            import sys, zipfile, zlib, struct
            kmz, kml, cut, out = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
            z = zipfile.ZipFile(kmz, 'w', zipfile.ZIP_DEFLATED); z.write(kml, 'doc.kml'); z.close()
            b = open(kmz, 'rb').read()
            b = b[:len(b) * 6 // 10]
            open(cut, 'wb').write(b)
            n, x = struct.unpack('<HH', b[26:30])
            d = zlib.decompressobj(-15)
            open(out, 'wb').write(d.decompress(b[30 + n + x:]))
            """
        let paths = ["walk.kmz", "doc.kml", "cut.kmz", "inflated.kml"].map { dir.appendingPathComponent($0).path }
        let py = try run("/usr/bin/env", ["python3", "-c", script] + paths)
        guard py.status == 0 else { print("cutOffKMZKeepsCompletePoints: skipped: python3 not usable"); return }
        let result = try TrackFileReader.read(url: URL(fileURLWithPath: paths[2]))
        let reference = try KMLReader.read(data: Data(contentsOf: URL(fileURLWithPath: paths[3])), fileName: "inflated.kml")
        let points = result.document.allTrackpoints
        #expect(points.count > 0 && points.count < doc.allTrackpoints.count)
        #expect(points == reference.document.allTrackpoints)
        #expect(result.warnings.first?.message.hasPrefix("the zip archive is damaged or cut off") == true, "\(result.warnings)")
        #expect(result.warnings.contains { $0.message.contains("reading stopped at line") }, "\(result.warnings)")
        #expect(throws: TrackFileError.self) { try TrackFileReader.read(url: URL(fileURLWithPath: paths[2]), options: .strict) }
    }

    @Test func cutOffGPXKeepsCompletePointsAndSaysWhere() throws {
        guard let data = TestPaths.sharedData() else { return }
        let ref = try #require(Self.reference.gpxCut["GPSTools-Oybin.gpx"])
        let whole = try Data(contentsOf: data.appendingPathComponent("gpx/GPSTools-Oybin.gpx"))
        let cut = whole.prefix(ref.bytes)
        let result = try TrackFileReader.read(data: cut, fileName: "cut.gpx")
        let points = result.document.allTrackpoints
        #expect(points.count == ref.points)
        expectClose(length(points), ref.distance, "cut GPX")
        let warning = try #require(result.warnings.last)
        #expect(warning.line == ref.lastLine, "\(warning)")
        #expect(warning.message.contains("reading stopped at line \(ref.lastLine)"))
        #expect(throws: GPXError.self) { try TrackFileReader.read(data: cut, fileName: "cut.gpx", options: .strict) }
    }

    @Test func garbageIsRefusedInOneLineNamingGPSBabel() throws {
        var bytes = [UInt8](repeating: 0, count: 4096)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in bytes.indices { state = state &* 6_364_136_223_846_793_005 &+ 1; bytes[i] = UInt8(state >> 56) }
        bytes[0] = 0x01
        do {
            _ = try TrackFileReader.read(data: Data(bytes), fileName: "track.igc")
            Issue.record("garbage read")
        } catch let e as TrackFileError {
            #expect(e.kind == .notRecognised)
            #expect(e.description.contains("cairn import --via-gpsbabel igc track.igc"), "\(e)")
            #expect(!e.description.contains("\n"))
        }
    }

    /// Map data and terrain given to the track reader say which command takes them (tester: an
    /// .osm was sent to gpsbabel, a zipped SRTM tile was "KMZ malformed").
    @Test func mapAndTerrainFilesNameTheirCommand() throws {
        for (file, command) in [("andorra-ordino.osm", "cairn map import andorra-ordino.osm"),
                                ("N42E001.hgt.zip", "cairn dem import N42E001.hgt.zip")] {
            do {
                _ = try TrackFileReader.read(url: TestPaths.samples.appendingPathComponent(file))
                Issue.record("\(file) read as a track")
            } catch let e as TrackFileError {
                #expect(e.description.contains(command) && e.description.contains("not a track"), "\(e)")
                #expect(!e.description.contains("gpsbabel") && !e.description.contains("\n"), "\(e)")
            }
        }
    }

    @Test func recognisesByContentNotName() {
        #expect(TrackFileReader.recognise(Array("<?xml version=\"1.0\"?>\n<!-- c --><TrainingCenterDatabase>".utf8)) == .tcx)
        #expect(TrackFileReader.recognise(Array("\u{FEFF}<kml:kml xmlns:kml=\"x\">".utf8)) == .kml)
        #expect(TrackFileReader.recognise(Array(" {\"type\":\"FeatureCollection\"}".utf8)) == .geojson)
        #expect(TrackFileReader.recognise([0x50, 0x4B, 0x03, 0x04, 0, 0]) == .kmz)
        #expect(TrackFileReader.recognise(Array("<gpx>".utf8)) == .gpx)
        #expect(TrackFileReader.recognise(Array("<osm version=\"0.6\">".utf8)) == nil)
        #expect(TrackFileReader.recognise(Array("hello".utf8)) == nil)
    }

    @Test func geoJSONWrittenByCairnReadsBack() throws {
        let t0 = Date(timeIntervalSince1970: 1_600_000_000)
        let pts = (0..<5).map { Trackpoint(latitude: 42.5 + Double($0) * 1e-3, longitude: 1.5, elevation: 1000 + Double($0),
                                           time: t0.addingTimeInterval(Double($0) * 60)) }
        let doc = GPXDocument(waypoints: [Waypoint(latitude: 42.6, longitude: 1.6, elevation: 2000, name: "Hut", symbol: "Lodge")],
                              routes: [Route(name: "Plan", points: Array(pts.prefix(3)))],
                              tracks: [Track(name: "Walk", type: "hiking",
                                             segments: [TrackSegment(points: pts), TrackSegment(points: pts.reversed())])])
        var bytes: [UInt8] = []
        try GeoJSONWriter().write(doc) { bytes.append(contentsOf: $0) }
        let back = try TrackFileReader.read(data: Data(bytes), fileName: "x.geojson").document
        #expect(back.tracks.count == 1 && back.routes.count == 1 && back.waypoints.count == 1)
        #expect(back.tracks[0].name == "Walk" && back.tracks[0].type == "hiking")
        #expect(back.tracks[0].segments.map(\.points.count) == [5, 5])
        #expect(back.tracks[0].segments[0].points[4].elevation == 1004)
        #expect(back.tracks[0].segments[0].points[0].time == t0)
        // coordinateProperties.times, one array per line of the MultiLineString.
        #expect(back.tracks[0].segments[1].points.map(\.time) == pts.reversed().map(\.time))
        #expect(back.routes[0].points.map(\.time) == pts.prefix(3).map(\.time))
        #expect(back.routes[0].name == "Plan" && back.routes[0].points.count == 3)
        #expect(back.waypoints[0].name == "Hut" && back.waypoints[0].symbol == "Lodge" && back.waypoints[0].elevation == 2000)
    }

    @Test func geoJSONCoordinateTimesAreRead() throws {
        guard let data = TestPaths.sharedData() else { return }
        // togeojson's own output for gx:Track carries coordTimes (7 of them).
        let result = try TrackFileReader.read(url: data.appendingPathComponent("kml/togeojson-gxtrack.kml.geojson"))
        let points = result.document.allTrackpoints
        #expect(points.count == 7)
        #expect(points.first?.time == ISO8601Timestamp.parse("2010-05-28T02:02:09Z"))
        #expect(points.last?.time == ISO8601Timestamp.parse("2010-05-28T02:02:56Z"))
        let fromKML = try TrackFileReader.read(url: data.appendingPathComponent("kml/togeojson-gxtrack.kml")).document
        #expect(fromKML.allTrackpoints.map(\.time) == points.map(\.time))
    }
}

/// Round trips through gpsbabel (an independent reader and writer of every format here) and
/// through Cairn's own KML/TCX/GeoJSON writers. Skipped with a notice without gpsbabel.
@Suite struct TrackFormatRoundTripTests {
    static let gpsbabel = GPSBabelConverter.executable()

    func length(_ t: Track) -> Double {
        t.segments.reduce(0) { sum, s in
            sum + zip(s.points, s.points.dropFirst()).reduce(0) { $0 + $1.0.coordinate.distance(to: $1.1.coordinate) }
        }
    }

    func babel(_ args: [String]) throws -> (status: Int32, output: String) {
        try run(Self.gpsbabel!, args)
    }

    /// gpsbabel writes each shared GPX as FIT, TCX and KML; Cairn reads them back with the same
    /// point count and distance (0.1 %) as the GPX. Files with times (FIT and TCX need them).
    @Test(arguments: ["GPSTools-Oybin.gpx", "georust-gpx-garmin-activity.gpx", "gpxplotter-example1.gpx",
                      "togeojson-run_gpxtpx.gpx"])
    func gpsbabelConversionsReadBack(_ name: String) throws {
        guard let data = TestPaths.sharedData() else { return }
        guard Self.gpsbabel != nil else { print("gpsbabelConversionsReadBack: skipped: gpsbabel not installed"); return }
        let source = data.appendingPathComponent("gpx/" + name)
        let original = try GPXReader.read(url: source).document
        let track = try #require(original.tracks.first)
        let dir = try temporaryDirectory()
        for (format, ext) in [("garmin_fit", "fit"), ("gtrnctr", "tcx"), ("kml,points=0", "kml")] {
            let out = dir.appendingPathComponent("walk-from-\(ext).bin")
            let r = try babel(["-i", "gpx", "-f", source.path, "-o", format, "-F", out.path])
            #expect(r.status == 0, "\(name) → \(format): \(r.output)")
            let result = try TrackFileReader.read(url: out)
            // gpsbabel writes FIT and TCX as courses, which Cairn reads as routes.
            let back = try #require(result.document.tracks.first ?? result.document.routes.first?.asTrack, "\(name) → \(ext)")
            #expect(back.pointCount == track.pointCount, "\(name) → \(ext): \(back.pointCount) vs \(track.pointCount)")
            let a = length(back), b = length(track)
            #expect(abs(a - b) <= b * 0.001, "\(name) → \(ext): \(a) m vs \(b) m")
        }
    }

    /// Cairn's KML and TCX are well-formed (xmllint), read back by Cairn with the same points,
    /// and read by gpsbabel (an independent KML/TCX reader) with the same point count.
    @Test func kmlAndTCXExportsReadBackHereAndInGPSBabel() throws {
        guard let data = TestPaths.sharedData() else { return }
        let original = try GPXReader.read(url: data.appendingPathComponent("gpx/georust-gpx-garmin_with_extensions.gpx")).document
        let dir = try temporaryDirectory()
        for (writer, ext, babelFormat) in [(KMLWriter() as any DocumentWriter, "kml", "kml"), (TCXWriter(), "tcx", "gtrnctr")] {
            let url = dir.appendingPathComponent("export.\(ext)")
            try writer.write(original, to: url)
            let lint = try run("/usr/bin/xmllint", ["--noout", url.path])
            #expect(lint.status == 0, "\(ext): \(lint.output)")
            let back = try TrackFileReader.read(url: url, options: .strict).document
            #expect(back.tracks.count == original.tracks.count)
            for (b, o) in zip(back.tracks, original.tracks) {
                // KML keeps segments (gx:MultiTrack); TCX reads an activity as one line (DECISIONS 644).
                if ext == "kml" {
                    #expect(b.segments.map(\.points.count) == o.segments.map(\.points.count), "\(ext)")
                } else {
                    #expect(b.pointCount == o.pointCount, "\(ext)")
                }
                // Positions are written to 7 decimals (1 cm); the segment gap joins the TCX line.
                #expect(abs(length(b) - length(o)) <= length(o) * 1e-3, "\(ext)")
                #expect(b.segments.flatMap(\.points).map(\.time) == o.segments.flatMap(\.points).map(\.time), "\(ext)")
            }
            guard Self.gpsbabel != nil else { continue }
            let r = try babel(["-i", babelFormat, "-f", url.path, "-o", "gpx", "-F", "-"])
            #expect(r.status == 0, "\(ext): \(r.output)")
            #expect(r.output.components(separatedBy: "<trkpt ").count - 1 == original.tracks[0].pointCount, "\(ext) via gpsbabel")
        }
    }

    /// KML exports validate against OGC KML 2.2 with Google's gx extension (kml22gx.xsd, which
    /// imports ogckml22.xsd). The schemas are not in the repository: Tools/kml-schema.sh fetches
    /// pyKML's local copies from PyPI and runs this test with CAIRN_KML_XSD set; skipped without.
    @Test func kmlExportsValidateAgainstKML22() throws {
        guard let xsd = ProcessInfo.processInfo.environment["CAIRN_KML_XSD"] else {
            print("kmlExportsValidateAgainstKML22: skipped: CAIRN_KML_XSD not set (Tools/kml-schema.sh sets it)")
            return
        }
        guard let data = TestPaths.sharedData() else { return }
        let dir = try temporaryDirectory()
        // Timed segments (gx:MultiTrack), a route, waypoints with times and several untimed
        // tracks (MultiGeometry), untimed track and waypoints.
        for name in ["georust-gpx-garmin_with_extensions.gpx", "togeojson-trek.gpx", "togeojson-blue_hills.gpx",
                     "georust-gpx-mousehole_to_paul.gpx", "gpxpy-cerknicko-jezero.gpx"] {
            let doc = try GPXReader.read(url: data.appendingPathComponent("gpx/" + name)).document
            let url = dir.appendingPathComponent(name + ".kml")
            try KMLWriter().write(doc, to: url)
            let lint = try run("/usr/bin/xmllint", ["--noout", "--nonet", "--schema", xsd, url.path])
            #expect(lint.status == 0, "\(name): \(lint.output.prefix(600))")
        }
        // A photo waypoint: atom:link and the <img> in the description (issue 36).
        let photos = dir.appendingPathComponent("photos.kml")
        try KMLWriter().write(Self.photoDocument(), to: photos)
        let lint = try run("/usr/bin/xmllint", ["--noout", "--nonet", "--schema", xsd, photos.path])
        #expect(lint.status == 0, "photos: \(lint.output.prefix(600))")
    }

    /// A waypoint for a photo as `cairn export` writes it (PhotoWaypoints): a file:// link of
    /// type image/jpeg, a name with markup characters, and a plain waypoint without links.
    static func photoDocument() -> GPXDocument {
        var doc = GPXDocument()
        doc.waypoints = [
            Waypoint(latitude: 42.5575, longitude: 1.520083, elevation: 2015.5, time: Date(timeIntervalSince1970: 1_525_248_930.25),
                     name: "IMG & <1>.jpg", description: "photo, at a photo-here mark",
                     links: [Link(href: "file:///home/h/Photos/IMG%20%26%20%3C1%3E.jpg", text: "IMG & <1>.jpg", type: "image/jpeg")],
                     type: "photo"),
            Waypoint(latitude: 42.56, longitude: 1.52, name: "Spring", description: "water",
                     links: [Link(href: "https://www.openstreetmap.org/node/1")]),
        ]
        return doc
    }

    /// Photos in KML (issue 36): each link is an atom:link, an image link also an <img> in the
    /// description for Google Earth's balloon; reading back keeps the links and the plain description.
    @Test func kmlKeepsPhotoLinksBothWays() throws {
        let doc = Self.photoDocument()
        var bytes = Data()
        try KMLWriter().write(doc) { bytes.append(contentsOf: $0) }
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("xmlns:atom=\"http://www.w3.org/2005/Atom\""))
        #expect(text.contains("<atom:link href=\"file:///home/h/Photos/IMG%20%26%20%3C1%3E.jpg\" type=\"image/jpeg\" title=\"IMG &amp; &lt;1&gt;.jpg\"/>"),
                "\(text)")
        // The <img> is escaped text of the description (HTML to Google Earth).
        #expect(text.contains("<description>photo, at a photo-here mark\n&lt;img src=&quot;file:///home/h/Photos/IMG%20%26%20%3C1%3E.jpg&quot;"), "\(text)")
        #expect(text.components(separatedBy: "&lt;img").count == 2)  // the OSM link is not an image
        let back = try KMLReader.read(data: bytes, fileName: "photos.kml").document
        #expect(back.waypoints.map(\.links) == doc.waypoints.map(\.links))
        #expect(back.waypoints.map(\.description) == doc.waypoints.map(\.description))
        #expect(back.waypoints.map(\.name) == doc.waypoints.map(\.name) && back.waypoints.map(\.type) == ["photo", nil])
        // Without links the header has no Atom namespace.
        var plain = Data()
        try KMLWriter().write(GPXDocument(waypoints: [Waypoint(latitude: 1, longitude: 2)])) { plain.append(contentsOf: $0) }
        #expect(!String(decoding: plain, as: UTF8.self).contains("xmlns:atom"))
    }

    /// TCX exports validate against Garmin's TrainingCenterDatabasev2.xsd. The schema is not in
    /// the repository (its licence): CAIRN_TCX_XSD names a local copy; skipped without.
    @Test func tcxExportsValidateAgainstTCXv2() throws {
        guard let xsd = ProcessInfo.processInfo.environment["CAIRN_TCX_XSD"] else {
            print("tcxExportsValidateAgainstTCXv2: skipped: CAIRN_TCX_XSD not set (a local TrainingCenterDatabasev2.xsd)")
            return
        }
        guard let data = TestPaths.sharedData() else { return }
        let dir = try temporaryDirectory()
        var docs: [(String, GPXDocument)] = []
        for name in ["gpx/georust-gpx-garmin_with_extensions.gpx", "fit/fitparse-garmin-edge-500-activity.fit",
                     "tcx/tcxparser-sup_activity_1.tcx"] {
            docs.append((name, try TrackFileReader.read(url: data.appendingPathComponent(name)).document))
        }
        // A name and a description with markup characters and a newline.
        var named = docs[0].1
        named.tracks[0].name = "Col & <Pic> \"Nord\""
        named.tracks[0].description = "line one\nline two"
        docs.append(("named", named))
        for (name, doc) in docs {
            let url = dir.appendingPathComponent((name as NSString).lastPathComponent + ".tcx")
            try TCXWriter().write(doc, to: url)
            let lint = try run("/usr/bin/xmllint", ["--noout", "--nonet", "--schema", xsd, url.path])
            #expect(lint.status == 0, "\(name): \(lint.output.prefix(600))")
        }
    }

    /// TCX v2 gives an Activity no name: the export writes it as the first line of `Notes`, the
    /// description after a blank line, and the reader splits them back.
    @Test func tcxKeepsTheNameInNotes() throws {
        let points = (0..<3).map { Trackpoint(latitude: 42.5 + Double($0) * 1e-3, longitude: 1.5,
                                             time: Date(timeIntervalSince1970: 1_700_000_000 + Double($0) * 10)) }
        for (name, description) in [("Pic de Coma Pedrosa", "Via the Estany Negre.\nLong day."), ("Only a name", nil),
                                    (nil, "A note longer than a title would be, which runs on and on for more than a "
                                          + "hundred characters before it ends.")] as [(String?, String?)] {
            let doc = GPXDocument(tracks: [Track(name: name, description: description, segments: [TrackSegment(points: points)])])
            let xml = try TCXWriter().string(for: doc)
            #expect(xml.components(separatedBy: "<Notes>").count == 2, "\(xml)")
            let back = try TCXReader.read(data: Data(xml.utf8), fileName: "n.tcx").document
            #expect(back.tracks[0].name == name)
            #expect(back.tracks[0].description == description)
        }
        // Garmin's own one-word notes become the name.
        let aerobics = TCXBuilder.nameAndDescription("Aerobics")
        #expect(aerobics.name == "Aerobics" && aerobics.description == nil)
    }

    @Test func tcxRefusesUntimedPoints() throws {
        let doc = GPXDocument(tracks: [Track(segments: [TrackSegment(points: [Trackpoint(latitude: 1, longitude: 2),
                                                                              Trackpoint(latitude: 1.1, longitude: 2)])])])
        #expect(throws: GPXWriteError.self) { try TCXWriter().data(for: doc) }
        let kml = try KMLWriter().string(for: doc)
        #expect(kml.contains("<LineString>") && !kml.contains("gx:Track"))
    }
}

@Suite struct FITCRCTests {
    /// CRC-16/ARC's published check value (CRC of "123456789" = 0xBB3D, the catalogue of
    /// parametrised CRC algorithms), by both the byte table and the protocol's nibble algorithm.
    @Test func checkValueAndBothAlgorithmsAgree() throws {
        let check = Array("123456789".utf8)
        check.withUnsafeBytes { b in
            #expect(FITCRC.compute(b, 0, b.count) == 0xBB3D)
            #expect(FITCRC.computeByNibbles(b, 0, b.count) == 0xBB3D)
        }
        guard let data = TestPaths.sharedData() else { return }
        let file = try Data(contentsOf: data.appendingPathComponent("fit/fitparse-2013-02-06-12-11-14.fit"))
        file.withUnsafeBytes { b in
            // A whole FIT file including its trailing CRC checks to 0.
            #expect(FITCRC.compute(b, 0, b.count) == 0)
            #expect(FITCRC.computeByNibbles(b, 0, b.count) == 0)
        }
    }

    /// Every prefix and many one-byte corruptions of a real file: no crash, either a result or
    /// a TrackFileError, never a point outside the valid range.
    @Test func cutsAndFlipsNeverCrash() throws {
        guard let data = TestPaths.sharedData() else { return }
        let file = try Data(contentsOf: data.appendingPathComponent("fit/fitparse-2013-02-06-12-11-14.fit"))
        var state: UInt64 = 7
        for length in stride(from: 0, through: file.count, by: 97) {
            var bytes = Data(file.prefix(length))
            if length > 20 {
                state = state &* 6_364_136_223_846_793_005 &+ 1
                let at = Int(state >> 33) % bytes.count
                bytes[bytes.startIndex + at] ^= UInt8(truncatingIfNeeded: state >> 20) | 1
            }
            if let r = try? FITReader.read(data: bytes, fileName: "x.fit") {
                #expect(r.document.tracks.allSatisfy { $0.segments.allSatisfy { $0.points.allSatisfy { $0.coordinate.isValid } } })
            }
        }
    }
}

/// FIT features the real files do not all show, on files built here byte by byte from the FIT
/// protocol's layout (expected values worked out by hand from the protocol's formulas).
@Suite struct FITProtocolTests {
    /// A FIT file: 14-byte header (protocol 2.0, profile 21.40), `records`, CRC.
    static func fit(_ records: [UInt8]) -> Data {
        var header: [UInt8] = [14, 0x20, 0x5C, 0x08]
        let n = UInt32(records.count)
        header += [UInt8(n & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n >> 16 & 0xFF), UInt8(n >> 24)]
        header += Array(".FIT".utf8)
        let hcrc = header.withUnsafeBytes { FITCRC.compute($0, 0, 12) }
        header += [UInt8(hcrc & 0xFF), UInt8(hcrc >> 8)]
        var all = header + records
        let crc = all.withUnsafeBytes { FITCRC.compute($0, 0, $0.count) }
        all += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
        return Data(all)
    }

    static func le32(_ v: UInt32) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 24)] }
    static func be32(_ v: UInt32) -> [UInt8] { le32(v).reversed() }

    /// file_id (type activity) on local 0; record on local 1 (little endian: timestamp, lat,
    /// lon, altitude) with one developer field of 3 bytes; then a big-endian record definition
    /// on local 2 (lat, lon) used by compressed-timestamp headers.
    static func sample() -> Data {
        var r: [UInt8] = []
        // Definition local 0: global 0 (file_id), field 0 (type, enum, 1 byte).
        r += [0x40, 0, 0, 0, 0, 1, 0, 1, 0x00]
        r += [0x00, 4]  // data: activity
        // Definition local 1 with developer data flag: global 20, 4 fields + 1 developer field.
        r += [0x61, 0, 0, 20, 0, 4, 253, 4, 0x86, 0, 4, 0x85, 1, 4, 0x85, 2, 2, 0x84, 1, 0, 3, 0]
        // 1000000000 s after the FIT epoch; 45° = 536870912 sc; 7° ≈ 83510586 sc; 1000 m = (1000+500)*5 = 7500.
        r += [0x01] + le32(1_000_000_000) + le32(536_870_912) + le32(83_510_586) + [0x4C, 0x1D] + [9, 9, 9]
        // Definition local 2, big endian: global 20, fields lat, lon.
        r += [0x42, 0, 1, 0, 20, 2, 0, 4, 0x85, 1, 4, 0x85]
        // Compressed timestamp headers, local 2: offsets 5 then 2 (wraps: 1000000000 & 31 = 0 → +5, then 2 < 5 → +32-5+2).
        r += [0x80 | (2 << 5) | 5] + be32(536_870_912 + 1000) + be32(83_510_586)
        r += [0x80 | (2 << 5) | 2] + be32(536_870_912 + 2000) + be32(83_510_586)
        return fit(r)
    }

    @Test func definitionsDeveloperFieldsBothByteOrdersAndCompressedTimestamps() throws {
        let r = try FITReader.read(data: Self.sample(), fileName: "s.fit", options: .strict)
        let points = r.document.allTrackpoints
        #expect(points.count == 3)
        let epoch = 631_065_600.0
        // 1000000000 = 0x3B9ACA00: low 5 bits 0, so offset 5 gives +5 s and offset 2 (< 5) the next 32-s window.
        #expect(points.map { $0.time?.timeIntervalSince1970 } == [epoch + 1_000_000_000, epoch + 1_000_000_005,
                                                                 epoch + 1_000_000_034])
        #expect(abs(points[0].latitude - 45) < 1e-12)
        #expect(abs(points[0].longitude - 83_510_586 * 180 / 2_147_483_648) < 1e-12)
        #expect(points[0].elevation == 1000)
        #expect(points[1].elevation == nil)
        #expect(abs(points[2].latitude - Double(536_870_912 + 2000) * 180 / 2_147_483_648) < 1e-12)
        #expect(r.warnings.isEmpty)
    }

    @Test func chainedFilesAreOneTrackEach() throws {
        let one = Self.sample()
        let r = try FITReader.read(data: one + one, fileName: "chained.fit", options: .strict)
        #expect(r.document.tracks.map(\.pointCount) == [3, 3])
        guard let data = TestPaths.sharedData() else { return }
        // Two real files chained: fitparse's counts for each (583 and 2809).
        let a = try Data(contentsOf: data.appendingPathComponent("fit/fitparse-2013-02-06-12-11-14.fit"))
        let b = try Data(contentsOf: data.appendingPathComponent("fit/fitparse-activity-small-fenix2-run.fit"))
        #expect(try FITReader.read(data: a + b, fileName: "ab.fit").document.tracks.map(\.pointCount) == [583, 2809])
    }

    @Test func aBadCRCWarnsOrRefusesWithStrict() throws {
        var bytes = Self.sample()
        bytes[bytes.count - 1] ^= 0xFF
        let r = try FITReader.read(data: bytes, fileName: "crc.fit")
        #expect(r.warnings.first?.message.contains("the file CRC does not match") == true)
        #expect(throws: TrackFileError.self) { try FITReader.read(data: bytes, fileName: "crc.fit", options: .strict) }
    }

    @Test func aWorkoutIsRefusedSayingSo() throws {
        let workout = Self.fit([0x40, 0, 0, 0, 0, 1, 0, 1, 0x00, 0x00, 5])
        do {
            _ = try FITReader.read(data: workout, fileName: "w.fit")
            Issue.record("a workout read")
        } catch let e as TrackFileError {
            #expect(e.description == "w.fit: FIT not an activity: this is a FIT workout file (type 5, workout: planned steps, "
                    + "no track), not an activity or course: it holds no track to import")
        }
    }
}

/// The XML formats other than GPX keep the GPX reader's safety rules (DECISIONS.md): entity
/// declarations refused (no expansion bombs, no external entities), nothing fetched.
@Suite struct XMLFormatsHostileInputTests {
    func text(_ fixture: String, root: String) throws -> Data {
        let s = try String(contentsOf: TestPaths.fixture(fixture), encoding: .utf8)
            .replacingOccurrences(of: "<gpx version=\"1.1\" creator=\"lol\" xmlns=\"http://www.topografix.com/GPX/1/1\">", with: "<\(root)>")
            .replacingOccurrences(of: "<gpx version=\"1.1\" creator=\"xxe\" xmlns=\"http://www.topografix.com/GPX/1/1\">", with: "<\(root)>")
            .replacingOccurrences(of: "</gpx>", with: "</\(root)>")
            .replacingOccurrences(of: "<!DOCTYPE gpx", with: "<!DOCTYPE \(root)")
        return Data(s.utf8)
    }

    @Test(arguments: ["billion-laughs.gpx", "xxe.gpx"])
    func entityDeclarationsAreRefusedInTCXAndKML(_ fixture: String) throws {
        for root in ["TrainingCenterDatabase", "kml"] {
            let data = try text(fixture, root: root)
            #expect(TrackFileReader.recognise(Array(data)) == (root == "kml" ? .kml : .tcx))
            do {
                _ = try TrackFileReader.read(data: data, fileName: "x")
                Issue.record("\(fixture) as \(root) read")
            } catch let e as TrackFileError {
                #expect(e.kind == .malformed && e.reason.contains("entity"), "\(e)")
            }
        }
    }

    @Test func escapedTextIsDecodedOnce() throws {
        let kml = #"<kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><name>Hut &amp; &lt;lake&gt; &#38;c</name>"#
            + "<Point><coordinates>1,2</coordinates></Point></Placemark></kml>"
        let doc = try TrackFileReader.read(data: Data(kml.utf8), fileName: "x.kml").document
        #expect(doc.waypoints.first?.name == "Hut & <lake> &c")
    }

    @Test func cutOffTCXKeepsItsCompletePoints() throws {
        guard let data = TestPaths.sharedData() else { return }
        let whole = try Data(contentsOf: data.appendingPathComponent("tcx/tcxparser-test.tcx"))
        let cut = whole.prefix(60_000)
        // Complete <Trackpoint> elements with a <Position> in the first 60000 bytes, counted here
        // on the text (the reader is not asked).
        let text = String(decoding: cut, as: UTF8.self)
        let complete = text.components(separatedBy: "</Trackpoint>").dropLast().filter { $0.contains("<Position>") }.count
        let r = try TrackFileReader.read(data: cut, fileName: "cut.tcx")
        #expect(r.document.allTrackpoints.count == complete)
        #expect(r.warnings.last?.message.contains("reading stopped at line") == true)
        #expect(throws: TrackFileError.self) { try TrackFileReader.read(data: cut, fileName: "cut.tcx", options: .strict) }
    }
}

@Suite struct GeoJSONHostileInputTests {
    @Test func deepNestingAndBadValuesAreRefusedOrSkipped() throws {
        let deep = "{\"type\":\"Feature\",\"geometry\":" + String(repeating: "[", count: 100_000) + "}"
        #expect(throws: TrackFileError.self) { try GeoJSONReader.read(data: Data(deep.utf8), fileName: "deep.geojson") }
        let mixed = #"{"type":"FeatureCollection","features":[1,{"type":"Feature","geometry":{"type":"LineString","#
            + #""coordinates":[[1,2],[true,3],[200,1],["x",1],[1,2.5,7]]},"properties":{"name":"L"}},"#
            + #"{"type":"Feature","geometry":{"type":"Polygon","coordinates":[]},"properties":{}}]}"#
        let r = try GeoJSONReader.read(data: Data(mixed.utf8), fileName: "m.geojson")
        #expect(r.document.tracks.first?.pointCount == 2)
        #expect(r.document.tracks.first?.segments.first?.points.last?.elevation == 7)
        #expect(r.warnings.map(\.message) == ["feature 1 is not an object; skipped",
                                              "feature 2: 3 unreadable or out-of-range positions left out",
                                              "feature 3: polygons are not tracks; skipped"])
        #expect(throws: TrackFileError.self) { try GeoJSONReader.read(data: Data("{\"type\":".utf8), fileName: "cut.geojson") }
    }
}

@Suite struct KMLAltitudeTests {
    func elevations(_ kml: String) throws -> [Double?] {
        try TrackFileReader.read(data: Data(kml.utf8), fileName: "a.kml").document.allTrackpoints.map(\.elevation)
    }

    /// KML 2.2 §10.2.1: altitudes count only with altitudeMode absolute; clampToGround (the
    /// default) ignores them and relativeToGround makes them heights above the ground.
    @Test func altitudesAreElevationsOnlyWhenAbsolute() throws {
        let head = #"<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Placemark>"#
        let line = "<coordinates>1,2,100 1.001,2,110</coordinates></LineString></Placemark></kml>"
        #expect(try elevations(head + "<LineString><altitudeMode>absolute</altitudeMode>" + line) == [100, 110])
        #expect(try elevations(head + "<LineString><altitudeMode>relativeToGround</altitudeMode>" + line) == [nil, nil])
        #expect(try elevations(head + "<LineString>" + line) == [100, 110])
        #expect(try elevations(head + "<LineString><coordinates>1,2,0 1.001,2,0</coordinates></LineString></Placemark></kml>")
            == [nil, nil])
        // A gx:MultiTrack's mode holds for its gx:Tracks.
        let track = "<gx:Track><gx:coord>1 2 100</gx:coord><gx:coord>1.001 2 110</gx:coord></gx:Track>"
        #expect(try elevations(head + "<gx:MultiTrack><altitudeMode>relativeToGround</altitudeMode>" + track
                               + "</gx:MultiTrack></Placemark></kml>") == [nil, nil])
        #expect(try elevations(head + "<gx:MultiTrack><altitudeMode>absolute</altitudeMode>" + track
                               + "</gx:MultiTrack></Placemark></kml>") == [100, 110])
    }
}

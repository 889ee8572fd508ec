import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Newcomer 7: limits said as limits, a plain zip said as a zip (or read), and --strict
/// refusing a file with a rejected point in every reader.
@Suite struct ReaderLimitsAndStrictTests {
    static func kml(coordinates: String) -> Data {
        Data("""
        <?xml version="1.0" encoding="UTF-8"?>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark><name>a</name>
        <LineString><coordinates>\(coordinates)</coordinates></LineString></Placemark></Document></kml>
        """.utf8)
    }

    /// A <coordinates> text longer than the per-element limit (here 1 KiB, injected) is refused
    /// naming the element, the limit and that the file exceeds it, at its line (3); the same
    /// text under the limit reads (1000 tuples "7.0,46.0 " = 9000 bytes vs 16 KiB).
    @Test func kmlTextOverTheLimitSaysSo() throws {
        let tuples = String(repeating: "7.0,46.0 ", count: 1000)
        #expect(throws: Never.self) {
            _ = try KMLReader.read(data: Self.kml(coordinates: tuples), fileName: "big.kml", options: .lenient, textLimit: 16_384)
        }
        do {
            _ = try KMLReader.read(data: Self.kml(coordinates: tuples), fileName: "big.kml", options: .lenient, textLimit: 1024)
            Issue.record("read past the limit")
        } catch let e as TrackFileError {
            #expect(e.place == "3", "\(e)")
            #expect(e.reason.contains("<coordinates> is longer than 1024 bytes") && e.reason.contains("exceeds that limit"), "\(e)")
        }
        #expect(XMLEventReader.sizeText(64 * 1024 * 1024) == "64 MB")
    }

    /// python3's zipfile writes the archives (skipped without it).
    func zip(_ entries: [(String, Data)], in dir: URL) throws -> Data? {
        var args = ["python3", "-c", "import zipfile,sys\nz=zipfile.ZipFile(sys.argv[1],'w',zipfile.ZIP_DEFLATED)\n"
                    + "for i in range(2, len(sys.argv), 2): z.write(sys.argv[i], sys.argv[i+1])\nz.close()",
                    dir.appendingPathComponent("out.zip").path]
        for (i, (name, data)) in entries.enumerated() {
            let f = dir.appendingPathComponent("e\(i)")
            try data.write(to: f)
            args += [f.path, name]
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = args
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return try Data(contentsOf: dir.appendingPathComponent("out.zip"))
    }

    func temporaryDirectory() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("n7-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A KMZ whose doc.kml inflates past the limit (here 4 KiB of KML vs a 2 KiB limit) is refused
    /// as too large — the entry's size and the limit said — not called cut off.
    @Test func kmzOverTheLimitSaysSo() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let kml = Self.kml(coordinates: String(repeating: "7.0,46.0 ", count: 500))
        guard let kmz = try zip([("doc.kml", kml)], in: dir) else { print("kmzOverTheLimitSaysSo: skipped: python3 not usable"); return }
        #expect(throws: Never.self) { _ = try KMLReader.readKMZ(data: kmz, fileName: "w.kmz", options: .lenient, limit: 1 << 20) }
        do {
            _ = try KMLReader.readKMZ(data: kmz, fileName: "w.kmz", options: .lenient, limit: 2048)
            Issue.record("read past the limit")
        } catch let e as TrackFileError {
            #expect(e.kind == .io, "\(e)")
            #expect(e.reason == "doc.kml inflates to \(kml.count) bytes, more than the 2048 bytes Cairn reads from a KMZ; this file exceeds that limit", "\(e)")
        }
    }

    /// A zip with one GPX inside is read as that GPX (the same points as the GPX read alone);
    /// a zip of other files says what it holds and what Cairn reads in a zip.
    @Test func plainZipIsReadOrNamed() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let gpx = Data("""
        <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="46.0" lon="7.0"/><trkpt lat="46.001" lon="7.0"/></trkseg></trk></gpx>
        """.utf8)
        guard let one = try zip([("walks/walk.gpx", gpx)], in: dir) else { print("plainZipIsReadOrNamed: skipped: python3 not usable"); return }
        let result = try TrackFileReader.read(data: one, fileName: "gpxin.zip")
        #expect(result.document.allTrackpoints == (try GPXReader.read(data: gpx, fileName: "walk.gpx")).document.allTrackpoints)
        let notes = try #require(try zip([("a.txt", Data("x".utf8)), ("b.csv", Data("y".utf8))], in: dir))
        do {
            _ = try TrackFileReader.read(data: notes, fileName: "notes.zip")
            Issue.record("a zip of text read as a track")
        } catch let e as TrackFileError {
            #expect(e.kind == .notRecognised)
            #expect(e.description.hasPrefix("notes.zip: not a track file Cairn reads"), "\(e)")
            #expect(e.reason.contains("a.txt, b.csv") && e.reason.contains("Cairn reads the .kml inside a KMZ"), "\(e)")
        }
        // A broken GPX inside is named inside the zip.
        let broken = try #require(try zip([("walk.gpx", Data("<gpx version=\"1.1\"><trk>".utf8))], in: dir))
        do {
            _ = try TrackFileReader.read(data: broken, fileName: "gpxin.zip", options: .strict)
            Issue.record("a cut-off GPX read whole")
        } catch let e as GPXError {
            #expect(e.fileName == "gpxin.zip (walk.gpx)", "\(e)")
        }
    }

    /// --strict refuses a file with a rejected point, in every reader, naming the place;
    /// lenient keeps the others with a warning.
    @Test func strictRefusesRejectedPoints() throws {
        let gpx = Data("""
        <?xml version="1.0"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="46.0" lon="7.0"/>
        <trkpt lat="abc" lon="7.0"/>
        <trkpt lat="46.001" lon="7.0"/></trkseg></trk></gpx>
        """.utf8)
        let lenient = try TrackFileReader.read(data: gpx, fileName: "p.gpx")
        #expect(lenient.document.allTrackpoints.count == 2)
        #expect(lenient.warnings.contains { $0.line == 4 })
        do {
            _ = try TrackFileReader.read(data: gpx, fileName: "p.gpx", options: .strict)
            Issue.record("GPX with a rejected point read under --strict")
        } catch let e as GPXError {
            #expect(e.kind == .invalidPoint && e.line == 4, "\(e)")
            #expect(e.description.hasPrefix("p.gpx:4"), "\(e)")
        }
        let tcx = Data("""
        <?xml version="1.0"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities><Activity Sport="Other"><Id>2024-01-01T00:00:00Z</Id><Lap StartTime="2024-01-01T00:00:00Z"><Track>
        <Trackpoint><Time>2024-01-01T00:00:00Z</Time><Position><LatitudeDegrees>46</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position></Trackpoint>
        <Trackpoint><Time>2024-01-01T00:00:10Z</Time><Position><LatitudeDegrees>95</LatitudeDegrees><LongitudeDegrees>7</LongitudeDegrees></Position></Trackpoint>
        </Track></Lap></Activity></Activities></TrainingCenterDatabase>
        """.utf8)
        #expect(try TrackFileReader.read(data: tcx, fileName: "p.tcx").document.allTrackpoints.count == 1)
        do {
            _ = try TrackFileReader.read(data: tcx, fileName: "p.tcx", options: .strict)
            Issue.record("TCX with a rejected point read under --strict")
        } catch let e as TrackFileError {
            #expect(e.place == "4" && e.reason.contains("--strict"), "\(e)")
        }
        let kml = Self.kml(coordinates: "7.0,46.0 7.0,abc 7.0,46.001")
        #expect(try TrackFileReader.read(data: kml, fileName: "p.kml").document.allTrackpoints.count == 2)
        do {
            _ = try TrackFileReader.read(data: kml, fileName: "p.kml", options: .strict)
            Issue.record("KML with a rejected point read under --strict")
        } catch let e as TrackFileError {
            #expect(e.place == "3" && e.reason.contains("--strict"), "\(e)")
        }
        let geojson = Data("""
        {"type":"Feature","properties":{},"geometry":{"type":"LineString","coordinates":[[7.0,46.0],[7.0,95.0],[7.0,46.001]]}}
        """.utf8)
        #expect(try TrackFileReader.read(data: geojson, fileName: "p.geojson").document.allTrackpoints.count == 2)
        do {
            _ = try TrackFileReader.read(data: geojson, fileName: "p.geojson", options: .strict)
            Issue.record("GeoJSON with a rejected point read under --strict")
        } catch let e as TrackFileError {
            #expect(e.reason.hasPrefix("feature 1: 1 unreadable or out-of-range position") && e.reason.contains("--strict"), "\(e)")
        }
    }
}

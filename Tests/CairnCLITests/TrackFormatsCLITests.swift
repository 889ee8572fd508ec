import Foundation
import Testing
import TrailCore
import TrailFormats
@testable import TrailStore

/// Issue 33 on the command line: FIT, TCX and KML files import through `cairn import` (one
/// hike per activity), damaged files keep their complete part unless --strict, and a monitoring
/// FIT or garbage is refused in one line with the store unchanged. Point counts: fitparse,
/// tcxparser and togeojson (TrailFormatsTests/Fixtures/formats/formats-reference.json).
@Suite struct TrackFormatsCLITests {
    func storeBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func everyActivityFileOfTheSharedDataImports() throws {
        guard let data = sharedData("fit") else { return }
        let root = (data as NSString).deletingLastPathComponent
        // Expected positioned points per file, from the reference tools.
        let expected = [
            "fit/fitparse-2013-02-06-12-11-14.fit": 583, "fit/fitparse-Edge810-Vector-2013-08-16-15-35-10.fit": 4700,
            "fit/fitparse-activity-small-fenix2-run.fit": 2809, "fit/fitparse-developer-types-sample.fit": 3424,
            "fit/fitparse-garmin-edge-500-activity.fit": 10677, "fit/fitparse-activity-unexpected-eof.fit": 14,
            "tcx/tcxparser-test.tcx": 383, "tcx/tcxparser-sup_activity_1.tcx": 111,
            "kml/togeojson-gxtrack.kml": 7, "kml/togeojson-multitrack.kml": 16,
        ]
        let store = makeTempDirectory("formats") + "/hikes.sqlite"
        for (file, points) in expected.sorted(by: { $0.key < $1.key }) {
            let run = cairn(["import", root + "/" + file, "--store", store])
            #expect(run.status == 0, "\(file): \(run.stderr)")
            let hikes = try HikeStore(path: store).summaries().filter { $0.sourceFileName == (file as NSString).lastPathComponent }
            #expect(hikes.count == 1, "\(file)")
            #expect(hikes.first?.statistics.pointCount == points, "\(file)")
        }
        // The two placemarks of the LineString KML are two hikes.
        let run = cairn(["import", root + "/kml/togeojson-linestring.kml", "--store", store])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try HikeStore(path: store).summaries().filter { $0.sourceFileName == "togeojson-linestring.kml" }
            .map(\.name).sorted() == ["extruded", "unextruded"])
    }

    @Test func monitoringFITAndGarbageAreRefusedInOneLineAndTheStoreIsUnchanged() throws {
        guard let data = sharedData("fit") else { return }
        let dir = makeTempDirectory("formats")
        let store = dir + "/hikes.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/togeojson-trek.gpx", "--store", store]).status == 0)
        let before = storeBytes(store)
        let garbage = dir + "/walk.fit"
        var bytes = [UInt8](repeating: 0, count: 2000)
        var state: UInt64 = 42
        for i in bytes.indices { state = state &* 6_364_136_223_846_793_005 &+ 1; bytes[i] = UInt8(state >> 56) }
        bytes[0] = 0x07
        _ = FileManager.default.createFile(atPath: garbage, contents: Data(bytes))
        for file in [data + "/fitparse-MonitoringFile.fit", garbage] {
            let run = cairn(["import", file, "--store", store])
            #expect(run.status == 1)
            let lines = run.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(run.stderr)")
            #expect(storeBytes(store) == before)
        }
        let monitoring = cairn(["import", data + "/fitparse-MonitoringFile.fit", "--store", store])
        #expect(monitoring.stderr.contains("FIT not an activity: this is a FIT monitoring file"), "\(monitoring.stderr)")
        let junk = cairn(["import", garbage, "--store", store])
        #expect(junk.stderr.contains("walk.fit: not a track file Cairn reads"), "\(junk.stderr)")
        #expect(junk.stderr.contains("`cairn import --via-gpsbabel FORMAT walk.fit`"), "\(junk.stderr)")
    }

    @Test func cutOffGPXImportsItsCompletePointsUnlessStrict() throws {
        guard let gpx = sharedData("gpx") else { return }
        let dir = makeTempDirectory("formats")
        let cut = dir + "/oybin-cut.gpx"
        let whole = try #require(FileManager.default.contents(atPath: gpx + "/GPSTools-Oybin.gpx"))
        _ = FileManager.default.createFile(atPath: cut, contents: whole.prefix(20480))
        let store = dir + "/hikes.sqlite"
        let strict = cairn(["import", cut, "--strict", "--store", store])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("oybin-cut.gpx:609"), "\(strict.stderr)")
        // 148 complete <trkpt> in the first 20480 bytes (formats-reference.json, counted by make-reference.py).
        let run = cairn(["import", cut, "--store", store])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("oybin-cut.gpx:609: warning: reading stopped at line 609"), "\(run.stderr)")
        #expect(try HikeStore(path: store).summaries().first?.statistics.pointCount == 148)
    }

    @Test func viaGPSBabelConvertsTheLongTail() throws {
        guard let gpx = sharedData("gpx") else { return }
        guard GPSBabelConverter.executable() != nil else {
            print("viaGPSBabelConvertsTheLongTail: skipped: gpsbabel not installed")
            return
        }
        let dir = makeTempDirectory("formats")
        let igc = dir + "/oybin.igc"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: GPSBabelConverter.executable()!)
        p.arguments = ["-i", "gpx", "-f", gpx + "/GPSTools-Oybin.gpx", "-o", "igc", "-F", igc]
        try p.run()
        p.waitUntilExit()
        #expect(p.terminationStatus == 0)
        let store = dir + "/hikes.sqlite"
        let refused = cairn(["import", igc, "--store", store], environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("`cairn import --via-gpsbabel igc oybin.igc`"), "\(refused.stderr)")
        let run = cairn(["import", "--via-gpsbabel", "igc", igc, "--store", store],
                        environment: ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""])
        #expect(run.status == 0, "\(run.stderr)")
        // IGC keeps one fix per second at most; the GPX has 442 points at 2-90 s spacing.
        #expect(try HikeStore(path: store).summaries().first?.statistics.pointCount == 442)
        let bad = cairn(["import", "--via-gpsbabel", "igc;rm", igc, "--store", store])
        #expect(bad.status == 1 && bad.stderr.contains("is not a gpsbabel format name"), "\(bad.stderr)")
        let missing = cairn(["import", "--via-gpsbabel", "igc", igc, "--store", store], environment: ["PATH": "/nonexistent"])
        #expect(missing.status == 1 && missing.stderr.contains("gpsbabel is not installed"), "\(missing.stderr)")
    }

    /// Issue 34: laps shown by `cairn stats FILE` vanished once the file was imported; `show`
    /// (text and JSON) now gives them as the file has them.
    @Test func importedLapsAreShown() throws {
        let dir = makeTempDirectory("laps")
        let file = dir + "/two-laps.tcx"
        try """
            <?xml version="1.0" encoding="UTF-8"?>
            <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">
            <Activities><Activity Sport="Other"><Id>2024-05-01T10:00:00Z</Id>
            <Lap StartTime="2024-05-01T10:00:00Z"><TotalTimeSeconds>600</TotalTimeSeconds><DistanceMeters>1000</DistanceMeters>
            <Track>
            <Trackpoint><Time>2024-05-01T10:00:00Z</Time><Position><LatitudeDegrees>42.5</LatitudeDegrees><LongitudeDegrees>1.5</LongitudeDegrees></Position></Trackpoint>
            <Trackpoint><Time>2024-05-01T10:10:00Z</Time><Position><LatitudeDegrees>42.509</LatitudeDegrees><LongitudeDegrees>1.5</LongitudeDegrees></Position></Trackpoint>
            </Track></Lap>
            <Lap StartTime="2024-05-01T10:10:00Z"><TotalTimeSeconds>300</TotalTimeSeconds><DistanceMeters>500</DistanceMeters>
            <Track>
            <Trackpoint><Time>2024-05-01T10:15:00Z</Time><Position><LatitudeDegrees>42.5135</LatitudeDegrees><LongitudeDegrees>1.5</LongitudeDegrees></Position></Trackpoint>
            </Track></Lap>
            </Activity></Activities></TrainingCenterDatabase>
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let store = dir + "/hikes.sqlite"
        #expect(cairn(["import", file, "--store", store]).status == 0)
        let id = try #require(try HikeStore(path: store).summaries().first).id.rawValue
        let text = cairn(["show", id, "--store", store])
        #expect(text.stdout.contains("Laps: 2 (the device's splits, as recorded)"), "\(text.stdout)")
        #expect(text.stdout.contains("Lap 2:") && text.stdout.contains("500 m"), "\(text.stdout)")
        let json = cairn(["show", id, "--json", "--store", store])
        let doc = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let laps = try #require(doc["laps"] as? [[String: Any]], "\(json.stdout)")
        #expect(laps.map { $0["distance"] as? Double } == [1000, 500])
        #expect(laps.map { $0["timerTime"] as? Double } == [600, 300])
    }
}

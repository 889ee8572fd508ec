import CairnCLI
import Foundation
import FoundationXML
import Testing
import TrailCore
import TrailFormats
@testable import TrailStore

@Suite struct ImportCommandTests {
    /// Tracks and routes with at least one point, counted by Foundation's XMLParser (not our
    /// reader): the hikes a file must give; 1 for a file of waypoints only.
    final class Counter: NSObject, XMLParserDelegate {
        var hikes = 0, waypoints = 0
        private var pointsInCurrent = 0
        func parser(_ p: XMLParser, didStartElement e: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            switch e {
            case "trk", "rte": pointsInCurrent = 0
            case "trkpt", "rtept": pointsInCurrent += 1
            case "wpt": waypoints += 1
            default: break
            }
        }
        func parser(_ p: XMLParser, didEndElement e: String, namespaceURI: String?, qualifiedName: String?) {
            if (e == "trk" || e == "rte") && pointsInCurrent > 0 { hikes += 1 }
        }
        static func expectedHikes(_ path: String) -> Int {
            let c = Counter()
            let p = XMLParser(contentsOf: URL(fileURLWithPath: path))!
            p.delegate = c
            _ = p.parse()
            return c.hikes > 0 ? c.hikes : (c.waypoints > 0 ? 1 : 0)
        }
    }

    func importAll(_ files: [String]) throws {
        let store = makeTempDirectory("import-all") + "/hikes.sqlite"
        let run = cairn(["import", "--again"] + files + ["--store", store])
        #expect(run.status == 0, "\(run.stderr)")
        let expected = files.reduce(0) { $0 + Counter.expectedHikes($1) }
        #expect(try HikeStore(path: store).hikeCount() == expected)
        #expect(run.stdout.split(separator: "\n").count == expected)
        #expect(try HikeStore(path: store).integrityCheck() == "ok")
    }

    @Test func importsEverySample() throws {
        try importAll(gpxFiles(in: repoRoot + "/Samples"))
    }

    @Test func importsEveryFileOfTheSharedData() throws {
        guard let dir = sharedData("gpx") else { return }
        try importAll(gpxFiles(in: dir))
    }

    /// With --strict (issue 33: without it the one complete point of broken.gpx is kept).
    @Test func aFailingFileAddsNothingAndTheOthersImport() throws {
        let dir = makeTempDirectory("failing")
        let bad = dir + "/broken.gpx"
        try "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" creator=\"x\">\n<trk><trkseg>\n<trkpt lat=\"46\" lon=\"7\"></trkpt>\n<trkpt lat=\"46.1\"".write(toFile: bad, atomically: true, encoding: .utf8)
        let store = dir + "/hikes.sqlite"
        let run = cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", bad, repoRoot + "/Samples/togeojson-trek.gpx",
                         "--store", store, "--strict"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("broken.gpx"))
        #expect(run.stderr.contains("nothing was added from broken.gpx") || run.stderr.contains("broken.gpx:"))
        #expect(try HikeStore(path: store).summaries().compactMap(\.sourceFileName).sorted() == ["gpxpy-Mojstrovka.gpx", "togeojson-trek.gpx"])
    }

    @Test func aFileFailingHalfWayThroughItsTracksIsRolledBack() throws {
        let store = makeTempDirectory("rollback") + "/hikes.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", "--store", store]).status == 0)
        // A trigger makes the third track's insert fail after the first two were written.
        try HikeStore(path: store).connection.execute("""
            CREATE TRIGGER fail_third BEFORE INSERT ON hikes WHEN NEW.name = 'Tag 3'
            BEGIN SELECT RAISE(ABORT, 'refused by the test'); END
            """)
        let run = cairn(["import", repoRoot + "/Samples/togeojson-multitrackgpx.gpx", "--store", store])
        #expect(run.status == 1)
        #expect(run.stderr.contains("refused by the test"))
        #expect(run.stderr.contains("nothing was added from togeojson-multitrackgpx.gpx"))
        let s = try HikeStore(path: store)
        #expect(try s.summaries().map(\.sourceFileName) == ["gpxpy-Mojstrovka.gpx"])
        #expect(try s.connection.scalar("SELECT count(*) FROM tracks") == .integer(1))
        #expect(try s.connection.scalar("SELECT count(*) FROM point_blocks") == .integer(1))
    }

    @Test func duplicatesAreSkippedUnlessAgain() throws {
        let store = makeTempDirectory("dup") + "/hikes.sqlite"
        let file = repoRoot + "/Samples/togeojson-multitrackgpx.gpx"
        #expect(cairn(["import", file, "--store", store]).status == 0)
        let ids = try idsInInsertOrder(store)
        let second = cairn(["import", file, "--store", store])
        #expect(second.status == 0)
        #expect(second.stdout.isEmpty)
        for id in ids { #expect(second.stderr.contains("already stored as \(id)")) }
        #expect(try HikeStore(path: store).hikeCount() == 3)
        // The same track in another file (the copy in ../shared/data) is still a duplicate.
        if let shared = sharedData("gpx") {
            let run = cairn(["import", shared + "/togeojson-multitrackgpx.gpx", "--track", "2", "--store", store])
            #expect(run.stderr.contains("already stored as \(ids[1])"))
        }
        #expect(cairn(["import", file, "--again", "--track", "2", "--store", store]).status == 0)
        #expect(try HikeStore(path: store).hikeCount() == 4)
    }

    @Test func listAndTrackChoose() throws {
        let store = makeTempDirectory("choose") + "/hikes.sqlite"
        let file = repoRoot + "/Samples/togeojson-multitrackgpx.gpx"
        let list = cairn(["import", "--list", file, "--store", store])
        #expect(list.status == 0)
        #expect(list.stdout.contains("1  track  Tag 1") && list.stdout.contains("3  track  Tag 3"))
        #expect(!FileManager.default.fileExists(atPath: store))  // --list imports nothing
        #expect(cairn(["import", file, "--track", "3", "--track", "1", "--store", store]).status == 0)
        #expect(try HikeStore(path: store).summaries(sortedBy: .name).map(\.name) == ["Tag 1", "Tag 3"])
        let bad = cairn(["import", file, "--track", "4", "--store", store])
        #expect(bad.status == 1 && bad.stderr.contains("no track 4"))
        #expect(cairn(["import", file, "--track", "x", "--store", store]).status == 2)
    }

    @Test func oneWaypointOrPlaceIsCountedInTheSingular() throws {
        let dir = makeTempDirectory("singular")
        let withTrack = dir + "/one-wpt.gpx", placesOnly = dir + "/one-place.gpx"
        let wpt = "<wpt lat=\"46.5\" lon=\"7.5\"><name>Hut</name></wpt>"
        let trk = "<trk><name>T</name><trkseg><trkpt lat=\"46.5\" lon=\"7.5\"/><trkpt lat=\"46.501\" lon=\"7.5\"/></trkseg></trk>"
        func gpx(_ body: String) -> String {
            "<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"t\" xmlns=\"http://www.topografix.com/GPX/1/1\">\(body)</gpx>\n"
        }
        try gpx(wpt + trk).write(toFile: withTrack, atomically: true, encoding: .utf8)
        try gpx(wpt).write(toFile: placesOnly, atomically: true, encoding: .utf8)
        let list = cairn(["import", "--list", placesOnly])
        #expect(list.stdout.contains("1 waypoint") && !list.stdout.contains("1 waypoints"), "\(list.stdout)")
        let a = cairn(["import", withTrack, "--store", dir + "/a.sqlite"])
        #expect(a.status == 0 && a.stdout.contains(", 1 waypoint ") && !a.stdout.contains("1 waypoints"), "\(a.stdout)")
        let b = cairn(["import", placesOnly, "--store", dir + "/b.sqlite"])
        #expect(b.status == 0 && b.stdout.contains("(1 place)"), "\(b.stdout)")
    }

    @Test func storeLocationFromEnvironment() throws {
        let dir = makeTempDirectory("env")
        let file = repoRoot + "/Samples/gpxpy-Mojstrovka.gpx"
        #expect(cairn(["import", file], environment: ["CAIRN_STORE": dir + "/a.sqlite"]).status == 0)
        #expect(cairn(["import", file], environment: ["XDG_DATA_HOME": dir + "/xdg"]).status == 0)
        #expect(try HikeStore(path: dir + "/a.sqlite").hikeCount() == 1)
        #expect(try HikeStore(path: dir + "/xdg/cairn/hikes.sqlite").hikeCount() == 1)
        let mode = try FileManager.default.attributesOfItem(atPath: dir + "/xdg/cairn")[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o700)
    }

    @Test func aTextFileAtTheStorePathIsRefusedAndKept() throws {
        let path = makeTempDirectory("text") + "/hikes.sqlite"
        let text = Data("not a database\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        let run = cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", "--store", path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("not a Cairn hike store"))
        #expect(fileBytes(path) == text)
        #expect(cairn(["list", "--store", path]).status == 1)
        #expect(fileBytes(path) == text)
    }

    @Test func progressBarOnlyWhenStderrIsATerminal() throws {
        let dir = makeTempDirectory("progress")
        let file = repoRoot + "/Samples/georust-gpx-garmin_with_extensions.gpx"
        let quiet = cairn(["import", file, "--store", dir + "/a.sqlite"])
        #expect(quiet.status == 0 && quiet.stderr.isEmpty)
        let shown = cairn(["import", file, "--store", dir + "/b.sqlite"], stderrIsTerminal: true)
        #expect(shown.status == 0)
        #expect(shown.stderr.contains("\r"))
        #expect(shown.stderr.contains("storing [" + String(repeating: "#", count: 30) + "] 100%"))
        #expect(shown.stderr.hasSuffix("\r\u{1B}[K"))  // erased before the result lines
    }

    @Test func anEmptyTrackAskedForExplicitlyFailsTheFile() throws {
        guard let dir = sharedData("gpx") else { return }
        let file = dir + "/gpxpy-cerknicko-jezero.gpx"
        let store = makeTempDirectory("empty-track") + "/hikes.sqlite"
        let list = cairn(["import", "--list", file])
        #expect(list.stdout.contains("1  track  ACTIVE LOG  0 m, 0 points  (empty, not imported)"), "\(list.stdout)")
        for tracks in [["--track", "1"], ["--track", "2", "--track", "1"]] {
            let run = cairn(["import", file, "--store", store] + tracks)
            #expect(run.status == 1, "\(tracks)")
            #expect(run.stderr == "cairn import: track 1 of gpxpy-cerknicko-jezero.gpx is empty; nothing imported\n", "\(run.stderr)")
            #expect(run.stdout.isEmpty)
            #expect(try HikeStore(path: store).hikeCount() == 0)
        }
        let beyond = cairn(["import", file, "--track", "9", "--store", store])
        #expect(beyond.status == 1)
        #expect(beyond.stderr.contains("there is no track 9 in gpxpy-cerknicko-jezero.gpx: choose 1 to 8"), "\(beyond.stderr)")
        #expect(try HikeStore(path: store).hikeCount() == 0)
        // The default choice still skips the empty track.
        #expect(cairn(["import", file, "--store", store]).status == 0)
        #expect(try HikeStore(path: store).hikeCount() == 7)
    }
}


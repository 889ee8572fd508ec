import CairnTestSupport
@testable import CairnCLI
import Foundation
import Testing
import TrailCore
import TrailFormats
import TrailStore
@testable import TrailMap

/// `cairn route` through the real command line, on the sample map.
@Suite struct RouteCommandTests {
    static let stops = ["42.5962642,1.5261846", "42.6195784,1.5388976", "42.6290536,1.5375506", "42.69,1.52"]

    func run(_ args: [String], dir: URL) -> (code: Int32, out: String, err: String) {
        let out = StringSink(), err = StringSink()
        let env = ["HOME": dir.path, "XDG_DATA_HOME": dir.appendingPathComponent("data").path, "LANG": "C.UTF-8"]
        let context = CommandContext(stdout: out, stderr: err, environment: env, currentDirectory: dir.path,
                                     now: { TestSupport.importTime })
        let code = CairnCLI.run(args, context: context)
        return (code, out.text, err.text)
    }

    /// Issue 34: a drawn route exported and imported elsewhere is dated by when it was drawn,
    /// in every format that can carry it (GPX metadata, KML Document TimeStamp, GeoJSON `time`).
    @Test func aReimportedDrawnRouteKeepsItsDrawingDate() throws {
        let dir = TestSupport.tempDirectory()
        let drawn = Date(timeIntervalSince1970: 1_717_236_000)  // 2024-06-01T10:00:00Z
        func run(_ args: [String], at now: Date) -> (code: Int32, out: String, err: String) {
            let out = StringSink(), err = StringSink()
            let env = ["HOME": dir.path, "XDG_DATA_HOME": dir.appendingPathComponent("data").path, "LANG": "C.UTF-8"]
            let context = CommandContext(stdout: out, stderr: err, environment: env, currentDirectory: dir.path, now: { now })
            return (CairnCLI.run(args, context: context), out.text, err.text)
        }
        let saved = run(["route", "42.556,1.533", "42.565,1.556", "--straight", "--save", "Up", "--store", "h.sqlite",
                         "--map", "none.sqlite", "--json"], at: drawn)
        #expect(saved.code == 0, "\(saved.err)")
        let id = try #require((try JSONSerialization.jsonObject(with: Data(saved.out.utf8)) as? [String: Any])?["savedAs"] as? String)
        for ext in ["gpx", "kml", "geojson"] {
            let exported = run(["export", id, "-o", "up.\(ext)", "--store", "h.sqlite"], at: drawn.addingTimeInterval(30 * 86_400))
            #expect(exported.code == 0, "\(exported.err)")
            let imported = run(["import", "up.\(ext)", "--store", "\(ext).sqlite"], at: drawn.addingTimeInterval(60 * 86_400))
            #expect(imported.code == 0, "\(imported.err)")
            let list = run(["list", "--json", "--store", "\(ext).sqlite"], at: drawn.addingTimeInterval(60 * 86_400))
            let rows = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [[String: Any]])
            #expect(rows.first?["startedAt"] as? String == "2024-06-01T10:00:00Z", "\(ext): \(list.out)")
        }
    }

    @Test func routesWritesGPXAndSavesADrawnHike() throws {
        let dir = TestSupport.tempDirectory()
        let r = run(["route"] + Self.stops + ["--map", RoutingFixtures.samplePath, "-o", "walk.gpx", "--save", "Llorts–Besalí",
                                              "--store", "hikes.sqlite", "--units", "metric"], dir: dir)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("Route: 4 stops, 3 legs"))
        #expect(r.out.contains("(1 straight)"))
        #expect(r.out.contains("1. Llorts (village, 0 m) → el Serrat (village, 0 m)"))
        #expect(r.out.contains("→ Cabana de Besalí (hut, 0 m)"))
        #expect(r.out.contains("straight (stop too far from paths)"))
        #expect(r.out.contains("© OpenStreetMap contributors"))
        #expect(r.out.contains("Saved as "))

        // The same stops through the planner, for comparison.
        let planner = RoutePlanner(store: try RoutingFixtures.sampleStore())
        let plan = planner.plan(stops: try Self.stops.map(RouteCommand.parseStop))

        // GPX: one track, one segment per leg, the leg's points.
        let doc = try GPXReader.read(url: dir.appendingPathComponent("walk.gpx")).document
        #expect(doc.version == "1.1" && doc.tracks.count == 1 && doc.routes.isEmpty)
        let track = try #require(doc.tracks.first)
        #expect(track.name == "Llorts–Besalí" && track.segments.count == 3)
        // Written to 7 decimals (DECISIONS 722): each point within 0.5e-7° of the leg's.
        for (segment, leg) in zip(track.segments, plan.legs) {
            #expect(segment.points.count == leg.coordinates.count)
            #expect(zip(segment.points, leg.coordinates).allSatisfy {
                abs($0.latitude - $1.latitude) <= 0.5e-7 + 1e-12 && abs($0.longitude - $1.longitude) <= 0.5e-7 + 1e-12
            })
        }

        // The hike store: one drawn hike whose statistics distance (Vincenty over the points)
        // matches the plan's length.
        let store = try HikeStore(path: dir.appendingPathComponent("hikes.sqlite").path)
        let hikes = try store.summaries()
        #expect(hikes.count == 1 && hikes[0].kind == .drawn && hikes[0].name == "Llorts–Besalí")
        #expect(abs(hikes[0].statistics.distance - plan.length) < 1e-5 * plan.length)

        // Saving the same route again stores nothing.
        let again = run(["route"] + Self.stops + ["--map", RoutingFixtures.samplePath, "--save", "again",
                                                  "--store", "hikes.sqlite"], dir: dir)
        #expect(again.code == 0 && again.out.contains("Already stored as \(hikes[0].id)"))
        #expect(try store.hikeCount() == 1)
    }

    @Test func jsonReport() throws {
        let dir = TestSupport.tempDirectory()
        let r = run(["route", Self.stops[1], Self.stops[2], "--map", RoutingFixtures.samplePath, "--json", "--max-sac", "mountain_hiking"],
                    dir: dir)
        #expect(r.code == 0, "\(r.err)")
        let root = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let legs = try #require(root["legs"] as? [[String: Any]])
        #expect(legs.count == 1 && legs[0]["routed"] as? Bool == true && root["maxSAC"] as? String == "T2")
        let planner = RoutePlanner(store: try RoutingFixtures.sampleStore(), options: RouteOptions(maxSAC: .t2))
        let leg = planner.leg(from: try RouteCommand.parseStop(Self.stops[1]), to: try RouteCommand.parseStop(Self.stops[2]))
        #expect(abs((legs[0]["lengthMetres"] as? Double ?? 0) - leg.length) < 1e-9 * leg.length)
        #expect((legs[0]["points"] as? [[Double]])?.count == leg.coordinates.count)
        #expect(legs[0]["hardestSAC"] as? String == "T2")
        let stops = try #require(root["stops"] as? [[String: Any]])
        #expect((stops[1]["place"] as? [String: Any])?["name"] as? String == "Cabana de Besalí")
    }

    @Test func straightAndWithoutAMap() throws {
        let dir = TestSupport.tempDirectory()
        let straight = run(["route", Self.stops[0], Self.stops[1], "--map", RoutingFixtures.samplePath, "--straight"], dir: dir)
        #expect(straight.code == 0 && straight.out.contains("straight (routing off)"))
        let noMap = run(["route", Self.stops[0], Self.stops[1], "--map", "absent.sqlite"], dir: dir)
        #expect(noMap.code == 0 && noMap.out.contains("straight (map unavailable)"))
        #expect(noMap.err.contains("no map store at"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("absent.sqlite").path))
    }

    @Test func badArguments() throws {
        let dir = TestSupport.tempDirectory()
        for args in [["route", "42.6,1.5"], ["route", "42.6", "42.7,1.5"], ["route", "95,1", "42,1"],
                     ["route", "42.6,1.5", "42.7,1.5", "--max-sac", "T9"], ["route", "42.6,1.5", "42.7,1.5", "--bogus"],
                     ["route", "42.6,1.5", "42.7,1.5", "--save", " "]] {
            let r = run(args, dir: dir)
            #expect(r.code == 2, "\(args): \(r.err)")
        }
        #expect(try RouteCommand.parseStop(" -33.9 , 18.4") == Coordinate(latitude: -33.9, longitude: 18.4))
    }

    @Test func theSameStopTwiceIsZeroMetres() throws {
        let dir = TestSupport.tempDirectory()
        let r = run(["route", "42.6196,1.5389", "42.6196,1.5389", "--map", RoutingFixtures.samplePath, "--units", "metric"], dir: dir)
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("Route: 2 stops, 1 leg, 0 m"), "\(r.out)")
        #expect(r.out.contains("0 m  stops on the same spot"))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("data").path))  // no store made
    }
}

import CairnTestSupport
@testable import CairnCLI
import Foundation
import Testing
import TrailCore
import TrailFormats
import TrailStore
@testable import TrailMap

/// A saved drawing keeps its stops (as waypoints) and says which legs are straight, in the
/// store and in every export; `cairn show` dates it as drawn (issue 7, tester's report).
@Suite struct DrawnHikeStopsTests {
    func run(_ args: [String], dir: URL) -> (code: Int32, out: String, err: String) {
        let out = StringSink(), err = StringSink()
        let env = ["HOME": dir.path, "XDG_DATA_HOME": dir.appendingPathComponent("data").path, "LANG": "C.UTF-8"]
        let context = CommandContext(stdout: out, stderr: err, environment: env, currentDirectory: dir.path,
                                     now: { TestSupport.importTime })
        let code = CairnCLI.run(args, context: context)
        return (code, out.text, err.text)
    }

    @Test func stopWaypointsAreNamedInOrderWithStopNForUnnamed() {
        let a = Coordinate(latitude: 42.6, longitude: 1.52), b = Coordinate(latitude: 42.61, longitude: 1.53),
            c = Coordinate(latitude: 42.62, longitude: 1.54)
        let plan = RoutePlan(stops: [a, b, c], legs: [RouteLeg.straight(from: a, to: b, reason: .routingOff, routingRequested: false),
                                                      RouteLeg.straight(from: b, to: c, reason: .noPath, routingRequested: true)])
        let hike = plan.drawnHike(name: "Test", time: Date(timeIntervalSince1970: 0), stopNames: ["Llorts", nil, "  "])
        #expect(hike.waypoints.map(\.name) == ["Llorts", "Stop 2", "Stop 3"])
        #expect(hike.waypoints.allSatisfy { $0.type == "stop" })
        #expect(hike.waypoints.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } == [a, b, c])
        #expect(hike.description == "2 legs drawn in Cairn; straight: leg 1 (routing off), leg 2 (no path).")
        #expect(hike.description == hike.tracks[0].description)
    }

    @Test func savedRouteExportsItsStopsAndStraightLegs() throws {
        let dir = TestSupport.tempDirectory()
        let stops = RouteCommandTests.stops
        let r = run(["route"] + stops + ["--map", RoutingFixtures.samplePath, "-o", "walk.gpx", "--save", "Llorts–Besalí",
                                         "--store", "hikes.sqlite"], dir: dir)
        #expect(r.code == 0, "\(r.err)")
        // The 4th stop (42.69,1.52) has no named place within 500 m: "Stop 4".
        let names = ["Llorts", "el Serrat", "Cabana de Besalí", "Stop 4"]
        let desc = "3 legs drawn in Cairn; straight: leg 3 (stop too far from paths)."
        let written = try GPXReader.read(url: dir.appendingPathComponent("walk.gpx")).document
        #expect(written.waypoints.map(\.name) == names)
        #expect(written.tracks.first?.description == desc)

        let store = try HikeStore(path: dir.appendingPathComponent("hikes.sqlite").path)
        let id = try #require(try store.summaries().first?.id)
        #expect(try store.summary(id).description == desc)
        let kept = try store.waypoints(of: id)
        #expect(kept.map(\.name) == names && kept.allSatisfy { $0.type == "stop" })
        let expectedStops = try stops.map(RouteCommand.parseStop)
        #expect(kept.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } == expectedStops)

        // Exports carry the same.
        #expect(run(["export", id.rawValue, "-o", "out.gpx", "--store", "hikes.sqlite"], dir: dir).code == 0)
        let exported = try GPXReader.read(url: dir.appendingPathComponent("out.gpx")).document
        #expect(exported.waypoints.map(\.name) == names && exported.waypoints.allSatisfy { $0.type == "stop" })
        #expect(exported.tracks.first?.description == desc)
        #expect(run(["export", id.rawValue, "-o", "out.geojson", "--store", "hikes.sqlite"], dir: dir).code == 0)
        let geojson = try String(contentsOf: dir.appendingPathComponent("out.geojson"), encoding: .utf8)
        for name in names { #expect(geojson.contains("\"\(name)\"")) }

        // show: drawn on a date, not "Started" at the save time.
        let shown = run(["show", id.rawValue, "--store", "hikes.sqlite"], dir: dir)
        #expect(shown.code == 0, "\(shown.err)")
        #expect(!shown.out.contains("Started"))
        let drawnLine = shown.out.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("Drawn") }
        let day = UnitFormatter(system: .metric).date(TestSupport.importTime)
        #expect(drawnLine.map { $0.hasSuffix(day) } == true, "\(shown.out)")
        #expect(shown.out.contains("Waypoints (4)"))
    }
}

/// `cairn route` words the walk to and from the ways exactly (issue 7, tester's report).
@Suite struct RouteConnectorWordingTests {
    @Test func summarySaysHowFarTheStopsAreFromTheWays() throws {
        let dir = TestSupport.tempDirectory()
        // Two routable stops, each moved about 55 m north off where it was.
        let stops = try [RouteCommandTests.stops[1], RouteCommandTests.stops[2]].map(RouteCommand.parseStop)
            .map { Coordinate(latitude: $0.latitude + 0.0005, longitude: $0.longitude) }
        let args = stops.map { String(format: "%.7f,%.7f", $0.latitude, $0.longitude) }
        let r = DrawnHikeStopsTests().run(["route"] + args + ["--map", RoutingFixtures.samplePath, "--units", "metric"], dir: dir)
        #expect(r.code == 0, "\(r.err)")
        let plan = RoutePlanner(store: try RoutingFixtures.sampleStore()).plan(stops: stops)
        #expect(plan.straightLegCount == 0)
        let leg = plan.legs[0]
        let off = (leg.startConnector ?? 0) + (leg.endConnector ?? 0)
        #expect(off >= 1)
        // Each connector is at least the distance from the stop to the first/last point on a way.
        #expect((leg.startConnector ?? 0) <= Geodesy.distance(from: stops[0], to: leg.coordinates[1]) + 0.01)
        let metres = UnitFormatter(system: .metric).distance(off)
        #expect(r.out.contains(", along mapped ways except \(metres) from the stops to the nearest way"), "\(r.out)")
        #expect(!r.out.contains("all along"))
        #expect(plan.track(name: nil).description
                == "1 leg drawn in Cairn, along mapped ways except \(Int(off.rounded())) m from the stops to the nearest way.")
    }
}

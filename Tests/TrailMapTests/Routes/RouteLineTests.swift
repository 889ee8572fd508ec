import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// Members assembled into one ordered line: roles, orientation by continuity, gaps marked;
/// the sample extract's routes against `Tools/reference/route_length_reference.py`.
@Suite struct RouteLineTests {
    static let origin = Coordinate(latitude: 42.55, longitude: 1.55)

    /// A way of `count` points 100 m apart eastwards starting `east` metres east of the origin.
    static func way(east: Double, count: Int = 3, north: Double = 0) -> [Coordinate] {
        let start = Geodesy.destination(from: Geodesy.destination(from: origin, distance: east, bearing: 90), distance: north, bearing: 0)
        return (0..<count).map { Geodesy.destination(from: start, distance: Double($0) * 100, bearing: 90) }
    }

    static func route(_ parts: [([Coordinate], String)], extraMembers: [HikingRoute.Member] = []) -> HikingRoute {
        let members = parts.enumerated().map { HikingRoute.Member(type: .way, ref: Int64($0.offset + 1), role: $0.element.1, isPresent: true) }
        return HikingRoute(id: 1, route: "hiking", tags: [:], members: members + extraMembers, isComplete: true,
                           parts: parts.map(\.0), bounds: BoundingBox(covering: parts.flatMap(\.0)))
    }

    @Test func reversedWaysAreTurnedAndJoined() {
        // Ways 0–200 m, 200–400 m drawn backwards, 400–600 m: one run, 7 points, 600 m.
        let a = Self.way(east: 0), b = Array(Self.way(east: 200).reversed()), c = Self.way(east: 400)
        let line = RouteLine(route: Self.route([(a, ""), (b, ""), (c, "")]))
        #expect(line.runs.count == 1)
        #expect(line.gaps.isEmpty)
        #expect(line.runs[0].count == 7)
        #expect(abs(line.length - 600) < 0.01)
        // In order eastwards.
        let xs = line.runs[0].map(\.longitude)
        #expect(xs == xs.sorted())
    }

    @Test func firstWayTurnedTowardsTheSecond() {
        let a = Array(Self.way(east: 0).reversed()), b = Self.way(east: 200)
        let line = RouteLine(route: Self.route([(a, ""), (b, "")]))
        #expect(line.runs.count == 1)
        #expect(line.runs[0].first == a.last)
    }

    @Test func rolesFixTheDirection() {
        // "backward" reverses the way even against continuity; "forward" keeps it.
        let a = Self.way(east: 0), b = Array(Self.way(east: 200).reversed())
        let line = RouteLine(route: Self.route([(a, "forward"), (b, "backward")]))
        #expect(line.runs.count == 1 && line.rolesApplied)
        let kept = RouteLine(route: Self.route([(a, "forward"), (b, "forward")]))
        // b kept as drawn starts 400 m east, away from a's end: a gap, marked.
        #expect(kept.runs.count == 2)
        #expect(abs(kept.gaps[0].length - 200) < 0.5)
    }

    @Test func gapsAreMarkedNeverBridgedSilently() {
        let a = Self.way(east: 0), c = Self.way(east: 500)
        let line = RouteLine(route: Self.route([(a, ""), (c, "")]))
        #expect(line.runs.count == 2)
        #expect(line.gaps.count == 1)
        #expect(abs(line.gaps[0].length - 300) < 0.01)
        #expect(abs(line.gaps[0].along - 200) < 0.01)
        // The gap is not part of the length.
        #expect(abs(line.length - 400) < 0.01)
        // A stored hike: one segment per run, a waypoint at the gap.
        let summary = RouteSummary(route: Self.route([(a, ""), (c, "")]))
        let hike = summary.hike()
        // A planned line: the drawn kind, undated (no start time).
        #expect(hike.kind == .drawn)
        #expect(hike.metadata.time == nil)
        #expect(hike.tracks.allSatisfy { $0.segments.allSatisfy { $0.points.allSatisfy { $0.time == nil } } })
        #expect(hike.tracks[0].segments.count == 2)
        #expect(hike.waypoints.count == 1 && hike.waypoints[0].type == "gap")
        #expect(hike.tracks[0].links.first?.href == "https://www.openstreetmap.org/relation/1")
    }

    @Test func sideBranchesAndNodesAreLeftOut() {
        let a = Self.way(east: 0), spur = Self.way(east: 0, north: 300), b = Self.way(east: 200)
        let node = HikingRoute.Member(type: .node, ref: 99, role: "guidepost", isPresent: true)
        let line = RouteLine(route: Self.route([(a, ""), (spur, "excursion"), (b, "")], extraMembers: [node]))
        #expect(line.runs.count == 1)
        #expect(line.sideWayCount == 1 && line.wayCount == 2)
    }

    @Test func longDistanceByLengthOrTag() {
        let a = Self.way(east: 0)
        var r = Self.route([(a, "")])
        #expect(!RouteSummary(route: r).isLongDistance)
        r = HikingRoute(id: 2, route: "hiking", tags: ["distance": "840 km", "network": "nwn"], members: r.members,
                        isComplete: false, parts: r.parts, bounds: r.bounds)
        let s = RouteSummary(route: r)
        #expect(s.isLongDistance)
        #expect(s.taggedDistance == 840_000)
        #expect(s.network == "national")
    }

    struct Reference: Decodable {
        struct Row: Decodable { let id: Int64; let ways: Int; let lengthMetres: Double }
        let routes: [Row]
    }

    @Test func sampleRoutesMatchTheGeodesicSumOfTheirWays() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("route-lengths-reference.json")))
        let reference = try JSONDecoder().decode(Reference.self, from: data)
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        let world = BoundingBox(minLatitude: -90, minLongitude: -180, maxLatitude: 90, maxLongitude: 180)
        let summaries = try store.routeSummaries(in: world, includeLongDistance: true)
        #expect(Set(summaries.map(\.id)) == Set(reference.routes.map(\.id)))
        for row in reference.routes {
            let s = try #require(summaries.first { $0.id == row.id })
            // Vincenty against Karney on the same points: well under a millimetre a segment.
            #expect(abs(s.length - row.lengthMetres) < 0.05, "relation \(row.id): \(s.length) vs \(row.lengthMetres)")
            // The gap rule: consecutive runs are more than the join tolerance apart; within a
            // run every way starts where the line so far ends.
            for g in s.line.gaps { #expect(g.length > RouteLine.joinTolerance) }
            for (run, next) in zip(s.line.runs, s.line.runs.dropFirst()) {
                #expect(run.last!.distance(to: next.first!) > RouteLine.joinTolerance)
            }
            if s.line.sideWayCount == 0 {
                let points = s.route.parts.reduce(0) { $0 + $1.count }
                let joins = s.line.wayCount - s.line.runs.count
                #expect(s.line.coordinates.count == points - joins, "relation \(row.id)")
            }
        }
    }
}

extension RouteLineTests {
    /// The box around a point reaches √2 × the radius at its corners; `within` keeps only the
    /// routes whose nearest point is inside the radius. Expected ids by haversine (R = 6371008.8 m)
    /// from (42.6, 1.5) to every node of each route's ways in Samples/andorra-ordino.osm:
    /// 5511920 at 612 m, 8593599 at 1872 m; next 10603859 and 3509400 at 2345 m (in the box).
    @Test func nearWithinRadiusDropsRoutesInTheBoxCornersOnly() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        let p = Coordinate(latitude: 42.6, longitude: 1.5)
        let box = BoundingBox(p).expanded(byMetres: 2000)
        let inBox = try store.routeSummaries(in: box, near: p, includeLongDistance: true)
        #expect(inBox.contains { $0.id == 10603859 })
        let near = try store.routeSummaries(in: box, near: p, within: 2000, includeLongDistance: true)
        #expect(near.map(\.id) == [5511920, 8593599])
    }
}

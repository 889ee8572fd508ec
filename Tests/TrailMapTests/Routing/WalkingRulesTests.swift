import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// The walking rules on a hand-made fixture, Fixtures/routing-rules.osm: eight ways join the
/// same two nodes S (45.0 N 7.0 E) and T (45.0 N 7.01 E), way 100+k through a middle node
/// at 45.0 + 0.001·k N 7.005 E, so a larger k is a longer way. Their tags:
/// 100 trunk foot=yes, 101 primary foot=no, 102 path access=private, 103 path sac_scale
/// demanding_alpine_hiking (T5), 104 via_ferrata, 105 cycleway, 106 track access=private
/// foot=yes, 107 path sac_scale mountain_hiking (T2). Way 200 is a footway on its own
/// about 940 m east of T. Expected lengths are geodesics (Vincenty, TrailCore) along the
/// way's two segments.
@Suite struct WalkingRulesTests {
    static let s = Coordinate(latitude: 45.0, longitude: 7.0)
    static let t = Coordinate(latitude: 45.0, longitude: 7.01)
    static func middle(_ k: Int) -> Coordinate { Coordinate(latitude: 45.0 + 0.001 * Double(k), longitude: 7.005) }
    static func wayLength(_ k: Int) -> Double { s.distance(to: middle(k)) + middle(k).distance(to: t) }
    static func way(_ id: Int64) -> MapFeatureID { MapFeatureID(type: .way, osmID: id) }

    static let mapPath: String = {
        let path = TestSupport.tempDirectory().appendingPathComponent("map.sqlite").path
        let store = try! MapStore(path: path)
        _ = try! store.importOSM(path: TestSupport.fixture("routing-rules.osm"), importedAt: TestSupport.importTime)
        return path
    }()

    func planner(_ options: RouteOptions = RouteOptions(), elevation: ElevationLookup? = nil) throws -> RoutePlanner {
        RoutePlanner(store: try MapStore(path: Self.mapPath, readOnly: true), options: options, elevation: elevation)
    }

    @Test func onlyWalkableWaysMakeTheGraph() throws {
        let p = try planner()
        let graph = try #require(p.graph(covering: [Self.s, Self.t]))
        #expect(graph.wayIDs == Set([103, 104, 106, 107, 200].map(Self.way)))
        #expect(graph.nodeCount == 4)   // S, T and the two ends of way 200
        #expect(graph.edges.count == 5)
    }

    static let capCases: [(RouteOptions, Int64)] = [
        (RouteOptions(), 106),
        (RouteOptions(maxSAC: .t6), 103),
        (RouteOptions(allowViaFerrata: true), 104),
        (RouteOptions(maxSAC: .t6, allowViaFerrata: true), 103),
        (RouteOptions(maxSAC: .t5), 103),
    ]

    @Test(arguments: capCases)
    func theShortestAllowedWayIsTaken(options: RouteOptions, expected: Int64) throws {
        let leg = try planner(options).leg(from: Self.s, to: Self.t)
        #expect(leg.isRouted && leg.ways == [Self.way(expected)])
        let k = Int(expected - 100)
        #expect(abs(leg.length - Self.wayLength(k)) < 1e-6 * leg.length)
        #expect(leg.coordinates == [Self.s, Self.middle(k), Self.t])
        #expect(leg.startConnector == 0 && leg.endConnector == 0)
        #expect(leg.hardestGrade == (k == 3 ? .t5 : nil))
    }

    @Test func theCapClosesHarderWaysAndGradesAreReported() throws {
        // Capped at T1, only the ungraded track 106 and the T2 path 107 remain; 107 is closed too.
        let leg = try planner(RouteOptions(maxSAC: .t1)).leg(from: Self.s, to: Self.t)
        #expect(leg.ways == [Self.way(106)])
        // Reverse direction, same way and length.
        let back = try planner().leg(from: Self.t, to: Self.s)
        #expect(back.ways == [Self.way(106)] && back.coordinates == [Self.t, Self.middle(6), Self.s])
    }

    /// Elevations: 200 m at the middle of way 106, 30 m at the middle of way 107, 0 elsewhere.
    struct Bumps: ElevationLookup {
        func elevation(at c: Coordinate) -> Double? {
            if c == WalkingRulesTests.middle(6) { return 200 }
            if c == WalkingRulesTests.middle(7) { return 30 }
            return 0
        }
    }

    @Test func climbingCostsDIN33466Metres() throws {
        // Way 106 (shorter, 200 m up and down) against 107 (longer, 30 m): the flatter detour wins.
        let leg = try planner(elevation: Bumps()).leg(from: Self.s, to: Self.t)
        #expect(leg.ways == [Self.way(107)])
        #expect(abs(leg.ascent - 30) < 1e-9 && abs(leg.descent - 30) < 1e-9)
        let graph = try #require(try planner(elevation: Bumps()).graph(covering: [Self.s, Self.t]))
        let e106 = try #require(graph.edges.first { $0.way == Self.way(106) })
        #expect(e106.ascent == 200 && e106.descent == 200)
        // DIN 33466 on the edge: h = length, v = 13.33 × (200 + 200 × 0.6) = 4266.7 m; max + min / 2.
        let v = 4000.0 / 300 * (200 + 200 * 0.6), h = e106.length
        #expect(abs(e106.cost(metres: h, forward: true, climbPenalty: 4000.0 / 300) - (max(h, v) + min(h, v) / 2)) < 1e-9)
        let e107 = try #require(graph.edges.first { $0.way == Self.way(107) })
        #expect(e107.length > h, "the detour is longer")
        // Without the climb penalty the shorter 106 wins again.
        var flat = RouteOptions()
        flat.climbPenalty = 0
        #expect(try planner(flat, elevation: Bumps()).leg(from: Self.s, to: Self.t).ways == [Self.way(106)])
    }

    @Test func unroutableLegsAreStraightAndSayWhy() throws {
        let p = try planner()
        let far = Coordinate(latitude: 45.02, longitude: 7.005)  // 2.2 km north of every way
        let isolated = Coordinate(latitude: 45.0005, longitude: 7.0225)
        let cases: [(Coordinate, Coordinate, Bool, StraightReason)] = [
            (Self.s, far, true, .stopTooFarFromPaths),
            (far, Self.t, true, .stopTooFarFromPaths),
            (Self.s, isolated, true, .noPath),
            (Self.s, Self.t, false, .routingOff),
            (Self.s, Coordinate(latitude: 45.46, longitude: 7.0), true, .stopsTooFarApart),   // 51 km
        ]
        for (a, b, routing, reason) in cases {
            let leg = p.leg(from: a, to: b, routing: routing)
            #expect(leg.straightReason == reason && !leg.isRouted && leg.routingRequested == routing)
            #expect(leg.coordinates == [a, b] && leg.length == a.distance(to: b) && leg.onWayRange == nil)
        }
        #expect(p.graphsBuilt == 1)   // the 51 km leg built no graph
    }

    @Test func aStopSnapsToTheNearestPointInsideASegment() throws {
        let p = try planner()
        let graph = try #require(p.graph(covering: [Self.s, Self.t]))
        let a = Coordinate(latitude: 45.0, longitude: 7.022), b = Coordinate(latitude: 45.001, longitude: 7.023)
        let stop = Coordinate(latitude: 45.0006, longitude: 7.0222)
        let snap = try #require(graph.snap(stop, maxDistance: 200))
        #expect(graph.edges[snap.edge].way == Self.way(200))
        // On the segment: the two parts add up to the whole (1 mm).
        #expect(abs(a.distance(to: snap.coordinate) + snap.coordinate.distance(to: b) - a.distance(to: b)) < 0.001)
        #expect(abs(snap.offset - a.distance(to: snap.coordinate)) < 0.001)
        #expect(abs(snap.distance - stop.distance(to: snap.coordinate)) < 0.01)
        // Nearest: no point of the segment, sampled every 1/1000, is closer by more than 1 mm.
        for i in 0...1000 {
            let f = Double(i) / 1000
            let q = Coordinate(latitude: a.latitude + f * (b.latitude - a.latitude), longitude: a.longitude + f * (b.longitude - a.longitude))
            #expect(stop.distance(to: q) >= snap.distance - 0.001)
        }
        // The routed leg from that stop starts with the connector.
        let leg = p.leg(from: stop, to: b)
        #expect(leg.isRouted && leg.coordinates.first == stop && leg.coordinates[1] == snap.coordinate)
        #expect(abs((leg.startConnector ?? 0) - snap.distance) < 0.01)
        #expect(abs(leg.length - (stop.distance(to: snap.coordinate) + snap.coordinate.distance(to: b))) < 0.01)
        // Beyond the snapping distance nothing is found.
        #expect(graph.snap(stop, maxDistance: snap.distance - 0.01) == nil)
    }

    @Test func sacScaleValues() {
        #expect(SACScale.osmValues.compactMap(SACScale.init(tagValue:)) == SACScale.allCases)
        #expect(SACScale(tagValue: "T3") == .t3 && SACScale(tagValue: "t6") == .t6 && SACScale(tagValue: " alpine_hiking ") == .t4)
        for bad in ["", "T0", "T7", "yes", "difficult_mountain_hiking", "mountain_hiking;alpine_hiking", "3"] {
            #expect(SACScale(tagValue: bad) == nil, "\(bad)")
        }
        #expect(SACScale.defaultLimit == .t4 && SACScale.t5.description == "T5" && SACScale.t2.osmValue == "mountain_hiking")
    }

    @Test func accessTable() {
        let cases: [(FeatureClass, [String: String], Bool)] = [
            (.path, [:], true), (.motorway, ["foot": "yes"], false), (.trunk, ["foot": "designated"], false),
            (.primaryRoad, [:], true), (.primaryRoad, ["foot": "no"], false), (.footway, ["foot": "use_sidepath"], false),
            (.track, ["access": "private"], false), (.track, ["access": "private", "foot": "yes"], true),
            (.track, ["access": "forestry"], false), (.track, ["access": "forestry", "foot": "permissive"], true),
            (.track, ["access": "destination"], true), (.path, ["access": "no", "foot": "designated"], true),
            (.path, ["foot": "private", "access": "yes"], false), (.cycleway, [:], false),
            (.cycleway, ["foot": "yes"], true), (.cycleway, ["foot": "discouraged"], false),
            (.viaFerrata, [:], true), (.steps, ["access": "military"], false), (.peak, [:], false),
        ]
        for (c, tags, walkable) in cases { #expect(WalkingRules.isWalkable(c, tags: tags) == walkable, "\(c) \(tags)") }
        #expect(WalkingRules.costFactor(.primaryRoad, tags: ["trail_visibility": "no"]) == 3.0)
        #expect(WalkingRules.costFactor(.steps, tags: ["trail_visibility": "bad"]) == 1.2 * 1.2)
        #expect(WalkingRules.costFactor(.path, tags: ["trail_visibility": "excellent"]) == 1.0)
        for c in WalkingRules.candidateClasses { #expect(WalkingRules.costFactor(c, tags: [:]) >= 1) }
    }
}

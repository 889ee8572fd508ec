import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// The planner the TUI drives, on the shipped sample extract.
@Suite struct RoutePlannerTests {
    // Stops from the sample's named features (grep for the names in Samples/andorra-ordino.osm).
    static let llorts = Coordinate(latitude: 42.5962642, longitude: 1.5261846)       // village Llorts
    static let serrat = Coordinate(latitude: 42.6195784, longitude: 1.5388976)       // village el Serrat
    static let besali = Coordinate(latitude: 42.6290536, longitude: 1.5375506)       // hut Cabana de Besalí
    static let sorteny = Coordinate(latitude: 42.6226844, longitude: 1.5640611)      // hut Refugi Borda de Sorteny
    static let rialb = Coordinate(latitude: 42.6404046, longitude: 1.5612409)        // hut Refugi de Rialb
    static let france = Coordinate(latitude: 42.69, longitude: 1.52)                // > 2 km from every way

    func planner() throws -> RoutePlanner { RoutePlanner(store: try RoutingFixtures.sampleStore()) }

    @Test func changesRerouteOnlyTheLegsTheyTouch() throws {
        let p = try planner()
        let plan = p.plan(stops: [Self.llorts, Self.serrat, Self.besali, Self.sorteny])
        #expect(plan.legs.count == 3 && plan.straightLegCount == 0 && p.legsComputed == 3)
        #expect(zip(plan.legs, plan.stops.indices).allSatisfy { $0.from == plan.stops[$1] && $0.to == plan.stops[$1 + 1] })

        // Move stop 2: legs 1 and 2 are new, leg 0 is kept.
        let moved = Coordinate(latitude: 42.6285, longitude: 1.5380)
        let afterMove = p.apply(.move(2, to: moved), to: plan)
        #expect(p.legsComputed == 5)
        #expect(afterMove.stops == [Self.llorts, Self.serrat, moved, Self.sorteny])
        #expect(afterMove.legs[0] == plan.legs[0] && afterMove.legs[1].to == moved && afterMove.legs[2].from == moved)

        // Insert at 3 (between moved and sorteny): the split leg becomes two new legs.
        let afterInsert = p.apply(.insert(Self.rialb, at: 3), to: afterMove)
        #expect(p.legsComputed == 7 && afterInsert.legs.count == 4)
        #expect(Array(afterInsert.legs[0...1]) == Array(afterMove.legs[0...1]))

        // Delete stop 1: its two legs become one.
        let afterDelete = p.apply(.delete(1), to: afterInsert)
        #expect(p.legsComputed == 8 && afterDelete.legs.count == 3)
        #expect(Array(afterDelete.legs[1...2]) == Array(afterInsert.legs[2...3]))

        // Move stop 1 down one place: the three legs around the swap are new, none other.
        let afterReorder = p.apply(.reorder(from: 1, to: 2), to: afterDelete)
        #expect(afterReorder.stops == [Self.llorts, Self.rialb, moved, Self.sorteny])
        #expect(p.legsComputed == 11)

        // Out-of-range changes leave the plan alone.
        #expect(p.apply(.delete(9), to: afterReorder) == afterReorder && p.legsComputed == 11)

        // A change of options re-routes everything.
        p.options.maxSAC = .t2
        _ = p.apply(.move(0, to: Self.llorts), to: afterReorder)
        #expect(p.legsComputed == 14)
    }

    @Test func newLegsTakeTheRoutingSwitchAndOldLegsKeepTheirs() throws {
        let p = try planner()
        let plan = p.plan(stops: [Self.llorts, Self.serrat, Self.besali])
        let straightInsert = p.apply(.insert(Self.sorteny, at: 3), to: plan, routing: false)
        #expect(straightInsert.legs.map(\.isRouted) == [true, true, false])
        #expect(straightInsert.legs[2].straightReason == .routingOff && !straightInsert.legs[2].routingRequested)
        #expect(straightInsert.straightLegCount == 1)
        let straight = p.plan(stops: [Self.llorts, Self.serrat, Self.besali], routing: false)
        #expect(straight.legs.allSatisfy { $0.straightReason == .routingOff })
        #expect(abs(straight.length - (Self.llorts.distance(to: Self.serrat) + Self.serrat.distance(to: Self.besali))) < 1e-6)
    }

    @Test func aStopFarFromPathsMakesItsLegsStraightAndTheRestStaysRouted() throws {
        let p = try planner()
        let plan = p.plan(stops: [Self.serrat, Self.besali, Self.france, Self.rialb])
        #expect(plan.legs.map(\.straightReason) == [nil, .stopTooFarFromPaths, .stopTooFarFromPaths])
        #expect(plan.coordinates.first == Self.serrat && plan.coordinates.last == Self.rialb)
        // The joined line passes every stop once.
        let line = plan.coordinates
        for stop in plan.stops { #expect(line.contains(stop)) }
        #expect(line.count == plan.legs.reduce(1) { $0 + $1.coordinates.count - 1 })
        #expect(abs(plan.length - plan.legs.reduce(0) { $0 + $1.length }) < 1e-9)
    }

    /// Checked by brute force: every insertion position, each with a full fresh plan.
    @Test func aPinGoesWhereItAddsTheLeast() throws {
        let p = try planner()
        let stops = [Self.llorts, Self.serrat, Self.sorteny, Self.rialb]
        let plan = p.plan(stops: stops)
        for pin in [Self.besali, Coordinate(latitude: 42.6100, longitude: 1.5330), Coordinate(latitude: 42.6320, longitude: 1.5640)] {
            let insertion = p.insertionWithShortestDetour(of: pin, into: plan)
            var best = (index: -1, length: Double.infinity)
            for i in 1..<stops.count {
                var s = stops
                s.insert(pin, at: i)
                let length = try planner().plan(stops: s).length
                if length < best.length - 1e-6 { best = (i, length) }
            }
            #expect(insertion.index == best.index, "\(pin)")
            #expect(abs(insertion.plan.length - best.length) < 1e-6)
            #expect(abs(insertion.addedLength - (best.length - plan.length)) < 1e-6)
            #expect(insertion.plan.stops[insertion.index] == pin && insertion.plan.legs.count == 4)
        }
        // Fewer than two stops: the pin is appended.
        let one = p.plan(stops: [Self.serrat])
        let appended = p.insertionWithShortestDetour(of: Self.besali, into: one)
        #expect(appended.index == 1 && appended.plan.stops == [Self.serrat, Self.besali] && appended.plan.legs.count == 1)
    }

    @Test func theGraphIsBuiltOnceForNearbyStops() throws {
        let p = try planner()
        _ = p.plan(stops: [Self.serrat, Self.besali, Self.sorteny, Self.rialb])
        #expect(p.graphsBuilt == 1)
        _ = p.leg(from: Self.besali, to: Self.sorteny)
        _ = p.apply(.insert(Coordinate(latitude: 42.628, longitude: 1.55), at: 1), to: p.plan(stops: [Self.serrat, Self.rialb]))
        #expect(p.graphsBuilt == 1)
        // A far stop widens the area once.
        _ = p.leg(from: Self.rialb, to: Self.france)
        #expect(p.graphsBuilt == 2)
        let box = try #require(p.graph?.box)
        #expect(box.contains(Self.serrat) && box.contains(Self.france))
    }

    @Test func placesNearStopsAndSearch() throws {
        let p = try planner()
        // el Serrat is a village node on the valley road: something named is within 300 m.
        let near = try #require(try p.nearestPlace(to: Self.serrat, maxDistance: 300))
        #expect(near.distance ?? .infinity <= 300)
        let found = try p.search(name: "besali", near: Self.serrat)
        #expect(found.contains { $0.name == "Cabana de Besalí" } && found.contains { $0.name == "Pic de Besalí" })
        #expect(try p.nearestPlace(to: Self.france, maxDistance: 100) == nil)
    }

    @Test func aPlanIsATrackWithOneSegmentPerLeg() throws {
        let p = try planner()
        let plan = p.plan(stops: [Self.serrat, Self.besali, Self.france])
        let track = plan.track(name: "Besalí")
        #expect(track.name == "Besalí" && track.segments.count == 2)
        for (segment, leg) in zip(track.segments, plan.legs) {
            #expect(segment.points.map { Coordinate(latitude: $0.latitude, longitude: $0.longitude) } == leg.coordinates)
        }
        #expect(track.description?.contains("leg 2 (stop too far from paths)") == true)
        #expect(track.source?.contains("OpenStreetMap") == true)
        #expect(RoutePlan.stops(of: track) == plan.stops)
        // A draft restored with each leg's routing switch gives the same legs.
        let mixed = p.apply(.insert(Self.rialb, at: 1), to: plan, routing: false)
        let restored = try planner().plan(stops: RoutePlan.stops(of: mixed.track(name: nil)),
                                          legRouting: mixed.legs.map(\.routingRequested))
        #expect(restored.legs == mixed.legs)
    }

    /// A* against a plain Dijkstra written here (no heuristic, no early stop) between random
    /// points of the sample network: equal costs show the heuristic never overestimates.
    @Test func aStarFindsTheSameCostAsDijkstra() throws {
        let p = try planner()
        let graph = try #require(p.graph(covering: [Self.llorts, Self.rialb]))
        var rng = SplitMix64(seed: 7)
        let options = RouteOptions()
        var reachable = 0
        for _ in 0..<60 {
            let a = graph.nodes[Int(rng.next() % UInt64(graph.nodeCount))]
            let b = graph.nodes[Int(rng.next() % UInt64(graph.nodeCount))]
            guard let sa = graph.snap(a, maxDistance: 1, options: options), let sb = graph.snap(b, maxDistance: 1, options: options)
            else { continue }
            let astar = graph.shortestPath(from: sa, to: sb, options: options)?.cost
            let dijkstra = Self.dijkstra(graph, sa, sb, options)
            #expect((astar ?? .infinity) == dijkstra || abs((astar ?? 0) - dijkstra) < 1e-6 * dijkstra)
            if dijkstra.isFinite { reachable += 1 }
        }
        #expect(reachable >= 40)
    }

    static func dijkstra(_ g: WalkingGraph, _ s: EdgeSnap, _ t: EdgeSnap, _ o: RouteOptions) -> Double {
        var dist = [Double](repeating: .infinity, count: g.nodeCount)
        let se = g.edges[s.edge], te = g.edges[t.edge]
        dist[Int(se.from)] = min(dist[Int(se.from)], s.offset * se.factor)
        dist[Int(se.to)] = min(dist[Int(se.to)], (se.length - s.offset) * se.factor)
        var done = [Bool](repeating: false, count: g.nodeCount)
        while true {
            var u = -1
            for i in 0..<g.nodeCount where !done[i] && dist[i].isFinite && (u < 0 || dist[i] < dist[u]) { u = i }
            if u < 0 { break }
            done[u] = true
            for e in g.edges where o.allows(grade: e.grade, viaFerrata: e.isViaFerrata) {
                if Int(e.from) == u { dist[Int(e.to)] = min(dist[Int(e.to)], dist[u] + e.length * e.factor) }
                if Int(e.to) == u { dist[Int(e.from)] = min(dist[Int(e.from)], dist[u] + e.length * e.factor) }
            }
        }
        var best = min(dist[Int(te.from)] + t.offset * te.factor, dist[Int(te.to)] + (te.length - t.offset) * te.factor)
        if s.edge == t.edge { best = min(best, abs(t.offset - s.offset) * se.factor) }
        return best
    }
}

/// A small seeded generator (Steele, Lea, Flood 2014, "Fast splittable pseudorandom number
/// generators"), so test inputs are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Stops on one spot: no walk to the nearest way and back.
@Suite struct SameSpotLegTests {
    // 42.6196,1.5389 is in el Serrat, about 16 m from the nearest way of the sample map (so a
    // routed leg A→A used to walk 2 × 16 m to the way and back).
    static let offPath = Coordinate(latitude: 42.6196, longitude: 1.5389)

    @Test func aLegBetweenIdenticalStopsHasLengthZero() throws {
        let p = RoutePlanner(store: try RoutingFixtures.sampleStore())
        let snap = try #require(p.graph(covering: [Self.offPath])?.snap(Self.offPath, maxDistance: 200))
        #expect(snap.distance > 5, "the stop must lie off the ways for this test to mean anything")
        let leg = p.leg(from: Self.offPath, to: Self.offPath)
        #expect(leg.length == 0)
        #expect(leg.coordinates == [Self.offPath, Self.offPath])
        #expect(leg.isRouted && leg.ways.isEmpty)
        let plan = p.plan(stops: [Self.offPath, Self.offPath])
        #expect(plan.length == 0)
    }

    @Test func stopsCloserThanAMetreGiveTheirDistanceNotADetour() throws {
        let p = RoutePlanner(store: try RoutingFixtures.sampleStore())
        // 3e-6 degrees of latitude: 0.333 m (1 degree of latitude is 111.1 km here).
        let b = Coordinate(latitude: Self.offPath.latitude + 3e-6, longitude: Self.offPath.longitude)
        let leg = p.leg(from: Self.offPath, to: b)
        #expect(abs(leg.length - 0.333) < 0.01)
        // 2 m apart is a real leg again (it walks to the way and back).
        let c = Coordinate(latitude: Self.offPath.latitude + 18e-6, longitude: Self.offPath.longitude)
        #expect(p.leg(from: Self.offPath, to: c).length > 10)
    }
}

import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// Routes on the real Andorra data against an independent reference.
///
/// Reference method (Tools/reference/route_reference.py, output committed as
/// Fixtures/route-reference.json): the walking graph is built a second time from the OSM XML
/// with xml.etree, with the rules of ``WalkingRules`` restated in Python, every OSM node a
/// vertex; segment lengths by GeographicLib (Karney's exact geodesics); stops snapped by brute
/// force on a sphere; shortest walks by networkx's Dijkstra. Here the same stop pairs go
/// through ``RoutePlanner`` (graph from the map store, contracted junction graph, A*). The
/// two must agree on routed/straight and the reason, on the length within 1 %, and on the
/// ways walked; each routed leg must also lie on walkable ways, use no way with foot=no,
/// stay within the SAC cap, and use via ferratas only when allowed.
@Suite struct RouteReferenceTests {
    @Test func sampleExtractMatchesTheReference() throws {
        try check(file: "sample", mapPath: RoutingFixtures.samplePath)
    }

    @Test func eastClipMatchesTheReference() throws {
        guard let path = RoutingFixtures.eastPath else { return }
        try check(file: "east", mapPath: path)
    }

    private func check(file: String, mapPath: String) throws {
        let cases = try ReferenceRoute.load().filter { $0.file == file }
        #expect(cases.count >= 8)
        let store = try MapStore(path: mapPath, readOnly: true)
        for ref in cases {
            let planner = RoutePlanner(store: store, options: RouteOptions(maxSAC: ref.maxSAC, allowViaFerrata: ref.viaFerrata))
            let plan = planner.plan(stops: [ref.from, ref.to])
            let leg = try #require(plan.legs.first)
            #expect(plan.legs.count == 1)
            #expect(leg.isRouted == ref.routed, "\(ref.name)")
            #expect(leg.straightReason?.rawValue == ref.reason, "\(ref.name): \(String(describing: leg.straightReason))")
            let relative = abs(leg.length - ref.length) / ref.length
            print(String(format: "%@: %@ %.1f m, reference %.1f m (%.4f %%)", ref.name,
                         leg.isRouted ? "routed" : leg.straightReason!.rawValue, leg.length, ref.length, relative * 100))
            #expect(relative < 0.01, "\(ref.name): \(leg.length) m against \(ref.length) m")
            #expect(leg.coordinates.first == ref.from && leg.coordinates.last == ref.to, "\(ref.name)")
            guard leg.isRouted, let graph = planner.graph else {
                #expect(leg.coordinates == [ref.from, ref.to])
                continue
            }
            #expect(Set(leg.ways.map(\.osmID)) == Set(ref.ways), "\(ref.name): ways differ")
            #expect((leg.hardestGrade?.rawValue ?? 0) == ref.hardestGrade, "\(ref.name)")
            try checkOnWays(leg, graph: graph, store: store, options: planner.options, name: ref.name)
        }
    }

    /// Every vertex between the connectors is a way vertex or lies on a way segment; the ways
    /// are walkable by their stored tags, never foot=no, within the cap.
    private func checkOnWays(_ leg: RouteLeg, graph: WalkingGraph, store: MapStore, options: RouteOptions, name: String) throws {
        let range = try #require(leg.onWayRange)
        let vertexSet = RoutingFixtures.vertexSet(graph)
        for (k, c) in leg.coordinates.enumerated() where range.contains(k) {
            let isEnd = k == range.lowerBound || k == range.upperBound
            if !isEnd { #expect(vertexSet.contains(c), "\(name): vertex \(k) is not a way vertex") }
            #expect(RoutingFixtures.distanceToGraph(c, graph) < 0.01, "\(name): vertex \(k) is off the ways")
        }
        for id in leg.ways {
            let way = try #require(try store.feature(id))
            #expect(WalkingRules.isWalkable(way.featureClass, tags: way.tags.dictionary), "\(name): \(id)")
            #expect(way.tags["foot"] != "no", "\(name): \(id) is foot=no")
            if let g = WalkingRules.sacScale(tags: way.tags.dictionary) { #expect(g <= options.maxSAC, "\(name): \(id) is \(g)") }
            if way.featureClass == .viaFerrata { #expect(options.allowViaFerrata, "\(name): \(id)") }
        }
    }
}

import Foundation
import Testing
import HikeServices
import TrailCore
import TrailMap
@testable import TrailStore

/// ``PlannedRoute`` without a map, and ``CompletionNames``' figures.
@Suite struct RoutingServicesTests {
    static let stops = [Coordinate(latitude: 0, longitude: 0), Coordinate(latitude: 0.01, longitude: 0),
                        Coordinate(latitude: 0.02, longitude: 0)]

    /// Without a map store every leg is straight, said once, and the route is the geodesic
    /// length of its legs: two WGS84 meridian arcs of 0.01° (0°–0.01°: 1105.7428 m, 0.01°–0.02°:
    /// 1105.7430 m, ∫ a(1−e²)/(1−e² sin²φ)^{3/2} dφ integrated numerically).
    @Test func withoutAMapEveryLegIsStraightAndSaidOnce() {
        var notes: [String] = []
        let route = PlannedRoute(stops: Self.stops, options: RouteOptions(), routing: true, mapPath: "/nonexistent/map.sqlite",
                                 terrain: nil) { notes.append($0) }
        #expect(notes.count == 1 && notes[0].hasPrefix("no map store at /nonexistent/map.sqlite; legs are straight"))
        #expect(route.plan.legs.map(\.straightReason) == [.mapUnavailable, .mapUnavailable])
        #expect(abs(route.plan.length - (1105.7427583 + 1105.7430)) < 0.05)
        #expect(route.elevation == nil && route.places == [nil, nil, nil])
        let doc = route.document(name: "Walk", time: Date(timeIntervalSince1970: 0))
        #expect(doc.tracks.count == 1 && doc.tracks[0].name == "Walk" && doc.waypoints.count == 3)

        notes = []
        let off = PlannedRoute(stops: Self.stops, options: RouteOptions(), routing: false, mapPath: "/nonexistent/map.sqlite",
                               terrain: nil) { notes.append($0) }
        #expect(notes.isEmpty && off.plan.legs.allSatisfy { $0.straightReason == .routingOff })
    }

    /// The figures carry the completion's numbers and the names given, in the missing
    /// stretches' order; without names every end is unnamed.
    @Test func completionFiguresCarryTheNamesInOrder() throws {
        let line = (0...100).map { Coordinate(latitude: Double($0) * 0.0001, longitude: 0) }
        let walked = Array(line.prefix(40))
        var c = TrailCompletion(runs: [line])
        c.add(stretch: walked)
        var lines = HikeStore.WalkedLines()
        lines.stretches = [walked]
        lines.hikesRead = 1
        let named = CompletionNames.figures(c, lines, names: c.missingStretches.map { _ in CompletionNames.Ends(from: "A", to: "B") })
        #expect(named.share == c.share && named.length == c.length && named.walked == c.walked)
        #expect(!c.missingStretches.isEmpty && named.missing.count == c.missingStretches.count && named.missing.allSatisfy { $0.fromName == "A" && $0.toName == "B" })
        #expect(named.hikesRead == 1 && named.walksRead == 0)
        let plain = CompletionNames.figures(c, lines)
        #expect(plain.missing.allSatisfy { $0.fromName == nil && $0.toName == nil })
    }
}

import Foundation
import Testing
import TrailCore
import TrailStore
@testable import TrailMap

/// What the drawing screen needs beyond editing: re-planning with a routing flag per leg,
/// reading the flags back from a saved drawing, and the drawn hike both front ends store.
@Suite struct RoutePlanDraftTests {
    typealias P = RoutePlannerTests

    @Test func replanMakesEachNewLegWithItsOwnFlagAndKeepsTheRest() throws {
        let p = RoutePlanner(store: try RoutingFixtures.sampleStore())
        let base = p.plan(stops: [P.llorts, P.serrat, P.besali])
        #expect(p.legsComputed == 2)
        // Two new stops after besali: the first new leg straight, the second routed.
        let plan = p.replan(base, stops: [P.llorts, P.serrat, P.besali, P.sorteny, P.rialb], legRouting: [true, true, false, true])
        #expect(p.legsComputed == 4)
        #expect(Array(plan.legs[0...1]) == base.legs)
        #expect(plan.legs[2].straightReason == .routingOff && !plan.legs[2].routingRequested)
        #expect(plan.legs[3].isRouted && plan.legs[3].routingRequested)
        #expect(plan.legRouting == [true, true, false, true])
        // From an empty base every leg is made, as plan(stops:legRouting:) makes them.
        let fresh = p.replan(RoutePlan(), stops: plan.stops, legRouting: plan.legRouting)
        #expect(fresh.legs == RoutePlanner(store: try RoutingFixtures.sampleStore()).plan(stops: plan.stops,
                                                                                         legRouting: plan.legRouting).legs)
        // Missing flags mean routed; one stop or none gives no legs.
        #expect(p.replan(RoutePlan(), stops: [P.serrat, P.besali], legRouting: []).legs.map(\.isRouted) == [true])
        #expect(p.replan(base, stops: [P.serrat], legRouting: []).legs.isEmpty)
    }

    @Test func flagsComeBackFromTheSavedTrack() throws {
        let p = RoutePlanner(store: try RoutingFixtures.sampleStore())
        // Leg 2 straight because routing was off, leg 3 straight because the stop is far
        // from every path (routing was on: it comes back routed-if-possible).
        let plan = p.replan(RoutePlan(), stops: [P.serrat, P.besali, P.rialb, P.france], legRouting: [true, false, true])
        #expect(plan.legs.map(\.straightReason) == [nil, .routingOff, .stopTooFarFromPaths])
        let track = plan.track(name: "Mixed")
        #expect(RoutePlan.legRouting(of: track) == [true, false, true])
        #expect(RoutePlan.stops(of: track) == plan.stops)
        // Ten legs, the tenth off: two-digit leg numbers are read whole.
        var many = Track(description: "10 legs drawn in Cairn; straight: leg 1 (no path), leg 10 (routing off).",
                         segments: Array(repeating: TrackSegment(points: [Trackpoint(latitude: 1, longitude: 1)]), count: 10))
        #expect(RoutePlan.legRouting(of: many) == Array(repeating: true, count: 9) + [false])
        many.description = "anything else"
        #expect(RoutePlan.legRouting(of: many) == Array(repeating: true, count: 10))
    }

    @Test func theDrawnHikeIsTheTrackWithItsStatistics() throws {
        let p = RoutePlanner(store: try RoutingFixtures.sampleStore())
        let plan = p.plan(stops: [P.serrat, P.besali])
        let time = Date(timeIntervalSince1970: 1_800_000_000)
        let hike = plan.drawnHike(name: "Besalí", time: time)
        #expect(hike.kind == .drawn && hike.name == "Besalí")
        #expect(hike.tracks == [plan.track(name: "Besalí")])
        #expect(hike.metadata.time == time && hike.metadata.creator == "Cairn")
        // The stored distance is the track's: the plan's length, legs joined at the stops.
        #expect(abs(hike.statistics.distance - plan.length) < 0.01 * plan.length)
    }
}

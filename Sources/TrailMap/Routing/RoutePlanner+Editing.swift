import Foundation
import TrailCore

extension RoutePlanner {
    /// The plan after one change to its stops, re-routing only the legs whose stops changed.
    ///
    /// A leg of the new plan is kept from the old plan when the old plan had a leg between
    /// the very same two stops (equal coordinates, same order) and the planner's options are
    /// still those of the plan; every other leg is made with `routing`. So moving stop i
    /// re-routes legs i-1 and i, inserting at i re-routes the leg it splits into two, deleting
    /// stop i joins its two legs into one new leg, and moving a stop up or down the list
    /// re-routes the three legs around the swap. Changing ``options`` re-routes everything.
    /// - Parameters:
    ///   - change: what the hiker did.
    ///   - plan: the plan before it.
    ///   - routing: whether new legs follow the ways (false: straight, "routing off").
    /// - Returns: the new plan; `plan` itself when an index is out of range.
    public func apply(_ change: StopChange, to plan: RoutePlan, routing: Bool = true) -> RoutePlan {
        guard let stops = change.applied(to: plan.stops) else { return plan }
        return replan(plan, stops: stops, routing: routing)
    }

    /// The plan through `stops`, keeping every leg of `plan` whose two stops are unchanged
    /// (see ``apply(_:to:routing:)``).
    /// - Parameters:
    ///   - newLegs: legs already made for some pairs of stops, used before `plan`'s own.
    public func replan(_ plan: RoutePlan, stops: [Coordinate], routing: Bool = true,
                       newLegs: [Pair: RouteLeg] = [:]) -> RoutePlan {
        var old: [Pair: RouteLeg] = newLegs
        if plan.options == options {
            for leg in plan.legs where old[Pair(leg.from, leg.to)] == nil { old[Pair(leg.from, leg.to)] = leg }
        }
        let fresh = zip(stops, stops.dropFirst()).filter { old[Pair($0, $1)] == nil }.map { [$0, $1] }
        if routing, !fresh.isEmpty { prepareGraph(for: fresh.flatMap { $0 }) }
        let legs = zip(stops, stops.dropFirst()).map { a, b in old[Pair(a, b)] ?? leg(from: a, to: b, routing: routing) }
        return RoutePlan(stops: stops, legs: legs, options: options)
    }

    /// Two stops in order, to look a leg up by.
    public struct Pair: Hashable, Sendable {
        public let from: Coordinate
        public let to: Coordinate
        public init(_ from: Coordinate, _ to: Coordinate) {
            self.from = from
            self.to = to
        }
    }

    /// Where a new stop between the start and the destination adds the least length.
    public struct Insertion: Sendable {
        /// The index the pin takes among the stops (1 … stops.count - 1).
        public let index: Int
        /// Metres the plan grows by: the two new legs minus the leg they replace.
        public let addedLength: Double
        /// The plan with the pin inserted there (its two new legs already made).
        public let plan: RoutePlan
    }

    /// Inserts `pin` between two consecutive stops where it makes the shortest detour.
    ///
    /// For each leg i (stops i → i+1) the detour is length(stop i → pin) + length(pin →
    /// stop i+1) − length(leg i), the new legs made as they would be (routed when `routing`,
    /// straight otherwise). Legs are tried in order of a lower bound on their detour, the
    /// geodesic distances stop i → pin → stop i+1 (shrunk by 0.1 % for rounding) minus
    /// length(leg i): no leg is shorter than the straight line between its stops, so once
    /// the bound of the next leg is no better than the best detour found the rest are skipped.
    /// Ties go to the earlier leg. With fewer than two stops the pin is appended.
    public func insertionWithShortestDetour(of pin: Coordinate, into plan: RoutePlan, routing: Bool = true) -> Insertion {
        let stops = plan.stops
        guard stops.count >= 2, plan.legs.count == stops.count - 1 else {
            let p = apply(.insert(pin, at: stops.count), to: plan, routing: routing)
            return Insertion(index: stops.count, addedLength: p.length - plan.length, plan: p)
        }
        let bounds = plan.legs.indices.map { i in
            0.999 * (Geodesy.distance(from: stops[i], to: pin) + Geodesy.distance(from: pin, to: stops[i + 1]))
                - plan.legs[i].length
        }
        if routing { prepareGraph(for: stops + [pin]) }
        var best: (leg: Int, detour: Double, a: RouteLeg, b: RouteLeg)?
        for i in plan.legs.indices.sorted(by: { (bounds[$0], $0) < (bounds[$1], $1) }) {
            if let best, bounds[i] >= best.detour { break }
            let a = leg(from: stops[i], to: pin, routing: routing)
            let b = leg(from: pin, to: stops[i + 1], routing: routing)
            let detour = a.length + b.length - plan.legs[i].length
            if best.map({ (detour, i) < ($0.detour, $0.leg) }) ?? true { best = (i, detour, a, b) }
        }
        let chosen = best!
        var newStops = stops
        newStops.insert(pin, at: chosen.leg + 1)
        let p = replan(plan, stops: newStops, routing: routing,
                       newLegs: [Pair(stops[chosen.leg], pin): chosen.a, Pair(pin, stops[chosen.leg + 1]): chosen.b])
        return Insertion(index: chosen.leg + 1, addedLength: chosen.detour, plan: p)
    }
}

import Foundation
import Localization
import TrailCore

extension RoutePlan {
    /// The plan as an ordinary hike of kind ``HikeKind/drawn``: one track (``track(name:)``, one
    /// segment per leg) with its statistics, the track's description (which legs are straight)
    /// as the hike's description, and the stops as waypoints (``stopWaypoints(names:)``), ready
    /// for `HikeStore.insert(_:allowDuplicate:)` (TrailStore). Shared by `cairn route --save` and the TUI's
    /// drawing screen, so both store the same thing (and export gives both back).
    /// - Parameters:
    ///   - name: the hike's (and track's) name.
    ///   - time: when it was drawn (the GPX metadata time).
    ///   - stopNames: the nearest named place of each stop, in order (nil or missing: "Stop N").
    ///   - calculator: computes the statistics.
    ///   - elevate: gives the line its elevations before the statistics are computed (the
    ///     terrain along the densified line, where tiles are imported), so the stored gain,
    ///     profile and walking time are the terrain's; nil stores the line without elevations.
    public func drawnHike(name: String, time: Date, stopNames: [String?] = [],
                          calculator: StatisticsCalculator = StatisticsCalculator(),
                          elevate: ((Track) -> Track)? = nil) -> NewHike {
        let line = track(name: name)
        let track = elevate?(line) ?? line
        return NewHike(name: name, description: track.description, kind: .drawn,
                       metadata: HikeMetadata(gpxVersion: "1.1", creator: "Cairn", time: time, source: track.source,
                                              type: track.type),
                       tracks: [track], waypoints: stopWaypoints(names: stopNames),
                       statistics: calculator.statistics(for: [track]))
    }

    /// The stops as GPX waypoints, in order: named after `names[i]` (the nearest named place)
    /// or "Stop N" (1-based) when there is none, with type "stop".
    public func stopWaypoints(names: [String?] = []) -> [Waypoint] {
        stops.enumerated().map { i, c in
            let given = i < names.count ? names[i]?.trimmingCharacters(in: .whitespacesAndNewlines) : nil
            let name = given.flatMap { $0.isEmpty ? nil : $0 } ?? L("Stop %d", i + 1)
            return Waypoint(latitude: c.latitude, longitude: c.longitude, name: name, type: "stop")
        }
    }

    /// The routing flag each leg was made with (`legs[i].routingRequested`): what a draft keeps
    /// to make the legs again.
    public var legRouting: [Bool] { legs.map(\.routingRequested) }

    /// The per-leg routing flags of a track written by ``track(name:)``, read back from its
    /// description: false for each leg listed there as straight with reason "routing off",
    /// true for every other leg (those were routed, or asked to be). One flag per leg, as many
    /// as the track has non-empty segments.
    public static func legRouting(of track: Track) -> [Bool] {
        let legCount = max(0, track.segments.filter { !$0.points.isEmpty }.count)
        var flags = [Bool](repeating: true, count: legCount)
        guard let description = track.description,
              let straight = description.range(of: "; straight: ") else { return flags }
        let marker = "(\(StraightReason.routingOff.rawValue))"
        for item in description[straight.upperBound...].split(separator: ",") {
            let words = item.trimmingCharacters(in: .whitespaces)
            guard words.hasPrefix("leg "), words.contains(marker) else { continue }
            let digits = words.dropFirst(4).prefix { $0.isNumber }
            if let n = Int(digits), (1...legCount).contains(n) { flags[n - 1] = false }
        }
        return flags
    }
}

extension RoutePlanner {
    /// The plan through `stops`, keeping every leg of `plan` between the same two stops (as
    /// ``replan(_:stops:routing:newLegs:)``) and making each other leg with its own flag,
    /// `legRouting[i]` for the leg from stop i (missing entries: routed). The drawing screen
    /// sends this after every change, with the stops as the hiker sees them and the last plan
    /// it received, so only legs whose ends changed are routed again.
    public func replan(_ plan: RoutePlan, stops: [Coordinate], legRouting: [Bool]) -> RoutePlan {
        var kept: [Pair: RouteLeg] = [:]
        if plan.options == options {
            for leg in plan.legs where kept[Pair(leg.from, leg.to)] == nil { kept[Pair(leg.from, leg.to)] = leg }
        }
        let pairs = Array(zip(stops, stops.dropFirst()))
        let fresh = pairs.enumerated().filter { kept[Pair($0.element.0, $0.element.1)] == nil }
        if fresh.contains(where: { $0.offset >= legRouting.count || legRouting[$0.offset] }) {
            prepareGraph(for: fresh.flatMap { [$0.element.0, $0.element.1] })
        }
        var newLegs = kept
        for (i, pair) in fresh {
            newLegs[Pair(pair.0, pair.1)] = leg(from: pair.0, to: pair.1, routing: i < legRouting.count ? legRouting[i] : true)
        }
        let legs = pairs.map { newLegs[Pair($0.0, $0.1)]! }
        return RoutePlan(stops: stops, legs: legs, options: options)
    }
}

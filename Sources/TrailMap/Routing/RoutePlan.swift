import Foundation
import TrailCore

/// A drawn trail: the stops in walking order and the legs between them.
///
/// `legs[i]` runs from `stops[i]` to `stops[i + 1]`; a plan with fewer than two stops has no
/// legs. Made and changed by ``RoutePlanner``.
public struct RoutePlan: Sendable, Hashable {
    /// The stops, start first, destination last.
    public var stops: [Coordinate]
    /// One leg per pair of consecutive stops.
    public var legs: [RouteLeg]
    /// The options the routed legs were made with.
    public var options: RouteOptions

    public init(stops: [Coordinate] = [], legs: [RouteLeg] = [], options: RouteOptions = RouteOptions()) {
        self.stops = stops
        self.legs = legs
        self.options = options
    }

    /// Total metres over all legs.
    public var length: Double { legs.reduce(0) { $0 + $1.length } }

    /// Number of legs drawn as straight lines.
    public var straightLegCount: Int { legs.filter { !$0.isRouted }.count }

    /// Metres walked off the mapped ways on routed legs: from each stop to the nearest way
    /// and back onto it (the legs' start and end connectors together).
    public var connectorLength: Double {
        legs.filter(\.isRouted).reduce(0) { $0 + ($1.startConnector ?? 0) + ($1.endConnector ?? 0) }
    }

    /// Total metres climbed and descended (0 until the graph has elevations).
    public var ascent: Double { legs.reduce(0) { $0 + $1.ascent } }
    public var descent: Double { legs.reduce(0) { $0 + $1.descent } }

    /// The whole line, legs joined at their shared stops (each stop once).
    public var coordinates: [Coordinate] {
        guard let first = legs.first else { return stops }
        var out = first.coordinates
        for leg in legs.dropFirst() { out += leg.coordinates.dropFirst() }
        return out
    }

    /// The plan as a GPX-ready track: one segment per leg, in order, so a reader can tell
    /// the legs (and so the stops: the ends of the segments) apart; consecutive segments
    /// share their stop. The description says which legs are straight and why (or, when none
    /// is, how many metres are spent reaching the ways from the stops); the source
    /// carries the OpenStreetMap attribution the ODbL asks for.
    /// - Parameters:
    ///   - name: the track name.
    public func track(name: String?) -> Track {
        let straight = legs.enumerated().filter { !$0.element.isRouted }
        var description = "\(legs.count) leg\(legs.count == 1 ? "" : "s") drawn in Cairn"
        if straight.isEmpty {
            let off = connectorLength
            description += off >= 1 ? ", along mapped ways except \(Int(off.rounded())) m from the stops to the nearest way."
                : ", all along mapped ways."
        } else {
            description += "; straight: " + straight.map { "leg \($0.offset + 1) (\($0.element.straightReason!.rawValue))" }
                .joined(separator: ", ") + "."
        }
        return Track(name: name, description: description,
                     source: "Cairn route planner; map data © OpenStreetMap contributors (ODbL)", type: "hiking",
                     segments: legs.map { TrackSegment(points: $0.coordinates.map { Trackpoint($0) }) })
    }

    /// The stops of a track written by ``track(name:)``: the first point of every segment and
    /// the last point of the last one (for editing a saved drawing again).
    public static func stops(of track: Track) -> [Coordinate] {
        let segments = track.segments.filter { !$0.points.isEmpty }
        guard let last = segments.last?.points.last else { return [] }
        return segments.map { Coordinate(latitude: $0.points[0].latitude, longitude: $0.points[0].longitude) }
            + [Coordinate(latitude: last.latitude, longitude: last.longitude)]
    }
}

/// One change a hiker makes to the stops of a ``RoutePlan``.
public enum StopChange: Sendable, Hashable {
    /// A new stop at `index` (0: the new start; `stops.count`: the new destination).
    case insert(Coordinate, at: Int)
    /// Stop `index` moved on the map.
    case move(Int, to: Coordinate)
    /// Stop `index` removed.
    case delete(Int)
    /// Stop `from` moved in the order so that it ends up at index `to` (up/down in the list).
    case reorder(from: Int, to: Int)

    /// The stops after the change.
    /// - Returns: nil when an index is out of range.
    public func applied(to stops: [Coordinate]) -> [Coordinate]? {
        var s = stops
        switch self {
        case .insert(let c, let i):
            guard (0...s.count).contains(i) else { return nil }
            s.insert(c, at: i)
        case .move(let i, let c):
            guard s.indices.contains(i) else { return nil }
            s[i] = c
        case .delete(let i):
            guard s.indices.contains(i) else { return nil }
            s.remove(at: i)
        case .reorder(let from, let to):
            guard s.indices.contains(from), s.indices.contains(to) else { return nil }
            let c = s.remove(at: from)
            s.insert(c, at: to)
        }
        return s
    }
}

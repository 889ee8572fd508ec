import Foundation
import Localization
import TrailCore

/// Why a leg is a straight line instead of following mapped ways.
public enum StraightReason: String, Sendable, Hashable, CaseIterable {
    /// Routing was switched off for this leg (`--straight`, or `s` in the TUI).
    case routingOff = "routing off"
    /// A stop of the leg is farther than ``RouteOptions/maxSnapDistance`` from every usable way.
    case stopTooFarFromPaths = "stop too far from paths"
    /// Both stops meet the network, but no allowed walk joins them in the area searched
    /// (separate networks, or only ways above the SAC cap or via ferratas between them).
    case noPath = "no path"
    /// The stops are more than ``RoutePlanner/maxLegDistance`` apart: the graph for such a
    /// leg would hold a whole region (slow to build while drawing); add stops between them.
    case stopsTooFarApart = "stops too far apart"
    /// The map store could not be read; the error is in ``RoutePlanner/lastMapError``.
    case mapUnavailable = "map unavailable"

    /// Why a leg is straight, in words, in the user's language ("stop too far from paths"); the
    /// raw value stays the English word `--json` writes.
    public var label: String {
        switch self {
        case .routingOff: return L("routing off")
        case .stopTooFarFromPaths: return L("stop too far from paths")
        case .noPath: return L("no path")
        case .stopsTooFarApart: return L("stops too far apart")
        case .mapUnavailable: return L("map unavailable")
        }
    }
}

/// The walk from one stop to the next.
///
/// A routed leg runs from its first stop, straight to the nearest point of a usable way (the
/// snap point, left out when the stop is on the way), along the ways to the snap point of
/// the next stop, and straight on to that stop. So consecutive legs always join at the stop
/// the hiker placed, and a stop placed on a summit 80 m off the trail keeps its place. A
/// straight leg is the two stops. Either way the leg never fails.
public struct RouteLeg: Sendable, Hashable {
    /// The stop it starts from.
    public var from: Coordinate
    /// The stop it ends at.
    public var to: Coordinate
    /// The line to draw and walk: starts at `from`, ends at `to`, at least two points.
    public var coordinates: [Coordinate]
    /// Metres: the connectors and the distance along the ways for a routed leg (see
    /// ``Geodesy/shortDistance(from:to:)``), the geodesic distance for a straight one.
    public var length: Double
    /// Nil for a routed leg; why it is straight otherwise.
    public var straightReason: StraightReason?
    /// Whether routing was on when the leg was made (a leg keeps its mode when other stops change).
    public var routingRequested: Bool
    /// Metres from `from` to its snap point (0 when on a way), nil when straight.
    public var startConnector: Double?
    /// Metres from the snap point of `to` to `to`, nil when straight.
    public var endConnector: Double?
    /// Metres climbed and descended along the ways (0 until the graph has elevations).
    public var ascent: Double
    public var descent: Double
    /// The OSM ways walked, in order, each once per stretch.
    public var ways: [MapFeatureID]
    /// The hardest SAC grade among the ways walked, nil when none is graded.
    public var hardestGrade: SACScale?

    /// True when the leg follows mapped ways.
    public var isRouted: Bool { straightReason == nil }

    /// A straight leg between two stops.
    public static func straight(from: Coordinate, to: Coordinate, reason: StraightReason, routingRequested: Bool) -> RouteLeg {
        RouteLeg(from: from, to: to, coordinates: [from, to], length: Geodesy.distance(from: from, to: to),
                 straightReason: reason, routingRequested: routingRequested, startConnector: nil, endConnector: nil,
                 ascent: 0, descent: 0, ways: [], hardestGrade: nil)
    }

    /// The range of ``coordinates`` that lies on mapped ways (the snap points included), or
    /// nil for a straight leg.
    public var onWayRange: ClosedRange<Int>? {
        guard isRouted else { return nil }
        let lower = (startConnector ?? 0) > 0 ? 1 : 0
        let upper = coordinates.count - 1 - ((endConnector ?? 0) > 0 ? 1 : 0)
        return lower <= upper ? lower...upper : nil
    }
}

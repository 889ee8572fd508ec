import Foundation
import TrailCore

/// What a hiker allows the walking router to use, and how stops meet the path network.
public struct RouteOptions: Sendable, Hashable {
    /// The hardest SAC grade a leg may use; ways graded above it are left out. Ungraded ways
    /// are always open. Default ``SACScale/defaultLimit`` (T4).
    public var maxSAC: SACScale
    /// Whether `highway=via_ferrata` ways may be used. Default false.
    public var allowViaFerrata: Bool
    /// A stop farther than this from every usable way (metres) is not snapped: its legs are
    /// straight, with ``StraightReason/stopTooFarFromPaths``. Default 200 m: about the
    /// precision of a pin dropped on a terminal map at zoom 13-14 (one braille cell is
    /// 10-20 m) with room for a stop placed on a summit or a hut a little off the trail.
    public var maxSnapDistance: Double
    /// Cost of a metre of ascent in metres of easy walking (see ``WalkingRules/climbPenalty``);
    /// only matters where the graph was built with elevations.
    public var climbPenalty: Double

    public init(maxSAC: SACScale = SACScale.defaultLimit, allowViaFerrata: Bool = false, maxSnapDistance: Double = 200,
                climbPenalty: Double = WalkingRules.climbPenalty) {
        self.maxSAC = maxSAC
        self.allowViaFerrata = allowViaFerrata
        self.maxSnapDistance = maxSnapDistance
        self.climbPenalty = climbPenalty
    }

    /// True when an edge with this grade and via ferrata flag may be used.
    @inline(__always)
    func allows(grade: UInt8, viaFerrata: Bool) -> Bool {
        (grade == 0 || Int(grade) <= maxSAC.rawValue) && (allowViaFerrata || !viaFerrata)
    }
}

/// Elevations for building a walking graph with climb costs (the hook for an elevation
/// model such as imported SRTM tiles).
///
/// The graph asks once per way vertex while it is built; where any answer is nil, that
/// stretch counts as flat. Without a lookup every edge is flat and costs its length times
/// its factor.
public protocol ElevationLookup {
    /// Metres above mean sea level at `coordinate`, or nil when unknown there.
    func elevation(at coordinate: Coordinate) -> Double?
}

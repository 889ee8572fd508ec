import Foundation
import TrailCore

/// A drawn route's elevation from the terrain, computed with each plan by the draw performer
/// exactly as `cairn route --dem` computes it (the whole route's line densified to 30 m steps
/// with the terrain's heights, 5 m hysteresis, DIN 33466 time: DECISIONS 118, 172), so the
/// drawing screen and `cairn route --json` (`ascentMetres`, `descentMetres`,
/// `walkingTimeSeconds`) give the same numbers for the same stops.
public struct RouteElevation: Sendable {
    /// Where the figures come from (`terrain`, or `none` where no tile lies under the route).
    public var source: HikeTerrain.Source
    /// Metres up and down along the whole route, nil without terrain under it.
    public var gain: Double?
    public var loss: Double?
    /// DIN 33466 walking time with the terrain's climb, seconds.
    public var walkingTime: Double
    /// The densified line with the terrain's heights, for the profile (nil heights in gaps).
    public var profile: PreparedHike
    /// Where the route crosses ground without terrain.
    public var gaps: TerrainGaps

    public init(source: HikeTerrain.Source, gain: Double?, loss: Double?, walkingTime: Double, profile: PreparedHike,
                gaps: TerrainGaps) {
        self.source = source
        self.gain = gain
        self.loss = loss
        self.walkingTime = walkingTime
        self.profile = profile
        self.gaps = gaps
    }
}

import Foundation
import TrailCore

/// The elevation figures of a hike or route with the source of each, for `--json` output and
/// screens: the figures in use (from the file where it has elevations, else from the terrain)
/// and, when both exist, the terrain's figures beside the file's.
public struct TerrainStatistics: Sendable, Hashable, Codable {
    /// Where ``elevationGain`` … ``estimatedWalkingTime`` come from.
    public var elevationSource: ElevationSource
    /// Point counts by source (of the line the figures were computed on).
    public var points: ElevationSources
    /// Metres, by the 5 m hysteresis of ``StatisticsCalculator``; nil without elevations.
    public var elevationGain: Double?
    public var elevationLoss: Double?
    public var minElevation: Double?
    public var maxElevation: Double?
    /// Signed grade over at least 100 m (``StatisticsConfiguration/gradeWindowDistance``).
    public var steepestGrade: Double?
    /// DIN 33466 walking time in seconds with the climbs above.
    public var estimatedWalkingTime: Double
    /// The terrain's gain and loss along the same line when the figures above are the file's
    /// (the "gain by either source" comparison); nil otherwise or without tiles there.
    public var terrainGain: Double?
    public var terrainLoss: Double?

    /// Computes the figures for `track`.
    /// - Parameters:
    ///   - planned: true for drawn routes and GPX `rte`: from the terrain wherever a tile lies
    ///     under the line, else from the file's own elevations.
    ///   - terrain: the terrain, nil when no tile is imported (then only the file counts).
    public static func compute(_ track: Track, planned: Bool, terrain: TerrainElevation?,
                               calculator: StatisticsCalculator = StatisticsCalculator()) -> TerrainStatistics {
        computeWithLine(track, planned: planned, terrain: terrain, calculator: calculator).statistics
    }

    /// ``compute(_:planned:terrain:calculator:)`` and the line the figures were computed on
    /// (the track itself, filled, or densified with terrain heights): what a profile draws.
    public static func computeWithLine(_ track: Track, planned: Bool, terrain: TerrainElevation?,
                                       calculator: StatisticsCalculator = StatisticsCalculator())
        -> (statistics: TerrainStatistics, line: Track) {
        let all = track.segments.flatMap(\.points)
        let withEle = all.filter { $0.elevation != nil }.count
        var line = track
        var points = ElevationSources()
        points.fromFile = withEle
        points.withoutData = all.count - withEle
        if let terrain, planned || withEle < all.count {
            let (elevated, sources) = terrain.elevated(track, planned: planned)
            // A planned line off every tile keeps the file's elevations, if it has any.
            if sources.fromTerrain > 0 || withEle == 0 { (line, points) = (elevated, sources) }
        }
        let s = calculator.statistics(for: line)
        var out = TerrainStatistics(elevationSource: points.source, points: points, elevationGain: s.elevationGain,
                                    elevationLoss: s.elevationLoss, minElevation: s.minElevation, maxElevation: s.maxElevation,
                                    steepestGrade: s.steepestGrade, estimatedWalkingTime: s.estimatedWalkingTime)
        if let terrain, points.source == .file {
            let (t, src) = terrain.plannedTrack(track)
            if src.fromTerrain > 0 {
                let ts = calculator.statistics(for: t)
                out.terrainGain = ts.elevationGain
                out.terrainLoss = ts.elevationLoss
            }
        }
        return (out, line)
    }
}

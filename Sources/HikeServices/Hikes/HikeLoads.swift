import Foundation
import TrailApp
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain

/// Loading a stored hike for the viewer, in two depths (DECISIONS 267):
/// - ``preview(_:_:terrain:figures:)`` — what the library's preview draws: the line on a map
///   and the stats panel with the list's figures (``HikeElevationFigures``: the terrain's gain
///   where the hike lacks elevations, no terrain line, no comparison, no places, no ground);
/// - ``full(_:_:terrain:map:now:)`` — the hike screen: the terrain's line and comparison
///   (``TerrainForScreens/prepared(name:kind:tracks:statistics:terrain:calculator:)``), the
///   places along it and the ground under it (measured once, cached in the store).
/// Public so `cairn-bench-library` can time both on the same hike.
public enum HikeLoads {
    /// The preview of hike `id`. `figures` are the list's figures when it has them (the viewer
    /// keeps them from the list load), else they are computed here the list's way.
    public static func preview(_ store: HikeStore, _ id: HikeID, terrain: TerrainStore?,
                               figures known: TerrainStatistics?? = nil) throws -> PreparedHike {
        let summary = try store.summary(id)
        let tracks = try store.tracks(of: id)
        let elevation = terrain.map { TerrainElevation(store: $0) }
        let figures: TerrainStatistics?
        if let known {
            figures = known
        } else if let elevation, HikeElevationFigures.covers(elevation, summary) {
            figures = HikeElevationFigures.figures(tracks, kind: summary.kind, terrain: elevation, comparison: false)
        } else {
            figures = nil
        }
        let shown = HikeElevationFigures.applying(figures, to: summary)
        var hike = PreparedHike(name: summary.name, kind: summary.kind.rawValue, tracks: tracks, statistics: shown.statistics)
        if let f = figures, shown.elevationFromTerrain {
            // The panel's "Source" line; the profile and its gaps are the hike screen's.
            hike.terrain = HikeTerrain(source: HikeTerrain.Source(rawValue: f.elevationSource.rawValue) ?? .none,
                                       gain: f.elevationGain, loss: f.elevationLoss, coverage: f.terrainCoverage)
            hike.terrain?.elevationCoverage = f.elevationCoverage
            hike.terrain?.fileStatistics = summary.statistics
        }
        if let s = summary.startedAt { hike.startDate = s }
        return hike
    }

    /// Hike `id` for the hike screen: terrain, places and ground. `map` reads the map store
    /// (none imported: no ground); a map that cannot be read costs the ground bars only.
    public static func full(_ store: HikeStore, _ id: HikeID, terrain: TerrainStore?, map: some MapReading,
                            now: Date) throws -> PreparedHike {
        let summary = try store.summary(id)
        let tracks = try store.tracks(of: id)
        // With terrain tiles: the profile from the terrain where the hike has no `ele`, the
        // terrain's line and gain beside the GPS's where it has (TerrainForScreens).
        var prepared = TerrainForScreens.prepared(name: summary.name, kind: summary.kind.rawValue, tracks: tracks,
                                                  statistics: summary.statistics, terrain: terrain.map { TerrainElevation(store: $0) })
        if let s = summary.startedAt { prepared.startDate = s }
        prepared.setPlaces(try store.places(of: id))
        // Measured once on the first opening, cached in the store.
        prepared.setGround((try? GroundSurveys.line(of: id, segments: prepared.segmentCoordinates, store: store, map: map,
                                                    now: now)) ?? nil)
        return prepared
    }
}

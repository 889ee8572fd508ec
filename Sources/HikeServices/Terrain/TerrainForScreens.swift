import Foundation
import TrailApp
import TrailCore
import TrailMap
import TrailTerrain

/// The terrain's part of what the screens show, computed with TrailTerrain and handed to
/// TrailApp in plain values (``HikeTerrain``, ``RouteElevation``, ``HillshadeRaster``). The
/// figures are the same as `cairn show --dem` and `cairn route --dem` print
/// (``TerrainStatistics/computeWithLine(_:planned:terrain:calculator:)``).
public enum TerrainForScreens {
    /// A hike made ready for the hike screen with the terrain: a track without `ele` (or a
    /// drawn route) gets its profile, gain/loss, steepest grade and walking time from the
    /// terrain's densified line; a track with its own elevations keeps them and gets the
    /// terrain's height under every point (the line beside the GPS line) and the terrain's
    /// gain. Without terrain (nil) the hike is prepared as before.
    public static func prepared(name: String, kind: String?, tracks: [Track], statistics: TrackStatistics?,
                         terrain: TerrainElevation?, calculator: StatisticsCalculator = StatisticsCalculator()) -> PreparedHike {
        guard let terrain, !terrain.store.tileIDs.isEmpty else {
            var hike = PreparedHike(name: name, kind: kind, tracks: tracks, statistics: statistics, calculator: calculator)
            // No tile imported at all: a line without any height still hears which tile it needs.
            let points = tracks.flatMap(\.segments).flatMap(\.points)
            if !points.isEmpty, points.allSatisfy({ $0.elevation == nil }) {
                let noTile = gaps(hike.coordinates) { .noData(.noTile(SRTMTileID.containing(latitude: $0.latitude, longitude: $0.longitude))) }
                hike.terrain = HikeTerrain(source: .none, coverage: 0, gaps: noTile)
            }
            return hike
        }
        let all = Track(name: name, segments: tracks.flatMap(\.segments))
        let (ts, line) = TerrainStatistics.computeWithLine(all, planned: kind == "drawn", terrain: terrain, calculator: calculator)
        guard ts.elevationSource != .file else {
            var hike = PreparedHike(name: name, kind: kind, tracks: tracks, statistics: statistics, calculator: calculator)
            let heights = terrain.store.heights(at: hike.coordinates)
            // Off every tile: nothing to say (the hike has its own elevations).
            guard heights.contains(where: { $0 != nil }) else { return hike }
            hike.terrain = HikeTerrain(source: .file, elevations: heights, gain: ts.terrainGain, loss: ts.terrainLoss,
                                       fileGain: ts.fileGainWhereTerrain, fileLoss: ts.fileLossWhereTerrain,
                                       coverage: ts.terrainCoverage, gaps: gaps(hike.coordinates, terrain.store))
            return hike
        }
        // The same figures as `cairn list` and `show` (TerrainStatistics.applied).
        let own = statistics ?? calculator.statistics(for: tracks)
        let stats = ts.applied(to: own)
        var hike = PreparedHike(name: name, kind: kind, tracks: [line], statistics: stats, calculator: calculator)
        guard ts.elevationSource == .fileAndTerrain else {
            hike.terrain = HikeTerrain(source: HikeTerrain.Source(rawValue: ts.elevationSource.rawValue) ?? .none,
                                       gain: ts.elevationGain, loss: ts.elevationLoss, coverage: ts.terrainCoverage,
                                       gaps: gaps(hike.coordinates, terrain.store))
            hike.terrain?.elevationCoverage = ts.elevationCoverage
            hike.terrain?.fileStatistics = own
            return hike
        }
        // Some `ele`: the profile is the file's, filled; the terrain's own line goes beside it
        // (`t`), compared over the stretches with terrain (DECISIONS 410). The line has the
        // track's points, so the points without `ele` are the filled ones.
        let filled = all.segments.flatMap(\.points).map { $0.elevation == nil }
        hike.terrain = HikeTerrain(source: .fileAndTerrain, elevations: terrain.store.heights(at: hike.coordinates),
                                   gain: ts.terrainGain, loss: ts.terrainLoss,
                                   fileGain: ts.fileGainWhereTerrain, fileLoss: ts.fileLossWhereTerrain,
                                   coverage: ts.terrainCoverage, gaps: gaps(hike.coordinates, terrain.store), filled: filled)
        hike.terrain?.elevationCoverage = ts.elevationCoverage
        hike.terrain?.fileStatistics = own
        return hike
    }

    /// The drawn route's figures and profile from the terrain, as `cairn route --dem` computes
    /// them (the whole route as one planned line).
    public static func route(_ plan: RoutePlan, terrain: TerrainElevation) -> RouteElevation {
        let (ts, line) = TerrainStatistics.computeWithLine(plan.track(name: nil), planned: true, terrain: terrain)
        let profile = PreparedHike(name: "Route", kind: "drawn", tracks: [line])
        return RouteElevation(source: HikeTerrain.Source(rawValue: ts.elevationSource.rawValue) ?? .none,
                              gain: ts.elevationGain, loss: ts.elevationLoss, walkingTime: ts.estimatedWalkingTime,
                              profile: profile, gaps: gaps(profile.coordinates, terrain.store))
    }

    /// Where `line` has no terrain: each point without a height stands for half the way to
    /// each neighbour; missing tiles are named in the order the line meets them.
    public static func gaps(_ line: [Coordinate], _ store: TerrainStore) -> TerrainGaps {
        gaps(line) { store.height(at: $0) }
    }

    /// ``gaps(_:_:)`` with the heights from `height` (for a line under no imported tile: every
    /// point's tile missing).
    public static func gaps(_ line: [Coordinate], height: (Coordinate) -> TerrainHeight) -> TerrainGaps {
        var out = TerrainGaps()
        guard !line.isEmpty else { return out }
        for (i, c) in line.enumerated() {
            guard case .noData(let reason) = height(c) else { continue }
            var metres = 0.0
            if i > 0 { metres += Geodesy.sphericalDistance(from: line[i - 1], to: c) / 2 }
            if i + 1 < line.count { metres += Geodesy.sphericalDistance(from: c, to: line[i + 1]) / 2 }
            switch reason {
            case .noTile(let id):
                out.noTileMetres += metres
                if !out.missingTiles.contains(id.name) { out.missingTiles.append(id.name) }
                if out.downloadAddress == nil { out.downloadAddress = id.downloadURL }
            case .void: out.voidMetres += metres
            case .invalidCoordinate: break
            }
        }
        return out
    }

    /// The hillshade of the terrain over `box` (``Hillshade/shades(_:azimuth:altitude:)`` on the
    /// SRTM samples), nil without tiles there or for a box of more than `maxSamples`.
    public static func hillshade(_ store: TerrainStore, covering box: BoundingBox, maxSamples: Int) -> HillshadeRaster? {
        guard store.coverage.contains(where: { $0.intersects(box) }),
              let grid = HeightGrid.samples(from: store, covering: box, maxSamples: maxSamples) else { return nil }
        return HillshadeRaster(rows: grid.rows, columns: grid.columns, north: grid.north, west: grid.west,
                               spacing: grid.spacing, values: Hillshade.shades(grid))
    }
}

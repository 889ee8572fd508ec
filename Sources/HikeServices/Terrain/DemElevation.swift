import Foundation
import TrailCore
import TrailMap
import TrailStore
import TrailApp
import TrailTerrain

/// The imported terrain as the router's ``ElevationLookup`` (climb costs on the walking graph).
public struct TerrainLookup: ElevationLookup {
    public let store: TerrainStore
    public init(store: TerrainStore) { self.store = store }
    public func elevation(at coordinate: Coordinate) -> Double? { store.height(at: coordinate).metres }
}

/// Terrain elevations for the figures `show`, `route` and `stats` print.
public enum DemElevation {
    /// Sets each leg's ascent and descent from the terrain along its line (densified, 5 m
    /// hysteresis; see ``TerrainElevation``) and returns the figures of the whole route.
    /// The per-leg figures restart the filter at each stop, so their sum can differ from the
    /// whole route's gain by up to the 5 m threshold per stop.
    /// `legs` are each leg's figures, in order: a leg off every tile has no gain (nil), which
    /// the report prints as unknown ("--"), never as 0 (its stored ascent stays 0).
    public static func apply(_ plan: inout RoutePlan, _ terrain: TerrainElevation) -> (route: TerrainStatistics, legs: [TerrainStatistics]) {
        var legs: [TerrainStatistics] = []
        for i in plan.legs.indices {
            let leg = Track(segments: [TrackSegment(points: plan.legs[i].coordinates.map { Trackpoint($0) })])
            let s = TerrainStatistics.compute(leg, planned: true, terrain: terrain)
            plan.legs[i].ascent = s.elevationGain ?? 0
            plan.legs[i].descent = s.elevationLoss ?? 0
            legs.append(s)
        }
        return (TerrainStatistics.compute(plan.track(name: nil), planned: true, terrain: terrain), legs)
    }

    /// The step a saved drawn route takes through ``RoutePlan/drawnHike(name:time:stopNames:calculator:elevate:)``:
    /// the line densified with terrain heights (``TerrainElevation/plannedTrack(_:)``), or the
    /// line as it is without terrain.
    public static func elevate(_ terrain: TerrainElevation?) -> ((Track) -> Track)? {
        terrain.map { t in { t.plannedTrack($0).0 } }
    }

    /// Lines for a text report: gain and loss with their source, or why there are none.
    /// `figuresAbove`: the report's statistics rows already carry these figures (`show`,
    /// `stats`: ``HikeElevationFigures/applying(_:to:)``), so gain, loss, steepest grade and
    /// walking time are not printed a second time (DECISIONS 415).
    public static func text(_ s: TerrainStatistics, _ u: UnitFormatter, indent: String = "", subject: String = "the hike",
                     figuresAbove: Bool = false) -> String {
        let above = figuresAbove && (s.elevationSource == .terrain || s.elevationSource == .fileAndTerrain)
        let source: String
        switch s.elevationSource {
        case .file: source = "from the file"
        case .terrain: source = "from the terrain (SRTM, bilinear)"
        case .fileAndTerrain: source = "from the file, \(s.points.fromTerrain) point(s) from the terrain (SRTM)"
        case .none: source = "none: no terrain tile under the line"
        }
        var out = indent + "Elevation source: \(source)\n"
        if s.points.withoutData > 0 && s.elevationSource != .none {
            // Said in length along the line: a planned line's points are the 30 m samples the
            // terrain densified it to, not the hiker's stops.
            if let m = s.metresWithoutTerrain, m > 0 {
                out += indent + "No terrain data under \(u.distance(m)) of the line (no tile or a void there; a gap in the profile)\n"
            } else {
                out += indent + "No terrain data under \(s.points.withoutData) point(s) (no tile or a void there; a gap in the profile)\n"
            }
        }
        if above {
            // Said in the rows above.
        } else if let g = s.elevationGain, let l = s.elevationLoss {
            out += indent + "Gain / loss: +\(u.elevation(g)) / −\(u.elevation(l))\n"
        } else {
            out += indent + "Gain / loss: \(UnitFormatter.unknown) / \(UnitFormatter.unknown) (unknown: no elevation under the line)\n"
        }
        if !above, let g = s.steepestGrade { out += indent + "Steepest grade: " + u.grade(g) + "\n" }
        if !above, s.elevationSource == .terrain || s.elevationSource == .fileAndTerrain {
            let part = s.elevationCoverage.flatMap { $0 < 0.995 ? " over \(HikeTerrain.percent($0)) % of \(subject)" : nil } ?? ""
            out += indent + "Walking time (DIN 33466, terrain climb\(part)): " + u.duration(s.estimatedWalkingTime, style: .clock) + "\n"
        }
        if let tg = s.terrainGain, let tl = s.terrainLoss {
            if let c = s.terrainCoverage, c < 0.995 {
                // Half off the tiles: the comparison only where both sources have heights.
                out += indent + "Terrain coverage: " + HikeTerrain.coverageText(c, of: subject) + "\n"
                out += indent + "Gain / loss where the terrain covers it: terrain +\(u.elevation(tg)) / −\(u.elevation(tl))"
                if let fg = s.fileGainWhereTerrain, let fl = s.fileLossWhereTerrain {
                    let file = s.elevationSource == .fileAndTerrain ? "file filled from the terrain" : "file"
                    out += ", \(file) +\(u.elevation(fg)) / −\(u.elevation(fl))"
                }
                out += "\n"
            } else {
                out += indent + "Gain / loss by the terrain: +\(u.elevation(tg)) / −\(u.elevation(tl))\n"
            }
        } else if s.elevationSource != .file, let c = s.terrainCoverage, c > 0, c < 0.995 {
            out += indent + "Terrain coverage: " + HikeTerrain.coverageText(c, of: subject) + "\n"
        }
        out += missingTilesText(s.missingTiles, indent: indent)
        return out
    }

    /// Which tiles the line needs that are not imported, and where to get them; empty when none.
    public static func missingTilesText(_ tiles: [String], indent: String = "") -> String {
        let ids = tiles.compactMap(SRTMTileID.init(name:))
        guard let first = ids.first else { return "" }
        var out = indent + "Missing terrain tile\(ids.count == 1 ? "" : "s") under the line: "
            + ids.prefix(6).map { $0.name + ".hgt" }.joined(separator: ", ") + (ids.count > 6 ? ", …" : "") + "\n"
        out += indent + "  " + first.howToGet.prefix(1).uppercased() + first.howToGet.dropFirst()
            + (ids.count > 1 ? " (the others likewise)" : "") + "\n"
        return out
    }

    /// For a line with points lacking elevation when no terrain tile is imported at all: the
    /// tiles it needs and where to get them; empty when every point has its own elevation.
    public static func noTerrainText(_ track: Track, planned: Bool, indent: String = "") -> String {
        let points = track.segments.flatMap(\.points)
        guard points.contains(where: { $0.elevation == nil }) else { return "" }
        let line = planned ? TerrainElevation(store: TerrainStore(tiles: [])).plannedTrack(track).0 : track
        let tiles = TerrainStatistics.missingTiles(line, TerrainStore(tiles: []))
        guard !tiles.isEmpty else { return "" }
        let own = points.contains { $0.elevation != nil }
        let what = !own ? "gain and loss unknown, the walking time ignores climb"
            : "gain and loss count only the points with their own elevation"
        return indent + "No terrain imported: \(what).\n" + missingTilesText(tiles, indent: indent)
    }
}

extension DemElevation {
    /// The figures of a stored hike with the terrain, nil without terrain tiles. Drawn hikes
    /// are planned lines (terrain along the densified line); others keep their elevations and
    /// get terrain heights only where points lack them.
    public static func hike(_ store: HikeStore, _ id: HikeID, kind: HikeKind, terrain: TerrainElevation?) throws -> TerrainStatistics? {
        guard let terrain else { return nil }
        let tracks = try store.tracks(of: id)
        let all = Track(segments: tracks.flatMap(\.segments))
        return TerrainStatistics.compute(all, planned: kind == .drawn, terrain: terrain)
    }
}

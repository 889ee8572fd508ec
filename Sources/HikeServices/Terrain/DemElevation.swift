import Foundation
import Localization
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
    /// `subject` ends "terrain covers 80 % of the hike" (default "the hike", translated).
    public static func text(_ s: TerrainStatistics, _ u: UnitFormatter, indent: String = "", subject: String? = nil,
                     figuresAbove: Bool = false) -> String {
        // TRANSLATORS: ends "Walking time (DIN 33466, terrain climb over 80 % of the hike)" and "terrain covers 80 % of the hike".
        let subject = subject ?? L("the hike")
        let above = figuresAbove && (s.elevationSource == .terrain || s.elevationSource == .fileAndTerrain)
        let source: String
        switch s.elevationSource {
        // TRANSLATORS: where a line's heights come from, after "Elevation source:".
        case .file: source = L("from the file")
        case .terrain: source = L("from the terrain (SRTM, bilinear)")
        case .fileAndTerrain: source = L("from the file, %d point(s) from the terrain (SRTM)", s.points.fromTerrain)
        case .none: source = L("none: no terrain tile under the line")
        }
        var out = indent + L("Elevation source: %s", source) + "\n"
        if s.points.withoutData > 0 && s.elevationSource != .none {
            // Said in length along the line: a planned line's points are the 30 m samples the
            // terrain densified it to, not the hiker's stops.
            if let m = s.metresWithoutTerrain, m > 0 {
                out += indent + L("No terrain data under %s of the line (no tile or a void there; a gap in the profile)", u.distance(m)) + "\n"
            } else {
                out += indent + L("No terrain data under %d point(s) (no tile or a void there; a gap in the profile)", s.points.withoutData) + "\n"
            }
        }
        if above {
            // Said in the rows above.
        } else if let g = s.elevationGain, let l = s.elevationLoss {
            out += indent + L("Gain / loss: +%s / -%s", u.elevation(g), u.elevation(l)) + "\n"
        } else {
            out += indent + L("Gain / loss: %s / %s (unknown: no elevation under the line)", UnitFormatter.unknown, UnitFormatter.unknown) + "\n"
        }
        if !above, let g = s.steepestGrade { out += indent + L("Steepest grade: %s", u.grade(g)) + "\n" }
        if !above, s.elevationSource == .terrain || s.elevationSource == .fileAndTerrain {
            let time = u.duration(s.estimatedWalkingTime, style: .clock)
            if let c = s.elevationCoverage, c < 0.995 {
                out += indent + L("Walking time (DIN 33466, terrain climb over %d %% of %s): %s", HikeTerrain.percent(c), subject, time) + "\n"
            } else {
                out += indent + L("Walking time (DIN 33466, terrain climb): %s", time) + "\n"
            }
        }
        if let tg = s.terrainGain, let tl = s.terrainLoss {
            if let c = s.terrainCoverage, c < 0.995 {
                // Half off the tiles: the comparison only where both sources have heights.
                out += indent + L("Terrain coverage: %s", HikeTerrain.coverageText(c, of: subject)) + "\n"
                out += indent + L("Gain / loss where the terrain covers it: terrain +%s / -%s", u.elevation(tg), u.elevation(tl))
                if let fg = s.fileGainWhereTerrain, let fl = s.fileLossWhereTerrain {
                    out += ", " + (s.elevationSource == .fileAndTerrain
                        ? L("file filled from the terrain +%s / -%s", u.elevation(fg), u.elevation(fl))
                        : L("file +%s / -%s", u.elevation(fg), u.elevation(fl)))
                }
                out += "\n"
            } else {
                out += indent + L("Gain / loss by the terrain: +%s / -%s", u.elevation(tg), u.elevation(tl)) + "\n"
            }
        } else if s.elevationSource != .file, let c = s.terrainCoverage, c > 0, c < 0.995 {
            out += indent + L("Terrain coverage: %s", HikeTerrain.coverageText(c, of: subject)) + "\n"
        }
        out += missingTilesText(s.missingTiles, indent: indent)
        return out
    }

    /// Which tiles the line needs that are not imported, and where to get them; empty when none.
    public static func missingTilesText(_ tiles: [String], indent: String = "") -> String {
        let ids = tiles.compactMap(SRTMTileID.init(name:))
        guard let first = ids.first else { return "" }
        let names = ids.prefix(6).map { $0.name + ".hgt" }.joined(separator: ", ") + (ids.count > 6 ? ", …" : "")
        var out = indent + Ln("Missing terrain tile under the line: %s", "Missing terrain tiles under the line: %s", ids.count, names) + "\n"
        let others: String = ids.count > 1 ? " " + L("(the others likewise)") : ""
        out += indent + "  " + first.howToGet.prefix(1).uppercased() + first.howToGet.dropFirst() + others + "\n"
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
        let what = !own ? L("gain and loss unknown, the walking time ignores climb")
            : L("gain and loss count only the points with their own elevation")
        return indent + L("No terrain imported: %s.", what) + "\n" + missingTilesText(tiles, indent: indent)
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

import Foundation
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain

/// The imported terrain as the router's ``ElevationLookup`` (climb costs on the walking graph).
struct TerrainLookup: ElevationLookup {
    let store: TerrainStore
    func elevation(at coordinate: Coordinate) -> Double? { store.height(at: coordinate).metres }
}

/// Terrain elevations for the figures `show`, `route` and `stats` print.
enum DemElevation {
    /// Sets each leg's ascent and descent from the terrain along its line (densified, 5 m
    /// hysteresis; see ``TerrainElevation``) and returns the figures of the whole route.
    /// The per-leg figures restart the filter at each stop, so their sum can differ from the
    /// whole route's gain by up to the 5 m threshold per stop.
    static func apply(_ plan: inout RoutePlan, _ terrain: TerrainElevation) -> TerrainStatistics {
        for i in plan.legs.indices {
            let leg = Track(segments: [TrackSegment(points: plan.legs[i].coordinates.map { Trackpoint($0) })])
            let s = TerrainStatistics.compute(leg, planned: true, terrain: terrain)
            plan.legs[i].ascent = s.elevationGain ?? 0
            plan.legs[i].descent = s.elevationLoss ?? 0
        }
        return TerrainStatistics.compute(plan.track(name: nil), planned: true, terrain: terrain)
    }

    /// The step a saved drawn route takes through ``RoutePlan/drawnHike(name:time:stopNames:calculator:elevate:)``:
    /// the line densified with terrain heights (``TerrainElevation/plannedTrack(_:)``), or the
    /// line as it is without terrain.
    static func elevate(_ terrain: TerrainElevation?) -> ((Track) -> Track)? {
        terrain.map { t in { t.plannedTrack($0).0 } }
    }

    /// Lines for a text report: gain and loss with their source, or why there are none.
    static func text(_ s: TerrainStatistics, _ u: UnitFormatter, indent: String = "") -> String {
        let source: String
        switch s.elevationSource {
        case .file: source = "from the file"
        case .terrain: source = "from the terrain (SRTM, bilinear)"
        case .fileAndTerrain: source = "from the file, \(s.points.fromTerrain) point(s) from the terrain (SRTM)"
        case .none: source = "none: no terrain tile under the line"
        }
        var out = indent + "Elevation source: \(source)\n"
        if s.points.withoutData > 0 && s.elevationSource != .none {
            out += indent + "No terrain data: \(s.points.withoutData) point(s) (no tile or a void there; a gap in the profile)\n"
        }
        if let g = s.elevationGain, let l = s.elevationLoss {
            out += indent + "Gain / loss: +\(u.elevation(g)) / −\(u.elevation(l))\n"
        }
        if let g = s.steepestGrade { out += indent + String(format: "Steepest grade: %+.0f %%\n", g * 100) }
        if s.elevationSource == .terrain || s.elevationSource == .fileAndTerrain {
            out += indent + "Walking time (DIN 33466, terrain climb): " + u.duration(s.estimatedWalkingTime, style: .clock) + "\n"
        }
        if let tg = s.terrainGain, let tl = s.terrainLoss {
            out += indent + "Gain / loss by the terrain: +\(u.elevation(tg)) / −\(u.elevation(tl))\n"
        }
        return out
    }
}

extension DemElevation {
    /// The figures of a stored hike with the terrain, nil without terrain tiles. Drawn hikes
    /// are planned lines (terrain along the densified line); others keep their elevations and
    /// get terrain heights only where points lack them.
    static func hike(_ store: HikeStore, _ id: HikeID, kind: HikeKind, terrain: TerrainElevation?) throws -> TerrainStatistics? {
        guard let terrain else { return nil }
        let tracks = try store.tracks(of: id)
        let all = Track(segments: tracks.flatMap(\.segments))
        return TerrainStatistics.compute(all, planned: kind == .drawn, terrain: terrain)
    }
}

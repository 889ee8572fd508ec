import Foundation
import TrailCore
import TrailStore
import TrailTerrain

/// One hike, one gain: the elevation figures every surface shows (`cairn list`, `cairn show`,
/// the library list, the hike screen), from ``TerrainStatistics/computeWithLine(_:planned:terrain:calculator:comparison:)``
/// and applied with ``TerrainStatistics/applied(to:)`` (DECISIONS 260).
///
/// The stored statistics are the file's alone (computed at import, points without `ele`
/// skipped). A hike with no `ele`, or with some, gets its figures from the terrain where
/// tiles lie under it; a hike with all its own elevations keeps the stored ones.
enum HikeElevationFigures {
    /// The terrain's figures for a stored hike, nil when they change nothing the store says:
    /// no terrain, no tile under the hike's box, or a track with all its own elevations and
    /// `comparison` off. A drawn route is a planned line: its heights are the terrain's
    /// (DECISIONS 118), also when it was saved with them.
    static func figures(_ store: HikeStore, _ summary: HikeSummary, terrain: TerrainElevation?,
                        comparison: Bool) throws -> TerrainStatistics? {
        guard let terrain, covers(terrain, summary) else { return nil }
        return figures(try store.tracks(of: summary.id), kind: summary.kind, terrain: terrain, comparison: comparison)
    }

    /// ``figures(_:_:terrain:comparison:)`` on tracks already read.
    static func figures(_ tracks: [Track], kind: HikeKind, terrain: TerrainElevation, comparison: Bool) -> TerrainStatistics? {
        let all = Track(segments: tracks.flatMap(\.segments))
        if !comparison, kind != .drawn, !all.segments.contains(where: { $0.points.contains { $0.elevation == nil } }) { return nil }
        return TerrainStatistics.compute(all, planned: kind == .drawn, terrain: terrain, comparison: comparison)
    }

    /// True when a terrain tile lies under the hike's bounding box.
    static func covers(_ terrain: TerrainElevation, _ summary: HikeSummary) -> Bool {
        guard let box = summary.statistics.boundingBox else { return false }
        return terrain.store.coverage.contains { $0.intersects(box) }
    }

    /// `summary` with the figures applied, marked ``HikeSummary/elevationFromTerrain`` when
    /// they are (partly) the terrain's.
    static func applying(_ figures: TerrainStatistics?, to summary: HikeSummary) -> HikeSummary {
        guard let figures, figures.elevationSource == .terrain || figures.elevationSource == .fileAndTerrain else { return summary }
        var s = summary
        s.statistics = figures.applied(to: s.statistics)
        s.elevationFromTerrain = true
        return s
    }

    /// The summaries of a list with the terrain's figures where the hikes lack elevations,
    /// re-sorted when the list is by gain (`reversed` as asked). `cache` keeps figures by hike
    /// and stored statistics between calls (the viewer reloads its list after every change).
    static func summaries(_ list: [HikeSummary], store: HikeStore, terrain: TerrainElevation?, sort: HikeSort,
                          reversed: Bool = false, cache: inout [HikeSummary: TerrainStatistics?]) throws -> [HikeSummary] {
        guard let terrain, !terrain.store.tileIDs.isEmpty else { return list }
        var out: [HikeSummary] = []
        out.reserveCapacity(list.count)
        for h in list {
            let figures: TerrainStatistics?
            if let kept = cache[h] {
                figures = kept
            } else {
                figures = try Self.figures(store, h, terrain: terrain, comparison: false)
                cache[h] = figures
            }
            out.append(applying(figures, to: h))
        }
        guard sort == .gain, out.contains(where: \.elevationFromTerrain) else { return out }
        // As the store sorts: most climb first, no climb (nil) last; ties keep the store's order.
        let ranked = out.enumerated().sorted { a, b in
            let ga = a.element.statistics.elevationGain ?? -1, gb = b.element.statistics.elevationGain ?? -1
            if ga != gb { return reversed ? ga < gb : ga > gb }
            return a.offset < b.offset
        }
        return ranked.map(\.element)
    }
}

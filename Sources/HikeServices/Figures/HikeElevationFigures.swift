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
public enum HikeElevationFigures {
    /// The terrain's figures for a stored hike, nil when they change nothing the store says:
    /// no terrain, no tile under the hike's box, or a track with all its own elevations and
    /// `comparison` off. A drawn route is a planned line: its heights are the terrain's
    /// (DECISIONS 118), also when it was saved with them.
    public static func figures(_ store: HikeStore, _ summary: HikeSummary, terrain: TerrainElevation?,
                        comparison: Bool) throws -> TerrainStatistics? {
        guard let terrain, covers(terrain, summary) else { return nil }
        return figures(try store.tracks(of: summary.id), kind: summary.kind, terrain: terrain, comparison: comparison)
    }

    /// ``figures(_:_:terrain:comparison:)`` on tracks already read.
    public static func figures(_ tracks: [Track], kind: HikeKind, terrain: TerrainElevation, comparison: Bool) -> TerrainStatistics? {
        let all = Track(segments: tracks.flatMap(\.segments))
        if !comparison, kind != .drawn, !all.segments.contains(where: { $0.points.contains { $0.elevation == nil } }) { return nil }
        return TerrainStatistics.compute(all, planned: kind == .drawn, terrain: terrain, comparison: comparison)
    }

    /// True when a terrain tile lies under the hike's bounding box.
    public static func covers(_ terrain: TerrainElevation, _ summary: HikeSummary) -> Bool {
        guard let box = summary.statistics.boundingBox else { return false }
        return terrain.store.coverage.contains { $0.intersects(box) }
    }

    /// `summary` with the figures applied, marked ``HikeSummary/elevationFromTerrain`` when
    /// they are (partly) the terrain's.
    public static func applying(_ figures: TerrainStatistics?, to summary: HikeSummary) -> HikeSummary {
        guard let figures, figures.elevationSource == .terrain || figures.elevationSource == .fileAndTerrain else { return summary }
        var s = summary
        s.statistics = figures.applied(to: s.statistics)
        s.elevationFromTerrain = true
        s.elevationCoverage = figures.elevationCoverage
        return s
    }

    /// The summaries of a list with the terrain's figures where the hikes lack elevations,
    /// re-sorted when the list is by gain (`reversed` as asked). `cache` keeps figures by hike
    /// and stored statistics between calls (the viewer reloads its list after every change).
    ///
    /// The figures come from the store's kept rows (``HikeStore/storedTerrainFigures()``,
    /// DECISIONS 268) when their stamps match the hike's line and the tiles; a hike whose row
    /// says every point has its own `ele` is never read. Others are computed (points read) and
    /// kept for the next list; a store that cannot be written (read-only, busy) lists the same
    /// figures without keeping them.
    public static func summaries(_ list: [HikeSummary], store: HikeStore, terrain: TerrainElevation?, sort: HikeSort,
                          reversed: Bool = false, cache: inout [HikeSummary: TerrainStatistics?]) throws -> [HikeSummary] {
        guard let terrain, !terrain.store.tileIDs.isEmpty else { return list }
        let stamp = terrainStamp(terrain)
        var kept: [HikeID: StoredTerrainFigures]?
        var fresh: [HikeID: StoredTerrainFigures] = [:]
        var out: [HikeSummary] = []
        out.reserveCapacity(list.count)
        for h in list {
            let figures: TerrainStatistics?
            if let known = cache[h] {
                figures = known
            } else if !covers(terrain, h) {
                figures = nil
            } else {
                if kept == nil { kept = (try? store.storedTerrainFigures()) ?? [:] }
                if let k = keptFigures(kept?[h.id], of: h, terrainStamp: stamp) {
                    figures = k
                } else {
                    let computed = figuresAndRow(try store.tracks(of: h.id), summary: h, terrain: terrain, terrainStamp: stamp)
                    figures = computed.figures
                    fresh[h.id] = computed.row
                }
            }
            cache[h] = figures
            out.append(applying(figures, to: h))
        }
        if !fresh.isEmpty && !store.isReadOnly {
            // Keeping them is a saving, not the list's purpose: a busy or failing write lists anyway.
            try? store.saveTerrainFigures(fresh)
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

    /// The totals' outings with each dated hike's elevation figures as the lists give them
    /// (the terrain's where the hike has no or only some `ele`, from the kept rows), marked
    /// ``Outing/elevationFromTerrain``; walks keep theirs (measured while walking). Unchanged
    /// without tiles (DECISIONS 413).
    public static func outings(_ list: OutingList, store: HikeStore, terrain: TerrainElevation?) throws -> OutingList {
        guard let terrain, !terrain.store.tileIDs.isEmpty, list.outings.contains(where: { $0.walkID == nil }) else { return list }
        var cache: [HikeSummary: TerrainStatistics?] = [:]
        let shown = try summaries(try store.summaries(sortedBy: .date), store: store, terrain: terrain, sort: .date, cache: &cache)
        var byID: [String: HikeSummary] = [:]
        for s in shown where s.elevationFromTerrain { byID[s.id.rawValue] = s }
        var out = list
        for i in out.outings.indices where out.outings[i].walkID == nil {
            guard let s = byID[out.outings[i].trailID] else { continue }
            out.outings[i].elevationGain = s.statistics.elevationGain
            out.outings[i].maxElevationFromTerrain = s.statistics.maxElevation != nil && out.outings[i].maxElevation != s.statistics.maxElevation
            out.outings[i].elevationCoverage = s.elevationCoverage
            out.outings[i].maxElevation = s.statistics.maxElevation
            out.outings[i].steepestGradeFromTerrain = s.statistics.steepestGrade != nil
                && out.outings[i].steepestGrade != s.statistics.steepestGrade
            out.outings[i].steepestGrade = s.statistics.steepestGrade
            out.outings[i].elevationFromTerrain = true
        }
        return out
    }

    /// Computes and keeps the figures of every hike of the store that has no current row (under
    /// the tiles of `terrain`): run after an import, a save and `dem import`/`dem remove`, so
    /// the next list reads no point. Does nothing without tiles or on a read-only store.
    public static func refresh(_ store: HikeStore, terrain: TerrainElevation?) throws {
        guard let terrain, !store.isReadOnly else { return }
        var cache: [HikeSummary: TerrainStatistics?] = [:]
        _ = try summaries(try store.summaries(sortedBy: .date), store: store, terrain: terrain, sort: .date, cache: &cache)
    }

    /// The figures of a kept row: `.some(nil)` when the terrain changes nothing, nil when the
    /// row is missing or stale (another line, other tiles) or unreadable.
    public static func keptFigures(_ row: StoredTerrainFigures?, of summary: HikeSummary,
                            terrainStamp: String) -> TerrainStatistics?? {
        guard let row, row.lineStamp == lineStamp(summary) else { return nil }
        if row.ownElevations && summary.kind != .drawn { return .some(nil) }
        guard row.terrainStamp == terrainStamp else { return nil }
        guard let json = row.figuresJSON else { return .some(nil) }
        guard let f = try? JSONDecoder().decode(TerrainStatistics.self, from: json) else { return nil }
        // Kept before the figures had their coverage (DECISIONS 411): computed again, once.
        if f.elevationCoverage == nil, f.elevationSource == .terrain || f.elevationSource == .fileAndTerrain { return nil }
        return .some(f)
    }

    /// The list's figures of `tracks` (``figures(_:kind:terrain:comparison:)``) and the row that
    /// keeps them.
    public static func figuresAndRow(_ tracks: [Track], summary: HikeSummary, terrain: TerrainElevation,
                              terrainStamp: String) -> (figures: TerrainStatistics?, row: StoredTerrainFigures) {
        let own = !tracks.contains { $0.segments.contains { $0.points.contains { $0.elevation == nil } } }
        let figures = Self.figures(tracks, kind: summary.kind, terrain: terrain, comparison: false)
        let json = figures.flatMap { try? JSONEncoder().encode($0) }
        // A figure that cannot be encoded leaves the row without a terrain stamp: computed again.
        let row = StoredTerrainFigures(lineStamp: lineStamp(summary), ownElevations: own,
                                       terrainStamp: figures == nil || json != nil ? terrainStamp : nil,
                                       figuresJSON: json)
        return (figures, row)
    }

    /// What kept figures were computed on, from the summary: kind, point count and distance
    /// (bit for bit). With the store's triggers (a rewritten line drops its row) a belt and braces.
    public static func lineStamp(_ s: HikeSummary) -> String {
        "\(s.kind.rawValue) \(s.statistics.pointCount) \(s.statistics.distance.bitPattern)"
    }

    /// The tiles the figures depend on: each tile's name, size and modification time (so a tile
    /// imported again with other data counts as new), and the densifying step.
    public static func terrainStamp(_ terrain: TerrainElevation) -> String {
        let tiles = terrain.store.tileIDs.map { id -> String in
            let path = terrain.store.tilePaths[id] ?? ""
            // Tiles given in memory (tests, benchmarks) have no file: this store's own.
            if path == "(memory)" { return "\(id.name):memory:\(ObjectIdentifier(terrain.store).hashValue)" }
            let a = try? FileManager.default.attributesOfItem(atPath: path)
            let size = (a?[.size] as? NSNumber)?.int64Value ?? -1
            let mtime = (a?[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
            return "\(id.name):\(size):\(mtime)"
        }
        return tiles.joined(separator: ",") + " step \(terrain.step)"
    }
}

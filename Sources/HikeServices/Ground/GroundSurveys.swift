import Foundation
import TrailCore
import TrailMap
import TrailStore

/// The ground under a stored hike's line, measured once and cached in the hike store
/// (``HikeStore/groundSurvey(of:lineVersion:)``): what `cairn show`, `cairn render` and the
/// viewer's hike screen show as SAC grade and surface shares (DECISIONS.md 212).
public enum GroundSurveys {
    /// The cached survey of `id`'s kept line version (``HikeStore/keptLineVersion(of:)``; 0: the
    /// raw line; `segments` are that line's points) when one was
    /// measured on as many points as `segments` hold and on the map data the map store holds
    /// now (``MapStore/dataStamp()``: an extract imported or removed since makes it stale),
    /// else a new one measured with `map` (``GroundMap/load(store:around:)`` over the line's
    /// box, then ``GroundMap/survey(segments:)``) and cached, with the stamp, when it found
    /// any mapped stretch and the store can be written (a survey of nothing is not kept, and a
    /// stale one that now finds nothing is removed). With no map store at all a cached survey
    /// of the right point count is used as it is (there is nothing to measure against). Nil
    /// when there is no usable survey and no map, or the map has nothing under the line.
    /// - Parameters:
    ///   - map: reads the map store (``MapReading``: the viewer's serial accessor, so the map
    ///     connection is used on the map's queue only, or a command's ``MapFile``).
    ///   - now: the clock for `measured_at`.
    /// - Throws: ``SQLiteError`` from either store.
    public static func line(of id: HikeID, segments: [[Coordinate]], store: HikeStore,
                     map: some MapReading, now: Date) throws -> GroundLine? {
        let lineVersion = try store.keptLineVersion(of: id)
        let pointCount = segments.reduce(0) { $0 + $1.count }
        let cached = try store.groundSurvey(of: id, lineVersion: lineVersion).flatMap { c -> (StoredGroundSurvey, GroundLine)? in
            guard c.pointCount == pointCount, let line = GroundLine(encoded: c.tags), line.tags.count == pointCount else { return nil }
            return (c, line)
        }
        let cachedStamp = cached?.0.mapStamp
        // Only Sendable values leave the map's closure; the hike store is written after it.
        let answer: MapAnswer = try map.readMap { mapStore in
            guard let mapStore else { return .noMap }
            let stamp = try mapStore.dataStamp()
            if let cachedStamp, cachedStamp == stamp { return .current }
            guard let box = BoundingBox(covering: segments.flatMap { $0 }) else { return .noPoints }
            return .measured(try GroundMap.load(store: mapStore, around: box).survey(segments: segments), stamp: stamp)
        }
        let line: GroundLine, stamp: String
        switch answer {
        case .noMap, .current: return cached?.1
        case .noPoints: return nil
        case .measured(let l, let s): (line, stamp) = (l, s)
        }
        guard line.hasMappedStretch else {
            if cached != nil, !store.isReadOnly { try store.removeGroundSurvey(of: id, lineVersion: lineVersion) }
            return nil
        }
        if !store.isReadOnly {
            try store.saveGroundSurvey(StoredGroundSurvey(pointCount: pointCount, measuredAt: now, tags: line.encoded,
                                                          mapStamp: stamp), of: id, lineVersion: lineVersion)
        }
        return line
    }

    /// What the map said about a hike's line.
    private enum MapAnswer: Sendable {
        /// No map store: a cached survey is used as it is.
        case noMap
        /// The cached survey was measured on the map data held now.
        case current
        /// The line has no points.
        case noPoints
        /// Measured now, on the data with `stamp`.
        case measured(GroundLine, stamp: String)
    }

    /// The map store at `path` opened read-only, nil when the file does not exist.
    public static func openMap(_ path: String) throws -> MapStore? {
        try MapFile.open(path)
    }

    /// The shares of the ground under stored hike `id`'s kept line by SAC grade and surface
    /// (``GroundShares``, from ``line(of:segments:store:map:now:)``: cached, or measured now on
    /// the map store at `mapPath`), nil when the map has nothing under it (`cairn show`).
    /// - Throws: ``SQLiteError`` from either store.
    public static func shares(of id: HikeID, store: HikeStore, mapPath: String, now: Date) throws -> GroundShares? {
        let segments = try store.tracks(of: id).flatMap(\.segments).map { $0.points.map(\.coordinate) }
        let line = try Self.line(of: id, segments: segments, store: store, map: MapFile(path: mapPath), now: now)
        return line.map { GroundShares(line: $0, segments: segments) }.flatMap { $0.hasMappedLength ? $0 : nil }
    }
}

import Foundation
import TrailCore
import TrailMap
import TrailStore

/// The ground under a stored hike's line, measured once and cached in the hike store
/// (``HikeStore/groundSurvey(of:lineVersion:)``): what `cairn show`, `cairn render` and the
/// viewer's hike screen show as SAC grade and surface shares (DECISIONS.md 212).
enum GroundSurveys {
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
    ///   - map: opens the map store, nil when none was imported.
    ///   - now: the clock for `measured_at`.
    /// - Throws: ``SQLiteError`` from either store.
    static func line(of id: HikeID, segments: [[Coordinate]], store: HikeStore,
                     map: () throws -> MapStore?, now: Date) throws -> GroundLine? {
        let lineVersion = try store.keptLineVersion(of: id)
        let pointCount = segments.reduce(0) { $0 + $1.count }
        let cached = try store.groundSurvey(of: id, lineVersion: lineVersion).flatMap { c -> (StoredGroundSurvey, GroundLine)? in
            guard c.pointCount == pointCount, let line = GroundLine(encoded: c.tags), line.tags.count == pointCount else { return nil }
            return (c, line)
        }
        guard let mapStore = try map() else { return cached?.1 }
        let stamp = try mapStore.dataStamp()
        if let (survey, line) = cached, survey.mapStamp == stamp { return line }
        guard let box = BoundingBox(covering: segments.flatMap { $0 }) else { return nil }
        let line = try GroundMap.load(store: mapStore, around: box).survey(segments: segments)
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

    /// The map store at `path` opened read-only, nil when the file does not exist.
    static func openMap(_ path: String) throws -> MapStore? {
        FileManager.default.fileExists(atPath: path) ? try MapStore(path: path, readOnly: true) : nil
    }
}

import Foundation
import TrailCore
import TrailMap
import TrailStore

/// The ground under a stored hike's line, measured once and cached in the hike store
/// (``HikeStore/groundSurvey(of:lineVersion:)``): what `cairn show`, `cairn render` and the
/// viewer's hike screen show as SAC grade and surface shares (DECISIONS.md 212).
enum GroundSurveys {
    /// The cached survey of `id` when one was measured on as many points as `segments` hold,
    /// else a new one measured with `map` (``GroundMap/load(store:around:)`` over the line's
    /// box, then ``GroundMap/survey(segments:)``) and cached when it found any mapped stretch
    /// and the store can be written (a survey of nothing is not kept, so importing a map later
    /// measures again). Nil when there is no cached survey and no map, or the map has nothing
    /// under the line.
    /// - Parameters:
    ///   - map: opens the map store, nil when none was imported; called only when measuring.
    ///   - now: the clock for `measured_at`.
    /// - Throws: ``SQLiteError`` from either store.
    static func line(of id: HikeID, segments: [[Coordinate]], store: HikeStore, map: () throws -> MapStore?,
                     now: Date) throws -> GroundLine? {
        let pointCount = segments.reduce(0) { $0 + $1.count }
        if let cached = try store.groundSurvey(of: id), cached.pointCount == pointCount,
           let line = GroundLine(encoded: cached.tags), line.tags.count == pointCount {
            return line
        }
        guard let box = BoundingBox(covering: segments.flatMap { $0 }), let mapStore = try map() else { return nil }
        let line = try GroundMap.load(store: mapStore, around: box).survey(segments: segments)
        guard line.hasMappedStretch else { return nil }
        if !store.isReadOnly {
            try store.saveGroundSurvey(StoredGroundSurvey(pointCount: pointCount, measuredAt: now, tags: line.encoded), of: id)
        }
        return line
    }

    /// The map store at `path` opened read-only, nil when the file does not exist.
    static func openMap(_ path: String) throws -> MapStore? {
        FileManager.default.fileExists(atPath: path) ? try MapStore(path: path, readOnly: true) : nil
    }
}

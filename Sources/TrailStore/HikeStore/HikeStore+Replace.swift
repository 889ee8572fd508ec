import Foundation
import Localization
import TrailCore
import TrailSQLite

/// Why a hike's line was not replaced.
public enum ReplaceLineError: Error, CustomStringConvertible, Equatable {
    /// Only drawn routes are edited in place: a recording or an imported file is what it is.
    case notDrawn(HikeID, HikeKind)

    public var description: String {
        switch self {
        case .notDrawn(let id, let kind):
            let word = switch kind {
            case .recorded: L("recorded")
            case .imported: L("imported")
            case .drawn: L("drawn")
            }
            return L("%s is %s, not a drawn route: only drawn routes are edited in place; nothing was changed", id, word)
        }
    }
}

extension HikeStore {
    /// Replaces the line of the drawn route `id` with `hike`'s: its tracks, stops and other
    /// waypoints, its name and its figures (distance, climb, walking time, bounding box,
    /// content hash). The hike keeps its id, its creation and start dates, its description
    /// and metadata, and its walks (they are walks of this route; their summaries stay as they
    /// were walked). Cached terrain figures are dropped by the table's triggers; kept line
    /// versions and ground surveys, made for the old line, are removed. Places are not taken
    /// from `hike`: add them afterwards (``addPlace(_:to:)``) in the same transaction when the
    /// caller has them.
    ///
    /// One transaction: the whole new line or, when anything throws, the old one untouched.
    /// No duplicate check: the user's own route stays one hike even when its new line equals
    /// another stored hike.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``ReplaceLineError/notDrawn(_:_:)`` when
    ///   `id` is not a drawn route, ``HikeStoreError/readOnly(path:)``, ``SQLiteError``.
    public func replaceLine(of id: HikeID, with hike: NewHike) throws {
        try requireWritable()
        do {
            try connection.transaction {
                guard let row = try connection.query("SELECT id, kind FROM hikes WHERE public_id = ?", [.text(id.rawValue)],
                                                     row: { ($0.int64(0), $0.string(1)) }).first
                else { throw HikeStoreError.noSuchHike(id.rawValue) }
                let kind = HikeKind(rawValue: row.1) ?? .imported
                guard kind == .drawn else { throw ReplaceLineError.notDrawn(id, kind) }
                // Kept as they were: when the route was made and what it says about itself.
                let kept: Set<String> = ["description", "kind", "source_file", "created_at", "started_at", "metadata_json"]
                let values = HikeWriter.hikeValues(hike, hash: hike.contentHash, createdAt: Date())
                let changed = zip(HikeWriter.hikeColumns, values).filter { !kept.contains($0.0) }
                try connection.run("UPDATE hikes SET " + changed.map { "\($0.0) = ?" }.joined(separator: ", ") + " WHERE id = ?",
                                   changed.map(\.1) + [.integer(row.0)])
                for table in ["tracks", "waypoints", "ground_surveys", "kept_line_versions", "line_versions"] {
                    try connection.run("DELETE FROM \(table) WHERE hike_id = ?", [.integer(row.0)])
                }
                try HikeWriter(connection).writeLine(hike, hikeRow: row.0) { _ in }
            }
        } catch let e as SQLiteError {
            throw Self.translate(e, path: path)
        }
    }
}

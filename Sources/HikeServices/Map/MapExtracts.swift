import Foundation
import TrailCore
import TrailMap

/// Thrown from a map import's progress callback when SIGINT/SIGTERM arrived: rolls the
/// import's transaction back (DECISIONS 67).
public struct MapImportInterrupted: Error {
    public let signal: Int32
    public init(signal: Int32) { self.signal = signal }
}

/// OpenStreetMap extracts into the map store: opening it for imports, why a file was refused,
/// and leaving nothing behind when a first import failed. What `cairn map import` and
/// `cairn map fetch` share; the progress and the words stay with them.
public enum MapExtracts {
    /// The map store at `path`, created when missing. - Returns: the store, and whether this
    /// created it (``discardIfEmpty(_:)`` then removes it when no import went in).
    /// - Throws: the store's error opening or creating it.
    public static func open(_ path: String) throws -> (store: MapStore, created: Bool) {
        let existed = FileManager.default.fileExists(atPath: path)
        return (try MapStore(path: path), !existed)
    }

    /// A store no import went into (every file failed or was interrupted) is deleted with its
    /// -wal, -shm and -journal files, so a failed first import leaves nothing behind
    /// (DECISIONS 512). `store` is replaced by an in-memory one first, closing the file.
    public static func discardIfEmpty(_ store: inout MapStore) {
        guard (try? store.imports().isEmpty) == true, let empty = try? MapStore(path: ":memory:") else { return }
        let path = store.path
        store = empty
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }

    /// Why a file could not be imported, naming it as `shown`: "FILE:LINE: reason" for an OSM
    /// reading error with a line (XML), "FILE: reason" otherwise.
    public static func failure(_ error: Error, shown: String) -> String {
        guard let e = error as? OSMReadError else { return "\(shown): \(error)" }
        return e.line.map { "\(shown):\($0): \(e.reason)" } ?? "\(shown): \(e.reason)"
    }
}

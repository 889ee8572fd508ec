import Foundation

extension MapStore {
    /// Which map data the store holds, as a short string that changes whenever an extract is
    /// imported or removed (`cairn map import`, `map remove`, `map fetch`): every import's id,
    /// file name, time and file size, in id order ("" for a store with no extract). The same
    /// file imported again at the same second gives the same stamp: the same data. A ground survey keeps
    /// it and is measured again when it differs (DECISIONS.md 283).
    /// - Throws: ``SQLiteError`` when the store cannot be read.
    public func dataStamp() throws -> String {
        try db.query("SELECT id, file, imported_at, file_size FROM imports ORDER BY id") { st in
            "\(st.int64(0))@\(st.string(1))@\(st.string(2))@\(st.int64(3))"
        }.joined(separator: ";")
    }
}

import CSQLite
import Foundation

/// Questions about a database file asked before SQLite opens it, answered from the file system
/// (shared by the hike store and the map store).
public enum SQLiteFile {
    /// True when SQLite reads the file as a database (its header string is there), or the file
    /// is empty (SQLite treats an empty file as a new database). A file we cannot read is left
    /// for SQLite to report. Used by the hike store and the map store before opening, so a
    /// file of another kind is refused and left unchanged.
    ///
    /// Asked through SQLite itself (a read-only connection and `PRAGMA schema_version`, which
    /// fails with `SQLITE_NOTADB`), never by open(2) and close(2) of our own: closing any
    /// descriptor of a database file drops every POSIX lock this process holds on it, so
    /// another process closing the database then believes it is the last connection,
    /// checkpoints and deletes the WAL under a live writer, whose commits go to the unlinked
    /// file and are lost (SQLite's "How To Corrupt An SQLite Database File", section 2.2).
    /// SQLite's own VFS keeps such descriptors open until the process's locks are released.
    public static func looksLikeSQLite(_ path: String) -> Bool {
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { return true }
        return sqlite3_exec(db, "PRAGMA schema_version", nil, nil, nil) != SQLITE_NOTADB
    }

    /// Why SQLite cannot open or create the database at `path`, in words, from the file
    /// system (access(2) as the current user): nil when nothing obvious is wrong.
    public static func whyCannotOpen(_ path: String) -> String? {
        var dir = (path as NSString).deletingLastPathComponent
        if dir.isEmpty { dir = "." }
        var isDir: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDir) {
            if isDir.boolValue { return "it is a directory" }
            if access(path, R_OK) != 0 { return "no permission to read it" }
            if access(dir, W_OK | X_OK) != 0 { return "no permission to write in its directory \(dir)" }
            return nil
        }
        if !FileManager.default.fileExists(atPath: dir, isDirectory: &isDir) { return "the directory \(dir) does not exist" }
        if !isDir.boolValue { return "\(dir) is not a directory" }
        if access(dir, W_OK | X_OK) != 0 { return "no permission to create files in \(dir)" }
        return nil
    }
}

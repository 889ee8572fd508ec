import Foundation

/// Questions about a database file asked before SQLite opens it, answered from the file system
/// (shared by the hike store and the map store).
public enum SQLiteFile {
    /// True when the first 16 bytes of the file are SQLite's header string, or the file is
    /// empty (SQLite treats an empty file as a new database). A file we cannot read is left
    /// for SQLite to report. Used by the hike store and the map store before opening, so a
    /// file of another kind is refused and left unchanged.
    public static func looksLikeSQLite(_ path: String) -> Bool {
        guard let h = FileHandle(forReadingAtPath: path) else { return true }
        defer { try? h.close() }
        let head = (try? h.read(upToCount: 16)) ?? Data()
        return head.isEmpty || head == Data("SQLite format 3\0".utf8)
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

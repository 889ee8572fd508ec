/// Why the hike store refused to open or to do something. Every case names the file.
public enum HikeStoreError: Error, CustomStringConvertible, Equatable {
    /// The file exists but is not an SQLite database; it was not touched.
    case notADatabase(path: String)
    /// The file is an SQLite database of another program; it was not touched.
    case foreignDatabase(path: String)
    /// The file was written by a newer Cairn (unknown schema changes); it was not modified.
    case newerVersion(path: String, unknownMigrations: [String])
    /// SQLite reports the file damaged; it was not modified further.
    case corrupt(path: String, reason: String)
    /// The store's directory could not be created.
    case cannotCreateDirectory(path: String, reason: String)
    /// No hike has this id.
    case noSuchHike(String)

    public var description: String {
        switch self {
        case .notADatabase(let p):
            return "\(p) is not a Cairn hike store (not an SQLite database); it was left unchanged"
        case .foreignDatabase(let p):
            return "\(p) is an SQLite database of another program; it was left unchanged"
        case .newerVersion(let p, let unknown):
            return "\(p) was written by a newer version of cairn (unknown schema changes: "
                + unknown.joined(separator: ", ") + "); it was left unchanged"
        case .corrupt(let p, let reason):
            return "\(p) is damaged (\(reason)); it was left unchanged"
        case .cannotCreateDirectory(let p, let reason):
            return "cannot create the store directory \(p): \(reason)"
        case .noSuchHike(let id):
            return "no hike with id '\(id)' (see 'cairn list')"
        }
    }
}

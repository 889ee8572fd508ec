import Localization

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
    /// There is no store file at the path and the caller asked not to create one.
    case noStore(path: String)
    /// The file or its directory cannot be written (permissions, read-only file system):
    /// SQLite needs both, for the store and for the `-wal` and `-shm` files beside it.
    /// Nothing was changed.
    case readOnly(path: String)
    /// SQLite could not open or create the file; `reason` says why in words.
    case cannotOpen(path: String, reason: String)
    /// The hike is being recorded by another process (`cairn record` holds the store's
    /// recording lock): deleting it would leave the recorder nowhere to store its points.
    case recordingInProgress(String)

    public var description: String {
        switch self {
        case .notADatabase(let p):
            return L("%s is not a Cairn hike store (not an SQLite database); it was left unchanged", p)
        case .foreignDatabase(let p):
            return L("%s is an SQLite database of another program; it was left unchanged", p)
        case .newerVersion(let p, let unknown):
            return L("%s was written by a newer version of cairn (unknown schema changes: %s); it was left unchanged", p, unknown.joined(separator: ", "))
        case .corrupt(let p, let reason):
            return L("%s is damaged (%s); it was left unchanged", p, reason)
        case .cannotCreateDirectory(let p, let reason):
            return L("cannot create the store directory %s: %s", p, reason)
        case .noSuchHike(let id):
            return L("no hike with id '%s' (see 'cairn list')", id)
        case .noStore(let p):
            return L("no hike store at %s — import a GPX file first (cairn import FILE.gpx)", p)
        case .readOnly(let p):
            return L("the hike store %s is read-only (the file or its directory cannot be written, and SQLite needs both); it was left unchanged", p)
        case .cannotOpen(let p, let reason):
            return L("cannot open the hike store %s: %s", p, reason)
        case .recordingInProgress(let id):
            return L("hike '%s' is being recorded right now (cairn record is running): finish the recording first, then delete it; nothing was deleted", id)
        }
    }
}

import CSQLite
import Foundation
import TrailCore
import TrailSQLite

/// The user's hikes in one SQLite file: the shared store that the command line, the TUI,
/// route drawing and live following read and write.
///
/// Opening checks before changing anything: a file that is not SQLite, an SQLite file of
/// another program, or a store written by a newer Cairn is refused and left byte-identical;
/// so is a store that cannot be written (``HikeStoreError/readOnly(path:)``) when a write
/// would be needed to open it, and a missing file when `create` is false. A store the user
/// may read but not write opens read-only (``isReadOnly``). Otherwise the journal is
/// switched to WAL (checked), `synchronous = NORMAL` (durable against a killed process; a
/// power cut can lose the last commit, never corrupt), and the schema migrations of
/// ``HikeSchema`` are applied. A busy timeout lets several processes share the
/// store: readers never wait in WAL mode, writers wait for each other.
///
/// Not thread-safe: one `HikeStore` per thread or task (open another for another thread).
public final class HikeStore {
    /// The database file.
    public let path: String
    /// The connection; later features add their tables through new migrations in
    /// ``HikeSchema`` and may query it directly.
    public let connection: Connection
    let now: () -> Date
    /// True when SQLite opened the file read-only (no write permission on it): the hikes can
    /// be read, and every write throws ``HikeStoreError/readOnly(path:)`` before touching it.
    public let isReadOnly: Bool

    /// Points per `point_blocks` row (32 bytes each, so 256 KiB blobs): see DECISIONS.md.
    public static let pointsPerBlock = 8192

    /// Opens the store at `path`, creating it (and its directory, mode 0700) when absent and
    /// `create` is true.
    /// - Parameters:
    ///   - path: the file, e.g. from ``StoreLocation/path(explicit:environment:)``.
    ///   - now: the clock used for `createdAt` (injected for tests).
    ///   - busyTimeout: milliseconds to wait for another process's write lock (an import of a
    ///     very large file holds it for a few seconds).
    ///   - create: false to refuse a missing file (``HikeStoreError/noStore(path:)``) without
    ///     creating anything, for commands that only read or change existing hikes.
    /// - Throws: ``HikeStoreError`` (nothing was changed), or ``SQLiteError``.
    public init(path: String, now: @escaping () -> Date = Date.init, busyTimeout: Int32 = 60_000,
                create: Bool = true) throws {
        self.path = path
        self.now = now
        let exists = FileManager.default.fileExists(atPath: path)
        if !exists && !create { throw HikeStoreError.noStore(path: path) }
        if !exists { try StoreLocation.createDirectory(for: path) }
        if exists && !SQLiteFile.looksLikeSQLite(path) { throw HikeStoreError.notADatabase(path: path) }
        do {
            connection = try Connection(path: path, mode: exists ? .readWrite : .readWriteCreate, busyTimeout: busyTimeout)
            // SQLite falls back to read-only when the file cannot be written.
            isReadOnly = sqlite3_db_readonly(connection.handle, "main") == 1
            try Self.checkBeforeWriting(connection, path: path)
            if !isReadOnly {
                try connection.enableWAL()
                try connection.execute("PRAGMA synchronous = NORMAL")
            }
            // Read-only, this only reads unless a migration is pending (then SQLITE_READONLY).
            try HikeSchema.migrator.migrate(connection)
        } catch let e as SQLiteError {
            throw Self.translate(e, path: path)
        } catch let e as Migrator.NewerSchemaError {
            throw HikeStoreError.newerVersion(path: path, unknownMigrations: e.unknown)
        }
    }

    /// Throws ``HikeStoreError/readOnly(path:)`` when the store cannot be written; called
    /// first by `insert`, `rename` and `delete`.
    func requireWritable() throws {
        if isReadOnly { throw HikeStoreError.readOnly(path: path) }
    }

    /// Refuses, before any write, a database of another program or of a newer Cairn.
    private static func checkBeforeWriting(_ db: Connection, path: String) throws {
        // One read transaction, so the id and the table count come from the same snapshot:
        // another process may be creating this store right now (its first migration stamps
        // the id and creates the tables in one commit).
        try db.execute("BEGIN DEFERRED")
        defer { try? db.execute("COMMIT") }
        let appID = try db.applicationID
        if appID != HikeSchema.applicationID {
            let tables = try db.scalar("SELECT count(*) FROM sqlite_master")?.integer ?? 0
            if appID != 0 || tables > 0 { throw HikeStoreError.foreignDatabase(path: path) }
        }
        let known = Set(HikeSchema.migrator.migrations.map(\.name))
        let unknown = try HikeSchema.migrator.appliedMigrations(db).filter { !known.contains($0) }
        if !unknown.isEmpty { throw HikeStoreError.newerVersion(path: path, unknownMigrations: unknown) }
    }

    /// Maps SQLite's result codes that concern the file as a whole to ``HikeStoreError``:
    /// not a database, corrupt, read-only (file or directory) and cannot open; other
    /// errors are returned unchanged.
    public static func translate(_ e: SQLiteError, path: String) -> Error {
        switch e.primaryCode {
        case SQLITE_NOTADB: return HikeStoreError.notADatabase(path: path)
        case SQLITE_CORRUPT: return HikeStoreError.corrupt(path: path, reason: e.message)
        case SQLITE_READONLY: return HikeStoreError.readOnly(path: path)
        case SQLITE_CANTOPEN: return HikeStoreError.cannotOpen(path: path, reason: SQLiteFile.whyCannotOpen(path) ?? e.message)
        default: return e
        }
    }

    /// Number of hikes stored.
    public func hikeCount() throws -> Int {
        Int(try connection.scalar("SELECT count(*) FROM hikes")?.integer ?? 0)
    }

    /// The id of the hike `text` names (six characters, case-insensitive).
    /// - Throws: ``HikeStoreError/noSuchHike(_:)`` when malformed or absent.
    public func resolve(_ text: String) throws -> HikeID {
        guard let id = HikeID(text),
              try connection.scalar("SELECT 1 FROM hikes WHERE public_id = ?", [.text(id.rawValue)]) != nil
        else { throw HikeStoreError.noSuchHike(text) }
        return id
    }

    /// Gives a hike a new name (the description and everything else stay).
    /// - Throws: ``HikeStoreError/noSuchHike(_:)``, ``HikeStoreError/readOnly(path:)``.
    public func rename(_ id: HikeID, to name: String) throws {
        try requireWritable()
        try connection.run("UPDATE hikes SET name = ? WHERE public_id = ?", [.text(name), .text(id.rawValue)])
        if connection.changes == 0 { throw HikeStoreError.noSuchHike(id.rawValue) }
    }

    /// Deletes hikes with their tracks, points and waypoints, all or none (one transaction).
    /// A recording that is not finished can be deleted (it is then discarded), except while
    /// `cairn record` runs on this store in another process.
    /// - Throws: ``HikeStoreError/noSuchHike(_:)`` when any id is absent (nothing deleted),
    ///   ``HikeStoreError/recordingInProgress(_:)`` when one of them is an unfinished recording
    ///   and `cairn record` runs on this store (nothing deleted), ``HikeStoreError/readOnly(path:)``.
    public func delete(_ ids: [HikeID]) throws {
        try requireWritable()
        // A recorder paused in its process keeps the state `paused`: while any process holds the
        // store's recording lock, no unfinished recording is deleted.
        if RecordingLock.isHeldElsewhere(store: path) {
            let unfinished = Set(try unfinishedRecordings().map(\.hikeID))
            if let busy = ids.first(where: unfinished.contains) { throw HikeStoreError.recordingInProgress(busy.rawValue) }
        }
        try connection.transaction {
            for id in ids {
                try connection.run("DELETE FROM hikes WHERE public_id = ?", [.text(id.rawValue)])
                if connection.changes == 0 { throw HikeStoreError.noSuchHike(id.rawValue) }
            }
        }
    }

    /// `PRAGMA integrity_check`: "ok" or SQLite's list of problems.
    public func integrityCheck() throws -> String {
        try connection.query("PRAGMA integrity_check") { $0.string(0) }.joined(separator: "; ")
    }
}

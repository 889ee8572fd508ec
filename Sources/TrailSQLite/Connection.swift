import CSQLite
import Foundation

/// One connection to an SQLite database file (or `:memory:`).
///
/// Not thread-safe: use one connection per thread or task. Closed in `deinit`.
/// Foreign keys are switched on for every connection.
public final class Connection {
    /// The raw handle, for the rare call this wrapper does not cover.
    public let handle: OpaquePointer
    /// The path it was opened with.
    public let path: String
    private var transactionDepth = 0

    /// How a connection may use the file.
    public enum Mode: Sendable {
        /// Read and write; create the file when it does not exist.
        case readWriteCreate
        /// Read and write an existing file only.
        case readWrite
        /// Read only.
        case readOnly
    }

    /// Opens the database at `path`.
    /// - Parameters:
    ///   - path: file path, or ":memory:".
    ///   - mode: see ``Mode``.
    ///   - busyTimeout: milliseconds to wait on a lock held by another process before
    ///     `SQLITE_BUSY` (default 5 s, so the TUI and a CLI command can share a store).
    /// - Throws: ``SQLiteError`` when the file cannot be opened.
    public init(path: String, mode: Mode = .readWriteCreate, busyTimeout: Int32 = 5000) throws {
        var db: OpaquePointer?
        var flags: Int32 = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        switch mode {
        case .readWriteCreate: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        }
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open database"
            if let db { sqlite3_close_v2(db) }
            throw SQLiteError(code: rc, message: message)
        }
        self.handle = db
        self.path = path
        sqlite3_busy_timeout(db, busyTimeout)
        try execute("PRAGMA foreign_keys = ON")
    }

    deinit { sqlite3_close_v2(handle) }

    /// Runs one or more SQL statements without parameters or results.
    /// - Throws: ``SQLiteError``.
    public func execute(_ sql: String) throws {
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        if rc != SQLITE_OK {
            let message = errmsg.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(errmsg)
            throw SQLiteError(code: sqlite3_extended_errcode(handle), message: message, sql: sql)
        }
    }

    /// Compiles `sql` into a reusable ``Statement``.
    /// - Throws: ``SQLiteError`` on a syntax error or a missing table.
    public func prepare(_ sql: String) throws -> Statement {
        try Statement(connection: self, sql: sql)
    }

    /// Runs `sql` with `bindings` and returns the rows mapped by `row`.
    public func query<T>(_ sql: String, _ bindings: [SQLiteValue] = [],
                         row: (Statement) throws -> T) throws -> [T] {
        let st = try prepare(sql)
        try st.bind(bindings)
        var out: [T] = []
        while try st.step() { out.append(try row(st)) }
        return out
    }

    /// Runs `sql` with `bindings` for its side effects.
    public func run(_ sql: String, _ bindings: [SQLiteValue] = []) throws {
        let st = try prepare(sql)
        try st.bind(bindings)
        while try st.step() {}
    }

    /// The first column of the first row, or nil when there is no row.
    public func scalar(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> SQLiteValue? {
        let st = try prepare(sql)
        try st.bind(bindings)
        guard try st.step() else { return nil }
        return st.value(at: 0)
    }

    /// The rowid of the last successful INSERT on this connection.
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int { Int(sqlite3_changes(handle)) }

    /// Runs `body` inside a transaction: committed when it returns, rolled back when it throws.
    ///
    /// Nested calls become savepoints, so a helper that opens its own transaction can be
    /// called from inside another. The outer transaction starts with `BEGIN IMMEDIATE` so a
    /// writer waits for the lock up front (busy timeout) instead of failing half-way.
    /// - Throws: what `body` throws, or ``SQLiteError``.
    @discardableResult
    public func transaction<T>(_ body: () throws -> T) throws -> T {
        let depth = transactionDepth
        let savepoint = "cairn_sp\(depth)"
        if depth == 0 { try execute("BEGIN IMMEDIATE") } else { try execute("SAVEPOINT \(savepoint)") }
        transactionDepth += 1
        defer { transactionDepth -= 1 }
        do {
            let result = try body()
            if depth == 0 { try execute("COMMIT") } else { try execute("RELEASE \(savepoint)") }
            return result
        } catch {
            if depth == 0 {
                try? execute("ROLLBACK")
            } else {
                try? execute("ROLLBACK TO \(savepoint)")
                try? execute("RELEASE \(savepoint)")
            }
            throw error
        }
    }

    /// Switches the journal to write-ahead logging and checks that SQLite agreed.
    /// - Throws: ``SQLiteError`` when the mode could not be set (for example on a
    ///   read-only file or a file system without shared memory).
    public func enableWAL(retryFor seconds: Double = 5) throws {
        // Switching the journal needs a lock SQLite does not wait for with the busy handler:
        // while another process holds the file (two `cairn import`s creating one store) the
        // pragma answers SQLITE_BUSY at once. Retry for a while, as the busy timeout would.
        let deadline = Date().addingTimeInterval(seconds)
        var mode: String?
        while true {
            do {
                mode = try scalar("PRAGMA journal_mode = WAL")?.text?.lowercased()
                break
            } catch let e as SQLiteError where e.primaryCode == SQLITE_BUSY && Date() < deadline {
                usleep(20_000)
            }
        }
        guard mode == "wal" else {
            throw SQLiteError(code: SQLITE_ERROR, message: "could not switch to WAL (journal_mode is \(mode ?? "unknown"))",
                              sql: "PRAGMA journal_mode = WAL")
        }
    }

    /// `PRAGMA user_version`.
    public var userVersion: Int {
        get throws { Int(try scalar("PRAGMA user_version")?.integer ?? 0) }
    }

    /// `PRAGMA data_version`: a number that changes when another connection (of this process
    /// or another) commits to the database since this connection last read it; this
    /// connection's own commits leave it as it was. Cheap: no table is read.
    public var dataVersion: Int {
        get throws { Int(try scalar("PRAGMA data_version")?.integer ?? 0) }
    }

    /// Sets `PRAGMA user_version`.
    public func setUserVersion(_ v: Int) throws { try execute("PRAGMA user_version = \(v)") }

    /// The application id stamped in the file header (`PRAGMA application_id`).
    public var applicationID: Int32 {
        get throws { Int32(truncatingIfNeeded: try scalar("PRAGMA application_id")?.integer ?? 0) }
    }

    /// Sets `PRAGMA application_id`.
    public func setApplicationID(_ id: Int32) throws { try execute("PRAGMA application_id = \(id)") }

    /// True when a table (or view) of that name exists.
    public func tableExists(_ name: String) throws -> Bool {
        try scalar("SELECT 1 FROM sqlite_master WHERE name = ? AND type IN ('table','view')", [.text(name)]) != nil
    }
}

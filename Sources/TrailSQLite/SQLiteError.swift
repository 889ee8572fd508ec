import CSQLite

/// An error reported by SQLite.
///
/// Carries the result code, SQLite's message and the SQL text of the statement, but never the
/// bound values: locations are personal and must not end up in logs (as GRDB does).
public struct SQLiteError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The extended result code (`SQLITE_BUSY`, `SQLITE_CONSTRAINT_UNIQUE`, …).
    public let code: Int32
    /// SQLite's own message (`sqlite3_errmsg`) or ours when SQLite gave none.
    public let message: String
    /// The SQL being prepared or run, if any.
    public let sql: String?

    public init(code: Int32, message: String, sql: String? = nil) {
        self.code = code
        self.message = message
        self.sql = sql
    }

    /// The primary result code (the low byte of the extended code).
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String {
        var s = "SQLite error \(code): \(message)"
        if let sql { s += " (in: \(sql))" }
        return s
    }
}

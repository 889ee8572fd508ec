import CSQLite
import Foundation

/// A value that SQLite stores: the five storage classes.
public enum SQLiteValue: Hashable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    public var integer: Int64? { if case .integer(let v) = self { return v }; return nil }
    public var real: Double? {
        switch self {
        case .real(let v): return v
        case .integer(let v): return Double(v)
        default: return nil
        }
    }
    public var text: String? { if case .text(let v) = self { return v }; return nil }
    public var blob: [UInt8]? { if case .blob(let v) = self { return v }; return nil }
    public var isNull: Bool { self == .null }
}

extension SQLiteValue {
    /// `.null` for nil, otherwise the value.
    public static func optional(_ v: Double?) -> SQLiteValue { v.map { .real($0) } ?? .null }
    public static func optional(_ v: Int64?) -> SQLiteValue { v.map { .integer($0) } ?? .null }
    public static func optional(_ v: Int?) -> SQLiteValue { v.map { .integer(Int64($0)) } ?? .null }
    public static func optional(_ v: String?) -> SQLiteValue { v.map { .text($0) } ?? .null }
}

/// A prepared statement. Finalized in `deinit` (as GRDB does), reusable with ``reset()``.
///
/// Binding indices and column indices follow SQLite: binds count from 1, columns from 0;
/// the `bind(_:)` array form binds element 0 to parameter 1.
public final class Statement {
    public let handle: OpaquePointer
    public let sql: String
    private unowned let connection: Connection

    init(connection: Connection, sql: String) throws {
        var st: OpaquePointer?
        let rc = sqlite3_prepare_v2(connection.handle, sql, -1, &st, nil)
        guard rc == SQLITE_OK, let st else {
            throw SQLiteError(code: sqlite3_extended_errcode(connection.handle),
                              message: String(cString: sqlite3_errmsg(connection.handle)), sql: sql)
        }
        self.handle = st
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    private func check(_ rc: Int32) throws {
        guard rc == SQLITE_OK else {
            throw SQLiteError(code: sqlite3_extended_errcode(connection.handle),
                              message: String(cString: sqlite3_errmsg(connection.handle)), sql: sql)
        }
    }

    /// Binds all `values` in order, starting at parameter 1.
    public func bind(_ values: [SQLiteValue]) throws {
        for (i, v) in values.enumerated() { try bind(v, at: Int32(i + 1)) }
    }

    /// Binds one value to the 1-based parameter `index`.
    public func bind(_ value: SQLiteValue, at index: Int32) throws {
        switch value {
        case .null: try check(sqlite3_bind_null(handle, index))
        case .integer(let v): try check(sqlite3_bind_int64(handle, index, v))
        case .real(let v): try check(sqlite3_bind_double(handle, index, v))
        case .text(let v): try check(sqlite3_bind_text(handle, index, v, -1, cairn_sqlite_transient()))
        case .blob(let v):
            try v.withUnsafeBytes { raw in
                try check(sqlite3_bind_blob(handle, index, raw.baseAddress, Int32(raw.count), cairn_sqlite_transient()))
            }
        }
    }

    /// Binds raw bytes without copying them into a Swift array first (hot paths).
    public func bindBlob(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        try check(sqlite3_bind_blob(handle, index, bytes.baseAddress, Int32(bytes.count), cairn_sqlite_transient()))
    }

    /// Binds raw bytes that SQLite reads in place, without a copy (`SQLITE_STATIC`): `bytes` must
    /// stay valid and unchanged until the statement has been stepped and reset (hot paths).
    public func bindBlobInPlace(_ bytes: UnsafeRawBufferPointer, at index: Int32) throws {
        try check(sqlite3_bind_blob(handle, index, bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 1), Int32(bytes.count), nil))
    }

    /// Binds a String (copied by SQLite; hot paths, no enum).
    public func bind(_ v: String, at index: Int32) throws {
        try check(sqlite3_bind_text(handle, index, v, -1, cairn_sqlite_transient()))
    }

    /// Binds NULL (hot paths; no enum).
    public func bindNull(at index: Int32) throws { try check(sqlite3_bind_null(handle, index)) }

    /// Binds a Double (hot paths; no enum).
    public func bind(_ v: Double, at index: Int32) throws { try check(sqlite3_bind_double(handle, index, v)) }
    /// Binds an Int64 (hot paths; no enum).
    public func bind(_ v: Int64, at index: Int32) throws { try check(sqlite3_bind_int64(handle, index, v)) }

    /// Advances to the next row.
    /// - Returns: true when a row is available, false when the statement is done.
    /// - Throws: ``SQLiteError`` for every other result code.
    @discardableResult
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            throw SQLiteError(code: sqlite3_extended_errcode(connection.handle),
                              message: String(cString: sqlite3_errmsg(connection.handle)), sql: sql)
        }
    }

    /// Resets the statement for another run and clears its bindings.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Number of result columns.
    public var columnCount: Int32 { sqlite3_column_count(handle) }

    /// True when column `i` of the current row is NULL.
    public func isNull(_ i: Int32) -> Bool { sqlite3_column_type(handle, i) == SQLITE_NULL }

    public func int64(_ i: Int32) -> Int64 { sqlite3_column_int64(handle, i) }
    public func int(_ i: Int32) -> Int { Int(sqlite3_column_int64(handle, i)) }
    public func double(_ i: Int32) -> Double { sqlite3_column_double(handle, i) }
    public func optionalDouble(_ i: Int32) -> Double? { isNull(i) ? nil : double(i) }
    public func optionalInt64(_ i: Int32) -> Int64? { isNull(i) ? nil : int64(i) }

    /// Column `i` as text; "" for NULL.
    public func string(_ i: Int32) -> String {
        guard let p = sqlite3_column_text(handle, i) else { return "" }
        return String(cString: p)
    }

    public func optionalString(_ i: Int32) -> String? { isNull(i) ? nil : string(i) }

    /// Column `i` as bytes; empty for NULL.
    public func blob(_ i: Int32) -> [UInt8] {
        let n = Int(sqlite3_column_bytes(handle, i))
        guard n > 0, let p = sqlite3_column_blob(handle, i) else { return [] }
        return Array(UnsafeRawBufferPointer(start: p, count: n))
    }

    /// Calls `body` with the blob bytes of column `i` without copying; valid only inside `body`.
    public func withBlob<T>(_ i: Int32, _ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        let n = Int(sqlite3_column_bytes(handle, i))
        let p = sqlite3_column_blob(handle, i)
        return try body(UnsafeRawBufferPointer(start: p, count: p == nil ? 0 : n))
    }

    /// Column `i` as a ``SQLiteValue`` of its storage class.
    public func value(at i: Int32) -> SQLiteValue {
        switch sqlite3_column_type(handle, i) {
        case SQLITE_INTEGER: return .integer(int64(i))
        case SQLITE_FLOAT: return .real(double(i))
        case SQLITE_TEXT: return .text(string(i))
        case SQLITE_BLOB: return .blob(blob(i))
        default: return .null
        }
    }
}

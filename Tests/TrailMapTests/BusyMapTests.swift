import Foundation
import Testing
@testable import TrailMap
import TrailSQLite

/// A map another program is writing to (a new map stays locked by its first import until it
/// ends, DECISIONS 402) is refused in words, not as "SQLite error 5" (newcomer 11).
@Suite struct BusyMapTests {
    @Test func busyIsSaidInWords() {
        let e = MapStore.translate(SQLiteError(code: 5 /* SQLITE_BUSY */, message: "database is locked", sql: "PRAGMA application_id"), path: "m.sqlite")
        let reason = (e as? MapStore.OpenError)?.reason ?? "", path = (e as? MapStore.OpenError)?.path ?? ""
        #expect(reason.contains("another program is writing to it"), "\(e)")
        #expect(path == "m.sqlite")
    }

    /// The real case: a new map held by a write transaction (as its first import holds it).
    @Test func aNewMapLockedByItsFirstImportIsRefusedInWords() throws {
        let path = TestSupport.tempDirectory().appendingPathComponent("new.sqlite").path
        let writer = try MapStore(path: path)
        try writer.db.execute("BEGIN EXCLUSIVE")
        defer { try? writer.db.execute("ROLLBACK") }
        do {
            _ = try MapStore(path: path)
            Issue.record("the map opened while another connection held it exclusively")
        } catch let e as MapStore.OpenError {
            #expect(e.reason.contains("another program is writing to it"), "\(e)")
        }
    }
}

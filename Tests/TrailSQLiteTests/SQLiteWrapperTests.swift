import Foundation
import Testing
import TrailSQLite

@Suite struct SQLiteWrapperTests {
    func tempPath() -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-sqlite-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("t.sqlite").path
    }

    @Test func roundTripsEveryStorageClass() throws {
        let db = try Connection(path: ":memory:")
        try db.execute("CREATE TABLE t(a, b, c, d, e)")
        try db.run("INSERT INTO t VALUES (?,?,?,?,?)",
                   [.null, .integer(-42), .real(1.5), .text("Pic d'Ensagents ⛰"), .blob([0, 1, 255])])
        let row = try db.query("SELECT a,b,c,d,e FROM t") { st in (0..<5).map { st.value(at: Int32($0)) } }
        #expect(row.count == 1)
        #expect(row[0] == [.null, .integer(-42), .real(1.5), .text("Pic d'Ensagents ⛰"), .blob([0, 1, 255])])
    }

    @Test func errorCarriesCodeMessageAndSQLButNotValues() throws {
        let db = try Connection(path: ":memory:")
        try db.execute("CREATE TABLE t(x INTEGER UNIQUE)")
        try db.run("INSERT INTO t VALUES (?)", [.integer(4242)])
        do {
            try db.run("INSERT INTO t VALUES (?)", [.integer(4242)])
            Issue.record("expected a constraint error")
        } catch let e as SQLiteError {
            #expect(e.primaryCode == 19)  // SQLITE_CONSTRAINT
            #expect(e.sql == "INSERT INTO t VALUES (?)")
            #expect(!e.description.contains("4242"))
        }
    }

    @Test func transactionRollsBackOnThrowAndNestsAsSavepoint() throws {
        let db = try Connection(path: ":memory:")
        try db.execute("CREATE TABLE t(x)")
        struct Boom: Error {}
        #expect(throws: Boom.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                throw Boom()
            }
        }
        #expect(try db.scalar("SELECT count(*) FROM t") == .integer(0))
        try db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            try? db.transaction {
                try db.run("INSERT INTO t VALUES (2)")
                throw Boom()
            }
        }
        #expect(try db.query("SELECT x FROM t") { $0.int(0) } == [1])
    }

    @Test func walIsSwitchedOnForAFile() throws {
        let db = try Connection(path: tempPath())
        try db.enableWAL()
        #expect(try db.scalar("PRAGMA journal_mode")?.text == "wal")
    }

    @Test func migratorRecordsAndRefusesNewerFiles() throws {
        let path = tempPath()
        var m = Migrator()
        m.register("v1-create") { try $0.execute("CREATE TABLE a(x)") }
        let db = try Connection(path: path)
        try m.migrate(db)
        try m.migrate(db)  // idempotent
        #expect(try m.appliedMigrations(db) == ["v1-create"])
        try db.run("INSERT INTO cairn_migrations VALUES ('v9-future', datetime('now'))")
        var older = Migrator()
        older.register("v1-create") { try $0.execute("CREATE TABLE a(x)") }
        #expect(throws: Migrator.NewerSchemaError.self) { try older.migrate(db) }
    }
}

import Foundation
import Testing
import TrailSQLite
@testable import TrailMap

/// A new map store is made with the final schema in one transaction (DECISIONS 1120): the
/// reference is a store built the old way, by running every migration one after the other on an
/// empty file; both must hold the same `sqlite_master` SQL, the same recorded migrations, the
/// same `user_version` and application id. An old store still migrates to the same schema.
@Suite struct FreshSchemaTests {
    /// `sqlite_master` rows (type, name, table, SQL) in the order SQLite lists them (rowid).
    func schema(_ db: Connection) throws -> [String] {
        try db.query("SELECT type, name, tbl_name, coalesce(sql, '') FROM sqlite_master ORDER BY rowid") {
            "\($0.string(0)) \($0.string(1)) \($0.string(2)) \($0.string(3))"
        }
    }

    func migrationNames(_ db: Connection) throws -> [String] {
        try db.query("SELECT name FROM cairn_migrations ORDER BY rowid") { $0.string(0) }
    }

    /// A store made by the migrations themselves, one transaction each (no fresh schema), as
    /// Cairn made every new store before DECISIONS 1120; `count` migrations, all by default.
    func migratedStore(_ path: String, count: Int? = nil) throws -> Connection {
        let db = try Connection(path: path, mode: .readWriteCreate)
        var migrator = Migrator()
        for m in MapStore.migrator.migrations.prefix(count ?? MapStore.migrator.migrations.count) {
            migrator.register(m.name, m.apply)
        }
        try migrator.migrate(db)
        try db.setApplicationID(MapStore.applicationID)
        return db
    }

    @Test func aNewStoreHasTheSchemaTheMigrationsLeave() throws {
        let dir = TestSupport.tempDirectory()
        let reference = try migratedStore(dir.appendingPathComponent("migrated.sqlite").path)
        let store = try MapStore(path: dir.appendingPathComponent("map.sqlite").path)
        #expect(store.createdFile)
        let made = try schema(store.db), expected = try schema(reference)
        #expect(made.count == expected.count && made.count > 20)
        #expect(made == expected, "\(made.difference(from: expected))")
        #expect(try migrationNames(store.db) == MapStore.migrator.migrations.map(\.name))
        #expect(try migrationNames(reference) == MapStore.migrator.migrations.map(\.name))
        #expect(try store.db.scalar("PRAGMA user_version")?.integer == reference.scalar("PRAGMA user_version")?.integer)
        #expect(try store.db.applicationID == MapStore.applicationID)
        #expect(store.hasZoomGeometry && store.hasViewRecords && store.hasGeometryViewFields)
        #expect(try store.db.scalar("PRAGMA integrity_check")?.text == "ok")
        // An in-memory store (tests, an empty map) takes the same path.
        let memory = try MapStore(path: ":memory:")
        #expect(try schema(memory.db) == expected)
    }

    @Test func anOldStoreStillMigratesToTheSameSchema() throws {
        let dir = TestSupport.tempDirectory()
        let expected = try schema(migratedStore(dir.appendingPathComponent("migrated.sqlite").path))
        for count in [1, 2, 5] {
            let path = dir.appendingPathComponent("old-\(count).sqlite").path
            do {
                let old = try migratedStore(path, count: count)
                try old.enableWAL()
                #expect(try migrationNames(old).count == count)
            }
            let store = try MapStore(path: path)
            #expect(!store.createdFile)
            #expect(try schema(store.db) == expected, "from \(count) migration(s)")
            #expect(try migrationNames(store.db) == MapStore.migrator.migrations.map(\.name))
            #expect(try store.db.scalar("PRAGMA journal_mode")?.text == "wal")
        }
    }

    /// A new store stays in the rollback journal while this instance holds it (its first import
    /// runs so); when the instance goes without an import, the file is in the WAL.
    @Test func aNewStoreWithoutAnImportEndsInTheWAL() throws {
        let path = TestSupport.tempDirectory().appendingPathComponent("map.sqlite").path
        do {
            let store = try MapStore(path: path)
            #expect(try store.db.scalar("PRAGMA journal_mode")?.text == "delete")
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
        let db = try Connection(path: path, mode: .readOnly)
        #expect(try db.scalar("PRAGMA journal_mode")?.text == "wal")
        let again = try MapStore(path: path)
        #expect(!again.createdFile)
        #expect(try again.db.scalar("PRAGMA journal_mode")?.text == "wal")
    }
}

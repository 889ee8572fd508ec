import CSQLite
import Foundation
import Testing
import TrailCore
import TrailSQLite
@testable import TrailStore

@Suite struct StoreOpeningTests {
    @Test func createsItsDirectoryUserOnlyAndSwitchesToWAL() throws {
        let root = makeTempDirectory()
        let path = root + "/deep/cairn/hikes.sqlite"
        let store = try HikeStore(path: path)
        let attrs = try FileManager.default.attributesOfItem(atPath: root + "/deep/cairn")
        #expect((attrs[.posixPermissions] as? NSNumber)?.intValue == 0o700)
        #expect(try store.connection.scalar("PRAGMA journal_mode")?.text == "wal")
        #expect(try store.connection.applicationID == HikeSchema.applicationID)
        #expect(try store.connection.scalar("PRAGMA synchronous") == .integer(1))  // NORMAL
        #expect(try store.integrityCheck() == "ok")
    }

    @Test func aTextFileIsRefusedAndLeftByteIdentical() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        let text = Data("my shopping list\nbread\nmilk\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        #expect(throws: HikeStoreError.notADatabase(path: path)) { _ = try HikeStore(path: path) }
        #expect(fileBytes(path) == text)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func aDamagedDatabaseIsRefusedAndLeftByteIdentical() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        // SQLite's header string, then garbage where the rest of the header and schema go.
        var bytes = Data("SQLite format 3\0".utf8)
        bytes.append(Data((0..<8176).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }))
        try bytes.write(to: URL(fileURLWithPath: path))
        #expect(throws: HikeStoreError.self) { _ = try HikeStore(path: path) }
        #expect(fileBytes(path) == bytes)
    }

    @Test func anotherProgramsDatabaseIsRefusedUnchanged() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        do {
            let db = try Connection(path: path)
            try db.execute("CREATE TABLE accounts(id INTEGER PRIMARY KEY, owner TEXT)")
        }
        let before = fileBytes(path)
        #expect(throws: HikeStoreError.foreignDatabase(path: path)) { _ = try HikeStore(path: path) }
        #expect(fileBytes(path) == before)
    }

    @Test func aStoreFromANewerCairnIsRefusedUnchanged() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        do {
            let store = try HikeStore(path: path)
            try store.insert(sampleHike(sampleTrack()))
            try store.connection.run("INSERT INTO cairn_migrations VALUES ('2031-01-01 future', datetime('now'))")
            try store.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let before = fileBytes(path)
        do {
            _ = try HikeStore(path: path)
            Issue.record("a newer store was opened")
        } catch let e as HikeStoreError {
            #expect(e == .newerVersion(path: path, unknownMigrations: ["2031-01-01 future"]))
            #expect(e.description.contains("newer version"))
        }
        #expect(fileBytes(path) == before)
    }

    @Test func reopeningKeepsHikes() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        do { try HikeStore(path: path).insert(sampleHike(sampleTrack())) }
        #expect(try HikeStore(path: path).hikeCount() == 1)
        #expect(try HikeSchema.migrator.appliedMigrations(HikeStore(path: path).connection) == HikeSchema.migrator.migrations.map(\.name))
    }

    @Test func locationFollowsOptionThenEnvironmentThenXDG() {
        #expect(StoreLocation.path(explicit: "/a/b.sqlite", environment: ["CAIRN_STORE": "/c"]) == "/a/b.sqlite")
        #expect(StoreLocation.path(explicit: nil, environment: ["CAIRN_STORE": "/c/s.sqlite", "XDG_DATA_HOME": "/x"]) == "/c/s.sqlite")
        #expect(StoreLocation.path(explicit: nil, environment: ["XDG_DATA_HOME": "/x", "HOME": "/home/u"]) == "/x/cairn/hikes.sqlite")
        #expect(StoreLocation.path(explicit: nil, environment: ["XDG_DATA_HOME": "rel", "HOME": "/home/u"])
            == "/home/u/.local/share/cairn/hikes.sqlite")
        #expect(StoreLocation.path(explicit: nil, environment: ["HOME": "/home/u"]) == "/home/u/.local/share/cairn/hikes.sqlite")
    }

    @Test func twoConnectionsShareTheStore() throws {
        let path = makeTempDirectory() + "/hikes.sqlite"
        let a = try HikeStore(path: path), b = try HikeStore(path: path)
        try a.connection.execute("BEGIN")
        _ = try a.summaries()  // a read transaction open in A
        try b.insert(sampleHike(sampleTrack()))  // WAL: the writer is not blocked by the reader
        try a.connection.execute("COMMIT")
        #expect(try a.hikeCount() == 1)
    }

    @Test func pointBlobOfBrokenLengthIsAnError() {
        let bytes = [UInt8](repeating: 0, count: 33)
        var out: [Trackpoint] = []
        #expect(throws: PointCodec.MalformedBlob.self) {
            try bytes.withUnsafeBytes { try PointCodec.decode(points: $0, extras: UnsafeRawBufferPointer(start: nil, count: 0), into: &out) }
        }
    }
}

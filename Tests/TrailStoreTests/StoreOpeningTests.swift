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

    /// A damaged extras blob (NaN and 1e300 where a satellite count and a fix index belong):
    /// `Int(_:)` trapped on them; the values now read as absent.
    @Test func extrasThatAreNoWholeNumbersReadAsAbsent() throws {
        let points = [UInt8](repeating: 0, count: 32)  // one point: 0°, 0°, 0 m, 2001-01-01
        var extras: [UInt8] = []
        withUnsafeBytes(of: UInt32(0).littleEndian) { extras.append(contentsOf: $0) }
        withUnsafeBytes(of: UInt16(0b11000).littleEndian) { extras.append(contentsOf: $0) }  // satellites, fix
        for v in [Double.nan, 1e300] { withUnsafeBytes(of: v.bitPattern.littleEndian) { extras.append(contentsOf: $0) } }
        var out: [Trackpoint] = []
        try points.withUnsafeBytes { p in try extras.withUnsafeBytes { try PointCodec.decode(points: p, extras: $0, into: &out) } }
        #expect(out.count == 1 && out[0].extras?.satellites == nil && out[0].extras?.fix == nil)
    }

    @Test func pointBlobOfBrokenLengthIsAnError() {
        let bytes = [UInt8](repeating: 0, count: 33)
        var out: [Trackpoint] = []
        #expect(throws: PointCodec.MalformedBlob.self) {
            try bytes.withUnsafeBytes { try PointCodec.decode(points: $0, extras: UnsafeRawBufferPointer(start: nil, count: 0), into: &out) }
        }
    }
}

/// A second store opened in the process must not drop the first one's locks: a recording's
/// commits were lost when another process (`cairn list`) closed the database, checkpointed and
/// deleted the WAL the recorder was still writing to (found by a tester; DECISIONS 230).
@Suite struct StoreLockTests {
    /// Runs `script` with python3's sqlite3 module on `path`; nil when python3 is missing.
    func python(_ script: String, _ path: String) throws -> String? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["python3", "-c", "import sqlite3, sys\nc = sqlite3.connect(sys.argv[1])\n" + script, path]
        let out = Pipe()
        p.standardOutput = out
        guard (try? p.run()) != nil else { return nil }
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { return nil }
        return String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aSecondStoreInTheProcessKeepsTheFirstOnesWritesVisibleToOtherProcesses() throws {
        let path = makeTempDirectory("locks") + "/hikes.sqlite"
        let writer = try HikeStore(path: path)
        try writer.connection.execute("CREATE TABLE lock_probe(x INTEGER)")
        try writer.connection.execute("INSERT INTO lock_probe VALUES (1)")
        // A second store on the same file in this process (the viewer opens several).
        let reader = try HikeStore(path: path)
        _ = reader
        // Another process opens and closes the database (as `cairn list` does).
        guard let first = try python("print(c.execute('SELECT count(*) FROM lock_probe').fetchone()[0]); c.close()", path) else {
            print("skipped: python3 with sqlite3 not found"); return
        }
        #expect(first == "1")
        // The first store goes on writing; another process must see it.
        try writer.connection.execute("INSERT INTO lock_probe VALUES (2)")
        let second = try python("print(c.execute('SELECT count(*) FROM lock_probe').fetchone()[0]); c.close()", path)
        #expect(second == "2", "the writer's commit was lost: another process sees \(second ?? "nothing")")
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
    }
}

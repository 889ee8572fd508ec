import Foundation
import Testing
import TrailCore
@testable import TrailStore

/// Kills a real `cairn import` child process at different moments and checks that the store
/// is exactly as before that file; runs two imports into one store at once.
@Suite(.serialized) struct ImportReliabilityTests {
    /// Everything that must be unchanged by a killed import.
    struct Snapshot: Equatable {
        var hikes: [HikeSummary]
        var counts: [String: Int64]
    }

    func snapshot(_ path: String) throws -> Snapshot {
        let store = try HikeStore(path: path)
        #expect(try store.integrityCheck() == "ok")
        var counts: [String: Int64] = [:]
        for t in ["hikes", "tracks", "segments", "point_blocks", "waypoints"] {
            counts[t] = try store.connection.scalar("SELECT count(*) FROM \(t)")?.integer
        }
        counts["points"] = try store.connection.scalar("SELECT total(point_count) FROM point_blocks")?.real.map { Int64($0) }
        return Snapshot(hikes: try store.summaries(), counts: counts)
    }

    @Test func sigkillDuringALargeImportLeavesTheStoreAsBefore() throws {
        guard let cairn = cairnExecutable() else {
            Issue.record("build the cairn executable first (swift build)")
            return
        }
        let dir = makeTempDirectory("kill")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/hikes.sqlite"
        let small = dir + "/small.gpx", big = dir + "/big.gpx"
        try writeLargeGPX(to: small, points: 500, origin: (45, 7), name: "Before")
        try writeLargeGPX(to: big, points: 300_000)
        let first = try runToEnd(cairn, ["import", small, "--store", store], dir: dir)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try snapshot(store)
        #expect(before.hikes.count == 1)

        // Kill at different moments: two while the file is still being read, then four after
        // the write transaction has started spilling pages into the WAL (checkpointed to zero
        // bytes before each run, so any growth means the transaction is under way).
        enum Moment { case after(Double), intoTransaction(Double) }
        let moments: [Moment] = [.after(0.3), .after(1.5), .intoTransaction(0), .intoTransaction(0.03),
                                 .intoTransaction(0.1), .intoTransaction(0.25)]
        var killed = 0, killedInTransaction = 0
        for (n, moment) in moments.enumerated() {
            do {
                let s = try HikeStore(path: store)
                try s.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            }
            let p = try launch(cairn, ["import", big, "--store", store], tag: "kill\(n)", dir: dir)
            var inTransaction = false
            switch moment {
            case .after(let t):
                Thread.sleep(forTimeInterval: t)
            case .intoTransaction(let extra):
                let deadline = Date().addingTimeInterval(120)
                while p.isRunning && Date() < deadline {
                    let size = (try? FileManager.default.attributesOfItem(atPath: store + "-wal")[.size] as? Int) ?? 0
                    if size > 0 { inTransaction = true; break }
                    Thread.sleep(forTimeInterval: 0.002)
                }
                Thread.sleep(forTimeInterval: extra)
            }
            if p.isRunning {
                kill(p.processIdentifier, SIGKILL)
                p.waitUntilExit()
                #expect(p.terminationReason == .uncaughtSignal)
                killed += 1
                if inTransaction { killedInTransaction += 1 }
                #expect(try snapshot(store) == before, "after SIGKILL at moment \(n)")
            } else {
                // It finished first: the file is in the store whole; take it out again.
                p.waitUntilExit()
                let s = try HikeStore(path: store)
                let added = try s.summaries().filter { $0.name == "Long walk" }
                #expect(added.count == 1 && added.first?.statistics.pointCount == 300_000)
                try s.delete(added.map(\.id))
            }
        }
        print("SIGKILLed \(killed) imports, \(killedInTransaction) of them inside the write transaction")
        #expect(killedInTransaction >= 3)
        #expect(killed >= 5, "only \(killed) kills landed before the import finished")
        // The store still takes the file afterwards.
        let last = try runToEnd(cairn, ["import", big, "--store", store], dir: dir)
        #expect(last.status == 0, "\(last.stderr)")
        let after = try snapshot(store)
        #expect(after.hikes.count == 2)
        #expect(after.counts["points"] == 300_500)
    }

    @Test func twoProcessesImportIntoOneStoreAtOnce() throws {
        guard let cairn = cairnExecutable() else {
            Issue.record("build the cairn executable first (swift build)")
            return
        }
        let dir = makeTempDirectory("concurrent")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/fresh/hikes.sqlite"  // neither process finds a store: both create it
        try writeLargeGPX(to: dir + "/a.gpx", points: 60_000, origin: (46, 7), name: "A")
        try writeLargeGPX(to: dir + "/b.gpx", points: 60_000, origin: (47, 8), name: "B")
        let a = try launch(cairn, ["import", dir + "/a.gpx", "--store", store], tag: "a", dir: dir)
        let b = try launch(cairn, ["import", dir + "/b.gpx", "--store", store], tag: "b", dir: dir)
        a.waitUntilExit()
        b.waitUntilExit()
        let ra = collect(a, tag: "a", dir: dir), rb = collect(b, tag: "b", dir: dir)
        #expect(ra.status == 0, "\(ra.stderr)")
        #expect(rb.status == 0, "\(rb.stderr)")
        let s = try snapshot(store)
        #expect(s.hikes.map(\.name).sorted() == ["A", "B"])
        #expect(s.counts["points"] == 120_000)
    }
}

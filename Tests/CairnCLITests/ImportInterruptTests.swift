import Foundation
import Testing
@testable import TrailStore

/// Ctrl-C (SIGINT) and SIGTERM during a real `cairn import` child process: it says so, exits
/// with 128 + the signal, and the store is exactly as before that file.
@Suite(.serialized) struct ImportInterruptTests {
    struct Contents: Equatable {
        var hikes: [String]
        var points: Double
        var rows: [Int64]
    }

    func contents(_ path: String) throws -> Contents {
        let store = try HikeStore(path: path)
        #expect(try store.integrityCheck() == "ok")
        let rows = try ["hikes", "tracks", "segments", "point_blocks", "waypoints"].map {
            try store.connection.scalar("SELECT count(*) FROM \($0)")?.integer ?? -1
        }
        return Contents(hikes: try store.summaries().map(\.name),
                        points: try store.connection.scalar("SELECT total(point_count) FROM point_blocks")?.real ?? -1, rows: rows)
    }

    /// Starts `cairn import big` and sends `signal` once the write transaction is under way
    /// (the WAL, checkpointed to zero bytes first, grows) or, with `whileReading`, after 0.5 s.
    func interrupt(with signal: Int32, whileReading: Bool, cairn: String, store: String, big: String, dir: String,
                   tag: String) throws -> ProcessResult? {
        do {
            let s = try HikeStore(path: store)
            try s.connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
        let p = try launch(cairn, ["import", big, "--store", store], tag: tag, dir: dir)
        if whileReading {
            Thread.sleep(forTimeInterval: 0.5)
        } else {
            let deadline = Date().addingTimeInterval(120)
            while p.isRunning && Date() < deadline {
                let size = (try? FileManager.default.attributesOfItem(atPath: store + "-wal")[.size] as? Int) ?? 0
                if size > 0 { break }
                Thread.sleep(forTimeInterval: 0.002)
            }
        }
        guard p.isRunning else {
            p.waitUntilExit()
            print("the import finished before the signal (\(tag)); nothing to check")
            return nil
        }
        kill(p.processIdentifier, signal)
        p.waitUntilExit()
        #expect(p.terminationReason == .exit, "\(tag): the signal killed the process instead of being handled")
        return collect(p, tag: tag, dir: dir)
    }

    @Test func sigintAndSigtermRollBackAndSaySo() throws {
        guard let cairn = cairnExecutable() else {
            Issue.record("build the cairn executable first (swift build)")
            return
        }
        let dir = makeTempDirectory("interrupt")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let store = dir + "/hikes.sqlite"
        let small = dir + "/small.gpx", big = dir + "/big.gpx"
        try writeLargeGPX(to: small, points: 500, origin: (45, 7), name: "Before")
        try writeLargeGPX(to: big, points: 300_000)
        #expect(try runToEnd(cairn, ["import", small, "--store", store], dir: dir).status == 0)
        let before = try contents(store)

        var checked = 0
        for (n, (signal, whileReading)) in [(SIGINT, false), (SIGTERM, false), (SIGINT, true)].enumerated() {
            guard let r = try interrupt(with: signal, whileReading: whileReading, cairn: cairn, store: store, big: big,
                                        dir: dir, tag: "sig\(n)") else {
                // It finished first: take the file out again.
                let s = try HikeStore(path: store)
                try s.delete(try s.summaries().filter { $0.name == "Long walk" }.map(\.id))
                continue
            }
            checked += 1
            #expect(r.status == 128 + signal, "case \(n): \(r.stderr)")
            #expect(r.stderr.contains("cairn import: interrupted; nothing added from big.gpx"), "case \(n): \(r.stderr)")
            #expect(r.stdout.isEmpty)
            #expect(try contents(store) == before, "case \(n)")
        }
        #expect(checked >= 2, "the imports finished before the signals")
    }
}

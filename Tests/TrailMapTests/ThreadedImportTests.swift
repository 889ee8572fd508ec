import Foundation
import Testing
import TrailCore
@testable import TrailMap
import TrailSQLite

/// The map import's SQLite statements on a writing thread of their own (DECISIONS 740): the
/// queue runs items in order, bounded, and hands an error back; an import through it stores
/// the same rows, byte for byte, as the same import on one thread (CAIRN_IMPORT_THREADS=1).
@Suite(.serialized) struct ThreadedImportTests {
    struct Boom: Error, Equatable { let at: Int }

    @Test func queueRunsEveryItemInOrderAcrossManyBatches() throws {
        let n = ImportWriteQueue<Int>.batchSize * (ImportWriteQueue<Int>.maxBatches + 3) + 17
        let seen = SeenBox()
        let q = ImportWriteQueue<Int> { batch in
            #expect(batch.count <= ImportWriteQueue<Int>.batchSize)
            usleep(200)  // slower than the producer: the bound is reached
            seen.items += batch
        }
        for i in 0..<n { try q.append(i) }
        try q.drain()
        #expect(seen.items == Array(0..<n))
        try q.append(n)
        try q.finish()
        #expect(seen.items == Array(0...n))
    }

    @Test func queueHandsTheFirstErrorBackAndDropsTheRest() throws {
        let seen = SeenBox()
        let q = ImportWriteQueue<Int> { batch in
            for i in batch {
                if i == 300 { throw Boom(at: i) }
                seen.items.append(i)
            }
        }
        var thrown: (any Error)?
        do {
            for i in 0..<5_000 { try q.append(i) }
            try q.drain()
        } catch {
            thrown = error
        }
        #expect(thrown as? Boom == Boom(at: 300))
        #expect(seen.items == Array(0..<300))
        #expect(throws: Boom(at: 300)) { try q.finish() }
        q.stop()
    }

    @Test func stopEndsTheThreadWithoutRunningWhatWaits() throws {
        let seen = SeenBox()
        let q = ImportWriteQueue<Int> { batch in usleep(20_000); seen.items += batch }
        for i in 0..<(ImportWriteQueue<Int>.batchSize * 4) { try q.append(i) }
        q.stop()
        let count = seen.items.count
        #expect(count < ImportWriteQueue<Int>.batchSize * 4)
        q.stop()
        #expect(seen.items.count == count)
    }

    /// Every row of the tables an import writes (all columns as SQLite's quote() spells them,
    /// by rowid), table by table.
    func rows(_ store: MapStore) throws -> [String: [String]] {
        var out: [String: [String]] = [:]
        for t in ["features", "feature_bbox", "feature_names", "routes", "route_members", "route_bbox", "feature_sources",
                  "route_sources", "coverage_areas"] {
            let columns = try store.db.query("SELECT name FROM pragma_table_info('\(t)')") { $0.string(0) }
            // Tables WITHOUT ROWID (route_members, the *_sources) have none: their key leads the row.
            let hasRowID = (try? store.db.query("SELECT rowid FROM \(t) LIMIT 1") { _ in 0 }) != nil
            let quoted = ((hasRowID ? ["rowid"] : []) + columns).map { "quote(\($0))" }.joined(separator: " || '|' || ")
            out[t] = try store.db.query("SELECT \(quoted) FROM \(t) ORDER BY \(hasRowID ? "rowid" : "1")") { $0.string(0) }
        }
        return out
    }

    func importBoth(_ files: [String]) throws -> (threaded: [String: [String]], single: [String: [String]]) {
        var results: [[String: [String]]] = []
        for single in [false, true] {
            if single { setenv("CAIRN_IMPORT_THREADS", "1", 1) }
            defer { unsetenv("CAIRN_IMPORT_THREADS") }
            #expect(MapStore.singleThreadImport == single)
            let store = try TestSupport.freshStore()
            for f in files { try store.importOSM(path: f, importedAt: TestSupport.importTime) }
            results.append(try rows(store))
        }
        return (results[0], results[1])
    }

    @Test func backlogCountsTheFullBatchesWaiting() throws {
        let release = NSCondition()
        var open = false
        let q = ImportWriteQueue<Int> { _ in
            release.lock(); while !open { release.wait() }; release.unlock()
        }
        let size = ImportWriteQueue<Int>.batchSize
        #expect(q.backlog == 0)
        // The first batch is taken by the (blocked) writing thread or waits; the later ones wait.
        for i in 0..<(size * 4) { try q.append(i) }
        #expect(q.backlog >= 2 && q.backlog <= 3)
        release.lock(); open = true; release.broadcast(); release.unlock()
        try q.drain()
        for i in 0..<size { try q.append(i) }
        #expect(q.backlog == 0)
        try q.finish()
    }

    /// Whichever thread encodes a feature (DECISIONS 1091), the rows are the same.
    @Test func encodingOnEitherThreadStoresTheSameRows() throws {
        let saved = MapStoreWriter.encodingBacklog
        defer { MapStoreWriter.encodingBacklog = saved }
        var stores: [[String: [String]]] = []
        for backlog in [Int.max, -1] {
            MapStoreWriter.encodingBacklog = backlog
            let store = try TestSupport.freshStore()
            try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
            stores.append(try rows(store))
        }
        let features = stores[0]["features"]?.count ?? 0
        #expect(features > 100)
        for (table, r) in stores[1] { #expect(stores[0][table] == r, "\(table)") }
    }

    @Test func threadedImportStoresTheSameRowsAsOneThread() throws {
        let (threaded, single) = try importBoth([TestSupport.sampleExtract])
        #expect((threaded["features"]?.count ?? 0) > 100)
        for (table, r) in single { #expect(threaded[table] == r, "\(table)") }
    }

    /// A second file over the first, where the paths lost their highway tag and every name
    /// changed: upserts and removals go through the queue too.
    @Test func threadedImportOverAStoreStoresTheSameRows() throws {
        let text = try String(contentsOfFile: TestSupport.sampleExtract, encoding: .utf8)
        let changed = text.replacingOccurrences(of: "<tag k=\"highway\" v=\"path\"/>", with: "")
            .replacingOccurrences(of: "<tag k=\"name\" v=\"", with: "<tag k=\"name\" v=\"New ")
        let second = TestSupport.tempDirectory().appendingPathComponent("ordino-changed.osm").path
        try Data(changed.utf8).write(to: URL(fileURLWithPath: second))
        let (threaded, single) = try importBoth([TestSupport.sampleExtract, second])
        #expect((threaded["features"]?.count ?? 0) > 100)
        #expect(threaded["features"]?.contains { $0.contains("'New ") } == true)
        for (table, r) in single { #expect(threaded[table] == r, "\(table)") }
    }
}

/// Items a queue's work saw (touched by its thread, read after drain).
private final class SeenBox: @unchecked Sendable {
    var items: [Int] = []
}

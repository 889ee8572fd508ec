import Foundation
import Testing
import TrailCore
@testable import TrailMap
import TrailSQLite

/// The R*Tree of a first import is packed into SQLite's shadow tables (DECISIONS 460): SQLite's
/// own `rtreecheck()` finds it sound, and it answers every query as the tree SQLite builds by
/// `INSERT` does, before and after later imports and removals change it.
@Suite struct PackedRTreeTests {
    static let pbf = "osm/WorldKG-andorra-latest-2021-06-22.osm.pbf"
    static let eastClip = "osm/WorldKG-andorra-2021-east-clip.osm"

    /// One tagged node far from Andorra: imported first, it makes the next import insert.
    func farNodeFile() throws -> String {
        let p = TestSupport.tempDirectory().appendingPathComponent("far.osm").path
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <osm version="0.6" generator="cairn-tests">
              <node id="1" version="1" timestamp="2020-01-01T00:00:00Z" lat="10.5" lon="10.5">
                <tag k="natural" v="peak"/><tag k="name" v="Far"/>
              </node>
            </osm>
            """.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    func rtreeCheck(_ store: MapStore) throws -> String? {
        try store.db.scalar("SELECT rtreecheck('feature_bbox')")?.text
    }

    /// The tree's depth: the root's first two bytes, big-endian (0: the root is a leaf).
    func depth(_ store: MapStore) throws -> Int64? {
        try store.db.scalar("SELECT hex(substr(data, 1, 2)) FROM feature_bbox_node WHERE nodeno = 1")?.text
            .flatMap { Int64($0, radix: 16) }
    }

    /// Every row of the R*Tree but `except`, ordered by id.
    func rows(_ store: MapStore, except: Int64) throws -> [[Int64]] {
        try store.db.query("SELECT * FROM feature_bbox WHERE id != ? ORDER BY id", [.integer(except)]) { st in
            (Int32(0)..<7).map { st.int64($0) }
        }
    }

    /// Ids the R*Tree gives for the views of a grid over Andorra at z10…z16, with the query
    /// of ``MapStore/features(in:zoom:classes:includeNodeIDs:)`` and through that function.
    func answers(_ store: MapStore) throws -> [String] {
        var out: [String] = []
        for (zoom, span) in [(10, 0.5), (12, 0.12), (14, 0.03), (16, 0.008)] {
            for i in 0..<7 {
                for j in 0..<7 {
                    let lat = 42.42 + Double(i) * 0.04, lon = 1.40 + Double(j) * 0.065
                    let box = BoundingBox(minLatitude: lat - span / 2, minLongitude: lon - span,
                                          maxLatitude: lat + span / 2, maxLongitude: lon + span)
                    let sqlIDs = try store.db.query("""
                        SELECT id FROM feature_bbox
                        WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ? AND min_zoom <= ? ORDER BY id
                        """, [.integer(Int64(FixedPoint.e7(box.minLatitude))), .integer(Int64(FixedPoint.e7(box.maxLatitude))),
                              .integer(Int64(FixedPoint.e7(box.minLongitude))), .integer(Int64(FixedPoint.e7(box.maxLongitude))),
                              .integer(Int64(zoom))]) { $0.int64(0) }
                    let features = try store.features(in: box, zoom: zoom).map(\.id.rawValue).sorted()
                    out.append("z\(zoom) \(i),\(j): \(sqlIDs.count) \(sqlIDs.hashValue) \(features == sqlIDs)")
                    #expect(features == sqlIDs, "z\(zoom) view \(i),\(j): features(in:) differs from the R*Tree's rows")
                }
            }
        }
        return out
    }

    func expectSame(_ packed: MapStore, _ inserted: MapStore, except: Int64, _ stage: String) throws {
        #expect(try rtreeCheck(packed) == "ok", "\(stage): packed")
        #expect(try rtreeCheck(inserted) == "ok", "\(stage): inserted")
        let a = try rows(packed, except: except), b = try rows(inserted, except: except)
        #expect(a.count == b.count && a == b, "\(stage): rows \(a.count) against \(b.count)")
        let qa = try answers(packed), qb = try answers(inserted)
        #expect(qa == qb, "\(stage): \(zip(qa, qb).filter { $0 != $1 }.prefix(3))")
        #expect(qa.contains { !$0.contains(": 0 ") }, "\(stage): every view empty")
    }

    @Test func aPackedTreeAnswersAsAnInsertedOne() throws {
        guard let pbf = TestSupport.sharedData(Self.pbf), let east = TestSupport.sharedData(Self.eastClip) else { return }
        let packed = try TestSupport.freshStore(), inserted = try TestSupport.freshStore()
        try packed.importOSM(path: pbf, importedAt: TestSupport.importTime)
        try inserted.importOSM(path: try farNodeFile(), importedAt: TestSupport.importTime)
        try inserted.importOSM(path: pbf, importedAt: TestSupport.importTime)
        let far = MapFeatureID(type: .node, osmID: 1).rawValue
        let n = try #require(try packed.db.scalar("SELECT count(*) FROM feature_bbox")?.integer)
        let features = try packed.db.scalar("SELECT count(*) FROM features")?.integer
        #expect(n == features)
        // Andorra's thousands of boxes need leaves, a level above them and the root.
        let levels = try depth(packed)
        #expect(n > 51 * 51 && levels == 2)
        // Nodes packed full (none below half of the 51 cells of a 1,636-byte node).
        let nodes = try packed.db.scalar("SELECT count(*) FROM feature_bbox_node")?.integer ?? 0
        #expect(nodes < n / 25 + 2)
        // The features of z11 views and wider are packed apart: their leaves hold nothing else
        // but where the band changes (at most two leaves shared with the next band).
        let wide = try packed.db.scalar("SELECT count(*) FROM feature_bbox WHERE min_zoom <= 11")?.integer ?? 0
        let wideLeaves = try packed.db.scalar("""
            SELECT count(DISTINCT nodeno) FROM feature_bbox_rowid WHERE rowid IN (SELECT id FROM feature_bbox WHERE min_zoom <= 11)
            """)?.integer ?? 0
        #expect(wide > 100 && wideLeaves <= (wide + 50) / 51 + 2, "\(wide) boxes in \(wideLeaves) leaves")
        try expectSame(packed, inserted, except: far, "first import")
        // Later imports insert into the packed tree, removals delete from it.
        try packed.importOSM(path: east, importedAt: TestSupport.importTime)
        try inserted.importOSM(path: east, importedAt: TestSupport.importTime)
        try expectSame(packed, inserted, except: far, "east clip imported over it")
        try packed.removeExtract(named: (pbf as NSString).lastPathComponent)
        try inserted.removeExtract(named: (pbf as NSString).lastPathComponent)
        try expectSame(packed, inserted, except: far, "PBF removed")
        // Emptied by removals, the tree is packed again by the next import.
        try packed.removeExtract(named: (east as NSString).lastPathComponent)
        try inserted.removeExtract(named: (east as NSString).lastPathComponent)
        #expect(try PackedRTree.isEmpty(packed.db, table: "feature_bbox"))
        try packed.importOSM(path: pbf, importedAt: TestSupport.importTime)
        try inserted.importOSM(path: pbf, importedAt: TestSupport.importTime)
        try expectSame(packed, inserted, except: far, "PBF imported again")
    }

    @Test func aFewBoxesFitInTheRoot() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        #expect(try rtreeCheck(store) == "ok")
        let n = try #require(try store.db.scalar("SELECT count(*) FROM feature_bbox")?.integer)
        let features = try store.db.scalar("SELECT count(*) FROM features")?.integer
        let mapped = try store.db.scalar("SELECT count(*) FROM feature_bbox_rowid")?.integer
        #expect(n == features && mapped == n)
        let levels = try depth(store) ?? -1
        #expect(n <= 51 ? levels == 0 : levels >= 1)
    }

    /// Row counts around the 64 rows of one `_rowid` INSERT (DECISIONS 1111): SQLite's own check
    /// finds the tree sound, every row is there once with its box, and a window query finds
    /// what a scan of the boxes finds.
    @Test func everyRowCountLoadsEveryRow() throws {
        for count in [1, 2, 63, 64, 65, 128, 129, 1000] {
            let db = try Connection(path: ":memory:")
            try db.execute("CREATE VIRTUAL TABLE t USING rtree_i32(id, a0, a1, b0, b1, c0, c1)")
            // Ids in no order (a multiplicative walk over 0..<count, distinct), boxes from them.
            let cells = (0..<count).map { i -> PackedRTree.Cell in
                let id = Int64((i * 7919) % count) * 3 + 5
                let x = Int32(truncatingIfNeeded: id * 37 % 1000), y = Int32(truncatingIfNeeded: id * 91 % 1000)
                return PackedRTree.Cell(id: id, minLat: x, maxLat: x + 5, minLon: y, maxLon: y + 9, minZoom: Int32(i % 4), maxZoom: Int32(i % 4) + 1)
            }
            #expect(Set(cells.map(\.id)).count == count)
            #expect(try PackedRTree.isEmpty(db, table: "t"))
            try PackedRTree.load(db, table: "t", count: count) { cells[$0] }
            #expect(try db.scalar("SELECT rtreecheck('t')")?.text == "ok", "\(count) rows")
            #expect(try db.scalar("SELECT count(*) FROM t_rowid")?.integer == Int64(count))
            for c in cells {
                let st = try db.prepare("SELECT a0, a1, b0, b1, c0, c1 FROM t WHERE id = ?")
                try st.bind(c.id, at: 1)
                #expect(try st.step())
                #expect([st.int64(0), st.int64(1), st.int64(2), st.int64(3), st.int64(4), st.int64(5)]
                        == [c.minLat, c.maxLat, c.minLon, c.maxLon, c.minZoom, c.maxZoom].map(Int64.init), "row \(c.id)")
            }
            let hits = try db.scalar("SELECT count(*) FROM t WHERE a1 >= 200 AND a0 <= 600 AND b1 >= 100 AND b0 <= 500")?.integer
            let scan = cells.filter { $0.maxLat >= 200 && $0.minLat <= 600 && $0.maxLon >= 100 && $0.minLon <= 500 }.count
            #expect(hits == Int64(scan), "\(count) rows")
        }
    }

    /// flushBoxes' merge of its two sorted halves is the sort of all the boxes by (key, id).
    @Test func mergedHalvesAreTheWholeSort() {
        var seed: UInt64 = 12345
        func next() -> UInt64 { seed = seed &* 6364136223846793005 &+ 1442695040888963407; return seed >> 33 }
        for (a, b) in [(0, 0), (0, 5), (5, 0), (1, 1), (300, 301), (1000, 17)] {
            // Ids of the boxes in no order; a tie of keys goes by id.
            let ids = (0..<(a + b)).map { _ in Int64(next() % 1_000_000) * 2000 } .enumerated().map { $0.element + Int64($0.offset) }
            let precedes = { (x: MapStoreWriter.SortedBox, y: MapStoreWriter.SortedBox) -> Bool in
                x.key != y.key ? x.key < y.key : ids[Int(x.index)] < ids[Int(y.index)]
            }
            let left = (0..<a).map { MapStoreWriter.SortedBox(key: next() % 50, index: Int32($0)) }.sorted(by: precedes)
            let right = (a..<(a + b)).map { MapStoreWriter.SortedBox(key: next() % 50, index: Int32($0)) }.sorted(by: precedes)
            let merged = MapStoreWriter.merge(left, right, by: precedes).map(\.index)
            let whole = (left + right).sorted { ($0.key, ids[Int($0.index)]) < ($1.key, ids[Int($1.index)]) }.map(\.index)
            #expect(merged == whole, "\(a) + \(b)")
        }
    }
}

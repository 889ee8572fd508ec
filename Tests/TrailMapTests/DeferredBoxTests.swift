import Foundation
import Testing
import TrailCore
@testable import TrailMap
import TrailSQLite

/// The R*Tree rows an import writes at its end, in Hilbert order (DECISIONS 401), and the
/// first import into a new store through the rollback journal (DECISIONS 402): the rows are
/// those of the features as finally written, whatever happened to a feature within the file.
@Suite struct DeferredBoxTests {
    func write(_ xml: String, _ name: String) throws -> String {
        let p = TestSupport.tempDirectory().appendingPathComponent(name).path
        try Data(xml.utf8).write(to: URL(fileURLWithPath: p))
        return p
    }

    func node(_ id: Int, _ version: Int, _ lat: String, _ lon: String, _ tags: [(String, String)]) -> String {
        let t = tags.map { "    <tag k=\"\($0.0)\" v=\"\($0.1)\"/>\n" }.joined()
        return "  <node id=\"\(id)\" version=\"\(version)\" timestamp=\"2020-01-0\(version)T00:00:00Z\" lat=\"\(lat)\" lon=\"\(lon)\">\n\(t)  </node>\n"
    }

    func osm(_ body: String) -> String {
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<osm version=\"0.6\" generator=\"cairn-tests\">\n\(body)</osm>\n"
    }

    /// The R*Tree row of `id` (1e-7 degrees and zoom range), nil when there is none.
    func box(_ store: MapStore, _ id: MapFeatureID) throws -> [Int64]? {
        try store.db.query("SELECT min_lat, max_lat, min_lon, max_lon, min_zoom, max_zoom FROM feature_bbox WHERE id = ?",
                           [.integer(id.rawValue)]) { st in (Int32(0)..<6).map { st.int64($0) } }.first
    }

    /// Every feature has exactly one R*Tree row and every row a feature.
    func expectOneRowPerFeature(_ store: MapStore, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let features = try store.db.scalar("SELECT count(*) FROM features")?.integer
        let rows = try store.db.scalar("SELECT count(*) FROM feature_bbox")?.integer
        let joined = try store.db.scalar("SELECT count(*) FROM feature_bbox r JOIN features f ON f.id = r.id")?.integer
        #expect(features == rows && rows == joined, "features \(features ?? -1), rows \(rows ?? -1), joined \(joined ?? -1)",
                sourceLocation: sourceLocation)
    }

    func ids(_ store: MapStore, around lat: Double, _ lon: Double) throws -> Set<MapFeatureID> {
        let b = BoundingBox(minLatitude: lat - 0.001, minLongitude: lon - 0.001, maxLatitude: lat + 0.001, maxLongitude: lon + 0.001)
        return Set(try store.features(in: b, zoom: 16).map(\.id))
    }

    @Test func aFeatureWrittenTwiceInOneFileHasOnlyTheBoxOfItsLastCopy() throws {
        let store = try TestSupport.freshStore()
        let peak = [("natural", "peak"), ("name", "Pic")]
        let file = try write(osm(node(1, 1, "42.605", "1.505", peak) + node(1, 2, "42.705", "1.605", peak)), "twice.osm")
        try store.importOSM(path: file, importedAt: TestSupport.importTime)
        let id = MapFeatureID(type: .node, osmID: 1)
        #expect(try ids(store, around: 42.605, 1.505).isEmpty)
        #expect(try ids(store, around: 42.705, 1.605) == [id])
        let row = try #require(try box(store, id))
        #expect(Array(row[0..<4]) == [427_050_000, 427_050_000, 16_050_000, 16_050_000])
        try expectOneRowPerFeature(store)
    }

    @Test func aStoredFeatureRemovedAndWrittenAgainInOneFile() throws {
        let store = try TestSupport.freshStore()
        let peak = [("natural", "peak"), ("name", "Pic")], spring = [("natural", "spring")]
        try store.importOSM(path: try write(osm(node(1, 1, "42.605", "1.505", peak) + node(2, 1, "42.606", "1.506", spring)), "v1.osm"),
                            importedAt: TestSupport.importTime)
        #expect(try ids(store, around: 42.605, 1.505).count == 2)
        // Node 1: moved (v2), untagged (v3: removed), tagged again elsewhere (v4).
        // Node 2: moved (v2), then untagged (v3): removed for good.
        let v2 = node(1, 2, "42.615", "1.515", peak) + node(1, 3, "42.615", "1.515", [])
            + node(1, 4, "42.625", "1.525", peak) + node(2, 2, "42.616", "1.516", spring) + node(2, 3, "42.616", "1.516", [])
        let r = try store.importOSM(path: try write(osm(v2), "v2.osm"), importedAt: TestSupport.importTime)
        #expect(r.featuresRemoved == 2)
        let one = MapFeatureID(type: .node, osmID: 1), two = MapFeatureID(type: .node, osmID: 2)
        #expect(try ids(store, around: 42.605, 1.505).isEmpty)
        #expect(try ids(store, around: 42.615, 1.515).isEmpty)
        #expect(try ids(store, around: 42.625, 1.525) == [one])
        #expect(try Array(#require(try box(store, one))[0..<4]) == [426_250_000, 426_250_000, 15_250_000, 15_250_000])
        #expect(try box(store, two) == nil && store.feature(two) == nil)
        try expectOneRowPerFeature(store)
    }

    @Test func theFirstImportIntoANewStoreEndsInTheWAL() throws {
        let dir = TestSupport.tempDirectory()
        let path = dir.appendingPathComponent("map.sqlite").path
        let cut = dir.appendingPathComponent("cut.osm.pbf").path
        let pbf = try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("andorra-ordino.osm.pbf")))
        try pbf.prefix(pbf.count / 2).write(to: URL(fileURLWithPath: cut))
        // New file: the rollback journal for the import; a failure leaves the empty schema.
        do {
            let store = try MapStore(path: path)
            #expect(store.createdFile)
            #expect(throws: OSMReadError.self) { try store.importOSM(path: cut, importedAt: TestSupport.importTime) }
            #expect(try store.db.scalar("PRAGMA journal_mode")?.text == "wal")
            #expect(try TestSupport.tableCounts(store).values.allSatisfy { $0 == 0 })
            #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        }
        // The same empty store opened again existed before: a failed import leaves its bytes.
        let store = try MapStore(path: path)
        #expect(!store.createdFile)
        let before = TestSupport.storeBytes(path)
        #expect(throws: OSMReadError.self) { try store.importOSM(path: cut, importedAt: TestSupport.importTime) }
        #expect(TestSupport.storeBytes(path) == before, "the store's files changed")
        // A successful first import into a new store: WAL and the memory map again afterwards.
        let fresh = try TestSupport.freshStore()
        try fresh.importOSM(path: TestSupport.fixture("ordino-east.osm.pbf"), importedAt: TestSupport.importTime)
        #expect(try fresh.db.scalar("PRAGMA journal_mode")?.text == "wal")
        #expect(try fresh.db.scalar("PRAGMA mmap_size")?.integer == 2_147_418_112)
        #expect(try fresh.db.scalar("PRAGMA integrity_check")?.text == "ok")
        try expectOneRowPerFeature(fresh)
    }

    /// A first import killed mid-way leaves the rollback journal: the files copied at that moment
    /// stand for what the kill leaves. A read-only open says so in words; a read-write open
    /// rolls the import back.
    @Test func aKilledFirstImportIsRolledBackByTheNextReadWriteOpen() throws {
        let dir = TestSupport.tempDirectory()
        let path = dir.appendingPathComponent("map.sqlite").path, copy = dir.appendingPathComponent("killed.sqlite").path
        let store = try MapStore(path: path)
        // A page cache of two pages: the import writes the store file early, as a big one does.
        try store.db.execute("PRAGMA cache_size = 2")
        struct Stop: Error {}
        var copied = false
        #expect(throws: Stop.self) {
            try store.importOSM(path: TestSupport.fixture("andorra-ordino.osm.pbf"), importedAt: TestSupport.importTime) { p in
                guard p.pass == 2, p.bytesRead * 2 > p.fileSize, FileManager.default.fileExists(atPath: path + "-journal") else { return }
                try FileManager.default.copyItem(atPath: path, toPath: copy)
                try FileManager.default.copyItem(atPath: path + "-journal", toPath: copy + "-journal")
                copied = true
                throw Stop()
            }
        }
        try #require(copied, "no rollback journal during the first import")
        do {
            _ = try MapStore(path: copy, readOnly: true)
            Issue.record("a read-only open must refuse the store while its journal is hot")
        } catch let e as MapStore.OpenError {
            #expect(e.reason == MapStore.interruptedImportReason, "\(e)")
        }
        let reopened = try MapStore(path: copy)
        #expect(try TestSupport.tableCounts(reopened).values.allSatisfy { $0 == 0 })
        #expect(try reopened.db.scalar("PRAGMA integrity_check")?.text == "ok")
        #expect(!FileManager.default.fileExists(atPath: copy + "-journal"))
        _ = try MapStore(path: copy, readOnly: true)
    }

    /// Values of Tools/reference/hilbert_reference.py (Wikipedia's xy2d, written separately).
    @Test func hilbertIndexMatchesTheReference() {
        let expected: [(Int32, Int32, UInt64)] = [
            (-900_000_000, -1_800_000_000, 0), (900_000_000, -1_800_000_000, 1_431_655_765),
            (900_000_000, 1_800_000_000, 2_863_311_530), (-900_000_000, 1_800_000_000, 4_294_967_295),
            (425_000_000, 15_000_000, 2_415_105_195), (425_000_010, 15_000_010, 2_415_105_195),
            (441_000_000, 39_000_000, 2_415_441_294), (-339_000_000, 1_512_000_000, 3_322_949_851), (0, 0, 715_827_882),
        ]
        for (lat, lon, d) in expected {
            #expect(MapStoreWriter.hilbertIndex(latE7: lat, lonE7: lon) == d, "\(lat), \(lon)")
        }
    }
}

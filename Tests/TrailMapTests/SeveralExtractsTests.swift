import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// Neighbouring extracts in one store: imported side by side, listed, removed one at a time.
/// The two fixtures are osmium cuts of the sample that overlap (Tools/reference/make-osm-fixtures.sh).
@Suite struct SeveralExtractsTests {
    static let west = TestSupport.fixture("ordino-west.osm.pbf")
    static let east = TestSupport.fixture("ordino-east.osm.pbf")

    func ids(_ store: MapStore) throws -> Set<Int64> {
        Set(try store.db.query("SELECT id FROM features") { $0.int64(0) })
    }

    @Test func neighboursAddUpAndSharedObjectsAreStoredOnce() throws {
        let w = try TestSupport.freshStore(), e = try TestSupport.freshStore(), both = try TestSupport.freshStore()
        try w.importOSM(path: Self.west, importedAt: TestSupport.importTime)
        try e.importOSM(path: Self.east, importedAt: TestSupport.importTime)
        try both.importOSM(path: Self.west, importedAt: TestSupport.importTime)
        try both.importOSM(path: Self.east, importedAt: TestSupport.importTime)
        let wi = try ids(w), ei = try ids(e), bi = try ids(both)
        let shared = wi.intersection(ei)
        #expect(!shared.isEmpty && shared.count < wi.count)
        #expect(bi == wi.union(ei))
        #expect(try both.db.scalar("SELECT count(*) FROM features")?.integer == Int64(wi.union(ei).count))
        let imports = try both.imports()
        #expect(imports.map { ($0.file as NSString).lastPathComponent } == ["ordino-west.osm.pbf", "ordino-east.osm.pbf"])
        #expect(imports.map(\.featuresHeld) == [wi.count, ei.count])
        #expect(imports[0].coverage == [BoundingBox(minLatitude: 42.57, minLongitude: 1.48, maxLatitude: 42.66, maxLongitude: 1.54)])
        // The fixtures carry the data date in the PBF header (osmosis_replication_timestamp).
        #expect(imports.allSatisfy { $0.format == "pbf" && $0.dataTimestamp == "2021-06-22T20:21:08Z" })
    }

    @Test func removingOneExtractKeepsWhatTheOtherHolds() throws {
        let e = try TestSupport.freshStore()
        try e.importOSM(path: Self.east, importedAt: TestSupport.importTime)
        let eastIDs = try ids(e)
        // Complete features are the same in either file; partial ones (a route cut at the edge)
        // keep the copy imported last, the documented limit of DECISIONS 103.
        let completeRows = "SELECT id, hex(geometry), tags FROM features WHERE complete = 1 ORDER BY id"
        let eastComplete = try e.db.query(completeRows) { "\($0.int64(0))|\($0.string(1))|\($0.string(2))" }
        let eastRoutes = Set(try e.db.query("SELECT id FROM routes") { $0.int64(0) })
        let eastCoverage = try e.coverageTiles(in: BoundingBox(minLatitude: 42, minLongitude: 1, maxLatitude: 43, maxLongitude: 2))

        let both = try TestSupport.freshStore()
        try both.importOSM(path: Self.east, importedAt: TestSupport.importTime)
        try both.importOSM(path: Self.west, importedAt: TestSupport.importTime)
        let r = try both.removeExtract(named: "ordino-west.osm.pbf")
        #expect(r.importsRemoved == 1 && r.featuresRemoved > 0 && r.featuresKept > 0)
        // What is left is the east extract alone: the same objects, complete ones identical, coverage.
        #expect(try ids(both) == eastIDs)
        let left = try both.db.query(completeRows) { "\($0.int64(0))|\($0.string(1))|\($0.string(2))" }
        #expect(Set(left).isSubset(of: Set(eastComplete)) && left.count >= eastComplete.count * 9 / 10)
        #expect(Set(try both.db.query("SELECT id FROM routes") { $0.int64(0) }) == eastRoutes)
        #expect(try both.imports().map(\.file) == [Self.east])
        #expect(try both.coverageAreas() == [BoundingBox(minLatitude: 42.57, minLongitude: 1.53, maxLatitude: 42.66, maxLongitude: 1.59)])
        let tiles = try both.coverageTiles(in: BoundingBox(minLatitude: 42, minLongitude: 1, maxLatitude: 43, maxLongitude: 2))
        #expect(tiles.map(\.tile) == eastCoverage.map(\.tile))
        // Removing the last one empties the store; an unknown name is refused and changes nothing.
        #expect(throws: MapRemoveError.self) { try both.removeExtract(named: "nowhere.osm.pbf") }
        try both.removeExtract(named: Self.east)
        #expect(try both.featureCounts().isEmpty && both.routeCount() == 0 && both.coverageAreas().isEmpty)
        #expect(try both.db.scalar("SELECT count(*) FROM feature_sources")?.integer == 0)
    }

    @Test func migrationRecordsSourcesOfAnOlderStore() throws {
        // A store as migration map-1 left it, with one import: map-2 gives every feature its source.
        let path = TestSupport.tempDirectory().appendingPathComponent("old.sqlite").path
        do {
            let store = try MapStore(path: path)
            try store.importOSM(path: TestSupport.fixture("upsert-v1.osm"), importedAt: TestSupport.importTime)
            try store.db.execute("""
                DROP TABLE feature_sources; DROP TABLE route_sources;
                DELETE FROM cairn_migrations WHERE name = 'map-2-extract-sources';
                CREATE TABLE imports_old AS SELECT id, file, file_size, compression, imported_at, generator, header_timestamp,
                    newest_timestamp, nodes, ways, relations, features, routes, warnings FROM imports;
                DROP TABLE imports; ALTER TABLE imports_old RENAME TO imports;
                """)
        }
        let store = try MapStore(path: path)
        #expect(try store.db.scalar("SELECT count(*) FROM feature_sources")?.integer == 3)
        #expect(try store.imports().first?.coverage.isEmpty == false)
        try store.removeExtract(named: "upsert-v1.osm")
        #expect(try store.featureCounts().isEmpty)
    }
}

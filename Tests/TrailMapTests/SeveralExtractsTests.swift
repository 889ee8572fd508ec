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
    /// A copy of `fixture` named `name` in a fresh directory.
    func copy(_ fixture: String, as name: String) throws -> String {
        let path = TestSupport.tempDirectory().appendingPathComponent(name).path
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        return path
    }

    func routeIDs(_ store: MapStore) throws -> Set<Int64> {
        Set(try store.db.query("SELECT id FROM routes") { $0.int64(0) })
    }

    @Test func importingTheSameFileAgainReplacesItsEntry() throws {
        // The reference: east and west imported once each.
        let once = try TestSupport.freshStore()
        try once.importOSM(path: Self.east, importedAt: TestSupport.importTime)
        try once.importOSM(path: Self.west, importedAt: TestSupport.importTime)
        let w = try TestSupport.freshStore(), e = try TestSupport.freshStore()
        try w.importOSM(path: Self.west, importedAt: TestSupport.importTime)
        try e.importOSM(path: Self.east, importedAt: TestSupport.importTime)

        let store = try TestSupport.freshStore()
        try store.importOSM(path: Self.east, importedAt: TestSupport.importTime)
        try store.importOSM(path: Self.west, importedAt: TestSupport.importTime)
        let later = TestSupport.importTime.addingTimeInterval(3600)
        // The same file from another directory: the same name, so the same extract.
        let r = try store.importOSM(path: try copy(Self.west, as: "ordino-west.osm.pbf"), importedAt: later)
        #expect(r.replaced?.importsRemoved == 1 && r.replaced?.featuresRemoved == 0 && r.replaced?.routesRemoved == 0)
        let imports = try store.imports()
        #expect(imports.map { ($0.file as NSString).lastPathComponent } == ["ordino-east.osm.pbf", "ordino-west.osm.pbf"])
        #expect(imports[1].importedAt == "2023-11-14T23:13:20Z")
        #expect(imports.map(\.featuresHeld) == (try once.imports().map(\.featuresHeld)))
        #expect(imports.map(\.featuresHeld) == [try ids(e).count, try ids(w).count])
        #expect(try ids(store) == ids(once))
        #expect(try store.coverageAreas() == once.coverageAreas())
        // One membership row per extract and feature, as after one import of each.
        #expect(try store.db.scalar("SELECT count(*) FROM feature_sources")?.integer
                == Int64(try ids(e).count + ids(w).count))
        // Removing it takes out exactly what only it holds.
        let rm = try store.removeExtract(named: "ordino-west.osm.pbf")
        #expect(rm.importsRemoved == 1)
        #expect(try ids(store) == ids(e) && routeIDs(store) == routeIDs(e))
    }

    @Test func aFileOfTheSameNameWithOtherContentReplacesWhatOnlyItHeld() throws {
        let e = try TestSupport.freshStore()
        try e.importOSM(path: Self.east, importedAt: TestSupport.importTime)
        let w = try TestSupport.freshStore()
        try w.importOSM(path: Self.west, importedAt: TestSupport.importTime)
        // "x.osm.pbf" first holds the west cut, then (a new download, say) the east one:
        // what only the west cut had goes, as if the east cut alone had been imported.
        let store = try TestSupport.freshStore()
        try store.importOSM(path: try copy(Self.west, as: "x.osm.pbf"), importedAt: TestSupport.importTime)
        let r = try store.importOSM(path: try copy(Self.east, as: "x.osm.pbf"), importedAt: TestSupport.importTime)
        #expect(r.replaced?.featuresRemoved == (try ids(w).subtracting(ids(e)).count))
        #expect(try store.imports().count == 1)
        #expect(try ids(store) == ids(e) && routeIDs(store) == routeIDs(e))
        #expect(try store.coverageAreas() == e.coverageAreas())
        #expect(try store.imports().first?.coverage == (try e.imports().first?.coverage))
        #expect(try store.db.scalar("SELECT count(DISTINCT import_id) FROM feature_sources")?.integer == 1)
    }

    @Test func importInfoAndRemoveCountTheSameHeldObjects() throws {
        // The west cut alone: the objects the file holds (an independent count).
        let w = try TestSupport.freshStore()
        try w.importOSM(path: Self.west, importedAt: TestSupport.importTime)
        let westFeatures = try ids(w).count, westRoutes = try routeIDs(w).count
        let store = try TestSupport.freshStore()
        try store.importOSM(path: Self.east, importedAt: TestSupport.importTime)
        let r = try store.importOSM(path: Self.west, importedAt: TestSupport.importTime)
        // Some objects were kept as stored (complete in east, partial in west): written ≠ held.
        #expect(r.featuresWritten + r.routesWritten < r.featuresHeld + r.routesHeld)
        #expect(r.featuresHeld == westFeatures && r.routesHeld == westRoutes)
        let record = try #require(try store.imports().last)
        #expect(record.featuresHeld == westFeatures && record.routesHeld == westRoutes)
        let rm = try store.removeExtract(named: "ordino-west.osm.pbf")
        #expect(rm.featuresKept + rm.featuresRemoved == westFeatures)
        #expect(rm.routesKept + rm.routesRemoved == westRoutes)
    }
}

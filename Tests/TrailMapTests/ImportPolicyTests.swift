import Foundation
import Testing
import TrailCore
@testable import TrailMap
import TrailSQLite

/// The documented import policies, on small fixtures written for these tests (see
/// Tests/TrailMapTests/Fixtures; the expected values are read off the fixture text).
@Suite struct ImportPolicyTests {
    @Test func josmFileNegativeIDsDeletionsAndMissingNodes() throws {
        let store = try TestSupport.freshStore()
        let r = try store.importOSM(path: TestSupport.fixture("josm-edits.osm"), importedAt: TestSupport.importTime)
        // Deleted: node 5001 (action=delete), node 5003 (visible=false), way 6003 (action=delete).
        #expect(r.deletedObjectsSkipped == 3)
        // Negative ids: nodes -101…-104, way -201, relation -301.
        #expect(r.negativeIDObjects == 6)
        #expect(r.nodesWithoutPosition == 1)  // node 5004 has no lat/lon
        // Way 6001 misses node 999999 (split in two), way 6002 misses both nodes (dropped).
        #expect(r.waysWithMissingNodes == 2 && r.missingNodeReferences == 3 && r.waysSplit == 1 && r.waysDropped == 1)
        #expect(r.relationsWithMissingMembers == 1 && r.missingMemberReferences == 1)
        #expect(r.warnings.count == 5)
        #expect(r.newestObjectTimestamp == "2020-05-01T10:00:00Z" && r.headerTimestamp == nil)
        let ids = Set(try store.features(in: BoundingBox(minLatitude: 42, minLongitude: 1, maxLatitude: 43, maxLongitude: 2), zoom: 16).map(\.id))
        #expect(ids == [MapFeatureID(type: .node, osmID: -101), MapFeatureID(type: .node, osmID: 5002),
                        MapFeatureID(type: .way, osmID: -201), MapFeatureID(type: .way, osmID: 6001)])
        let track = try #require(try store.feature(MapFeatureID(type: .way, osmID: 6001)))
        #expect(!track.isComplete && track.kind == .line)
        #expect(track.parts == [[Coordinate(latitude: 42.6012, longitude: 1.5045), Coordinate(latitude: 42.6002, longitude: 1.501)],
                                [Coordinate(latitude: 42.6004, longitude: 1.502), Coordinate(latitude: 42.6008, longitude: 1.503)]])
        #expect(track.nodeIDs == [[5002, -102], [-103, -104]])
        let path = try #require(try store.feature(MapFeatureID(type: .way, osmID: -201)))
        #expect(path.tags == ["highway": "path", "sac_scale": "mountain_hiking", "name": "Camí Nou"])  // "note" not kept
        let route = try #require(try store.route(id: -301))
        #expect(route.members.map(\.isPresent) == [true, false, true] && !route.isComplete)
        #expect(route.tags["osmc:symbol"] == "red:white:red_bar")
        // No <bounds>: coverage is the node extent (nodes with a position, deleted ones excluded).
        #expect(r.bounds.isEmpty)
        #expect(r.coverage == [BoundingBox(minLatitude: 42.6001, minLongitude: 1.5001, maxLatitude: 42.6012, maxLongitude: 1.5045)])
    }

    @Test func reimportUpdatesByIDWithoutDuplicates() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.fixture("upsert-v1.osm"), importedAt: TestSupport.importTime)
        #expect(try store.featureCounts() == [.peak: 1, .spring: 1, .path: 1])
        try store.importOSM(path: TestSupport.fixture("upsert-v1.osm"), importedAt: TestSupport.importTime)
        #expect(try store.featureCounts() == [.peak: 1, .spring: 1, .path: 1])  // same file twice: no duplicates
        #expect(try store.db.scalar("SELECT count(*) FROM feature_names")?.integer == 3)

        let v2 = try store.importOSM(path: TestSupport.fixture("upsert-v2.osm"), importedAt: TestSupport.importTime)
        // Node 101 lost its tags in v2: the spring is removed. Way 201 is new.
        #expect(v2.featuresRemoved == 1)
        #expect(try store.featureCounts() == [.peak: 1, .path: 1, .track: 1])
        let peak = try #require(try store.feature(MapFeatureID(type: .node, osmID: 100)))
        #expect(peak.name == "Pic Nou" && peak.elevation == 2001)
        #expect(try store.search(name: "Vell", classes: [.peak]).isEmpty)
        #expect(try store.search(name: "nou").map(\.id) == [MapFeatureID(type: .node, osmID: 100)])
        let path = try #require(try store.feature(MapFeatureID(type: .way, osmID: 200)))
        #expect(path.parts[0].count == 4 && path.tags["sac_scale"] == "demanding_mountain_hiking")
        let route = try #require(try store.route(id: 300))
        #expect(route.name == "R2" && route.members.count == 2)
        #expect(try store.db.scalar("SELECT count(*) FROM route_members")?.integer == 2)
        #expect(try store.db.scalar("SELECT count(*) FROM feature_bbox")?.integer == 3)

        // Importing the older extract again does not roll v2 back.
        let old = try store.importOSM(path: TestSupport.fixture("upsert-v1.osm"), importedAt: TestSupport.importTime)
        #expect(old.olderVersionsSkipped >= 3)  // node 100, way 200, relation 300
        #expect(try store.feature(MapFeatureID(type: .node, osmID: 100))?.name == "Pic Nou")
        #expect(try store.route(id: 300)?.name == "R2")
        #expect(try store.feature(MapFeatureID(type: .way, osmID: 200))?.parts[0].count == 4)
        // Each import of upsert-v1.osm replaced the one before (DECISIONS 510): v1 and v2 are listed.
        #expect(try store.imports().map { ($0.file as NSString).lastPathComponent } == ["upsert-v2.osm", "upsert-v1.osm"])
    }

    @Test func coverageOfOverlappingAndSeveralBoundsIsTheirUnion() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.fixture("upsert-v1.osm"), importedAt: TestSupport.importTime)
        try store.importOSM(path: TestSupport.fixture("upsert-v2.osm"), importedAt: TestSupport.importTime)
        // v1 covers 42.60..42.61 x 1.50..1.51, v2 42.605..42.615 x 1.505..1.515. Over the box
        // 42.60..42.615 x 1.50..1.515, in Web Mercator (python3, formula in WebMercatorTests):
        //   v = lambda lat: (1-math.log(math.tan(math.radians(lat))+1/math.cos(math.radians(lat)))/math.pi)/2
        //   a = (v(42.60)-v(42.61))*(0.01/360); b = (v(42.605)-v(42.615))*(0.01/360)
        //   o = (v(42.605)-v(42.61))*(0.005/360); t = (v(42.60)-v(42.615))*(0.015/360); (a+b-o)/t
        //   → 0.7777777770
        let box = BoundingBox(minLatitude: 42.60, minLongitude: 1.50, maxLatitude: 42.615, maxLongitude: 1.515)
        #expect(abs(try store.coverage(for: box) - 0.7777777770) < 1e-9)
        #expect(try store.coverageAreas().count == 2)

        let two = try TestSupport.freshStore()
        let r = try two.importOSM(path: TestSupport.fixture("two-bounds.osm"), importedAt: TestSupport.importTime)
        #expect(r.bounds.count == 2 && r.headerTimestamp == "2022-02-02T02:02:02Z")
        #expect(try two.isCovered(Coordinate(latitude: 42.605, longitude: 1.505)))
        #expect(try two.isCovered(Coordinate(latitude: 42.705, longitude: 1.605)))
        // Node 3 lies between the two boxes: imported, but its place is not "covered".
        #expect(try two.feature(MapFeatureID(type: .node, osmID: 3)) != nil)
        #expect(try !two.isCovered(Coordinate(latitude: 42.65, longitude: 1.55)))
    }

    @Test func aBrokenFileLeavesTheStoreAsItWas() throws {
        let store = try TestSupport.freshStore()
        try store.importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        let before = try TestSupport.tableCounts(store)
        // The sample cut in the middle of the file: well-formed up to where it stops.
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.sampleExtract))
        let cut = TestSupport.tempDirectory().appendingPathComponent("truncated.osm")
        try data.prefix(data.count * 6 / 10).write(to: cut)
        do {
            try store.importOSM(path: cut.path, importedAt: TestSupport.importTime)
            Issue.record("a truncated file must fail")
        } catch let e as OSMReadError {
            #expect(e.kind == .malformedXML && e.line != nil && e.reason.contains("ends early"), "\(e)")
        }
        #expect(try TestSupport.tableCounts(store) == before)
        // An osmChange file and a GPX file fail the same way.
        #expect(throws: OSMReadError.self) { try store.importOSM(path: TestSupport.fixture("osmchange.osc")) }
        #expect(throws: OSMReadError.self) {
            try store.importOSM(path: TestSupport.repoRoot.appendingPathComponent("Samples/togeojson-trek.gpx").path)
        }
        #expect(try TestSupport.tableCounts(store) == before)
    }

    @Test func storeFileIsCreatedPrivatelyAndRefusesOtherDatabases() throws {
        let dir = TestSupport.tempDirectory()
        let path = dir.appendingPathComponent("a/b/map.sqlite").path
        _ = try MapStore(path: path)
        var st = stat()
        #expect(stat(dir.appendingPathComponent("a").path, &st) == 0 && st.st_mode & 0o777 == 0o700)
        #expect(stat(dir.appendingPathComponent("a/b").path, &st) == 0 && st.st_mode & 0o777 == 0o700)
        #expect(try MapStore(path: path, readOnly: true).featureCounts().isEmpty)
        // Another SQLite database at the path is refused and left alone.
        let other = dir.appendingPathComponent("other.sqlite").path
        let db = try Connection(path: other)
        try db.execute("CREATE TABLE hikes(id INTEGER PRIMARY KEY)")
        #expect(throws: MapStore.OpenError.self) { try MapStore(path: other) }
        #expect(try db.tableExists("hikes") && !db.tableExists("features"))
        #expect(MapStore.defaultPath(environment: ["HOME": "/home/h"]) == "/home/h/.local/share/cairn/map.sqlite")
        #expect(MapStore.defaultPath(environment: ["HOME": "/home/h", "XDG_DATA_HOME": "/x"]) == "/x/cairn/map.sqlite")
        #expect(MapStore.defaultPath(environment: ["HOME": "/home/h", "XDG_DATA_HOME": "/x", "CAIRN_MAP": "/m.sqlite"]) == "/m.sqlite")
    }
}

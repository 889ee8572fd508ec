import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// The packed per-view column `features.view` (migration "map-5-view-record", DECISIONS 940):
/// a view query over it returns exactly what the eleven-column query of a map-4 store returned,
/// a map-4 store migrates to what a fresh import stores, and a damaged record is skipped.
@Suite struct ViewRecordTests {
    /// Turns a fresh (map-5) store into the map-4 layout it would have had: the zoom levels in
    /// `features.zoom_geometry` (the view's levels without the full geometry added as the
    /// finest), no `view` column, map-5 not recorded as applied.
    func makeMap4(_ store: MapStore) throws {
        try GeometryRecordTests.makeMap5(store)
        try store.db.execute("ALTER TABLE features ADD COLUMN zoom_geometry BLOB")
        let rows = try store.db.query("SELECT id, view, geometry FROM features") { ($0.int64(0), $0.blob(1), $0.blob(2)) }
        let update = try store.db.prepare("UPDATE features SET zoom_geometry = ? WHERE id = ?")
        for (id, view, geometry) in rows {
            let levels = try view.withUnsafeBytes { b -> [(zoom: Int, blob: [UInt8])] in
                let v = try #require(ViewRecord.decode(b))
                var levels = try #require(GeometryCodec.levels(in: v.levels)).map { (zoom: $0.zoom, blob: Array($0.blob)) }
                if let last = levels.last, last.zoom == MapStore.simplificationMaxZoom - 1, last.blob == geometry { levels.removeLast() }
                return levels
            }
            try update.bind([levels.isEmpty ? .null : .blob(GeometryCodec.encode(levelBlobs: levels)), .integer(id)])
            try update.step()
            update.reset()
        }
        try store.db.execute("""
            ALTER TABLE features DROP COLUMN view;
            DELETE FROM cairn_migrations WHERE name = 'map-5-view-record';
            """)
    }

    /// Every column but the view, in key order, as text (blobs in hex; the geometry without the
    /// view fields migration map-6 appends to it, GeometryRecordTests).
    func rows(_ store: MapStore) throws -> [String] {
        let map6 = MapStore.hasGeometryViewFields(store.db)
        return try store.db.query("""
            SELECT id, class, kind, min_zoom, name, version, complete, label_lat, label_lon, geometry, hex(node_ids),
                   tags, import_id FROM features ORDER BY id
            """) { st in
            (0..<13).map { c -> String in
                guard c == 9 else { return st.isNull(Int32(c)) ? "NULL" : st.string(Int32(c)) }
                let geometry = st.withBlob(9) { b in map6 ? ViewRecord.decodeGeometryRecord(b).map { Array($0.geometry) } : Array(b) }
                return geometry.map { $0.map { String(format: "%02X", $0) }.joined() } ?? "damaged"
            }.joined(separator: "|")
        }
    }

    @Test func sameFeaturesAsTheMap4QueryAndTheSameStoreAfterMigration() throws {
        let file = TestSupport.fixture("andorra-ordino.osm.pbf")
        let fresh = try TestSupport.freshStore()
        let report = try fresh.importOSM(path: file, importedAt: TestSupport.importTime)
        let old = try TestSupport.freshStore()
        try old.importOSM(path: file, importedAt: TestSupport.importTime)
        try makeMap4(old)
        let map4 = try MapStore(path: old.path, readOnly: true)
        #expect(fresh.hasViewRecords && !map4.hasViewRecords && map4.hasZoomGeometry)
        let whole = try #require(report.coverage.first)
        var compared = 0
        for zoom in [10, 12, 14, 15, 16, 17] {
            for box in [whole, WebMercator.viewBounds(center: whole.center, zoom: Double(zoom), widthPixels: 400, heightPixels: 240)] {
                let a = try fresh.features(in: box, zoom: zoom), b = try map4.features(in: box, zoom: zoom)
                #expect(a.count == b.count && Set(a) == Set(b), "z\(zoom): the same features, parts, tags and boxes")
                compared += a.count
            }
        }
        #expect(compared > 1000)
        let a = try fresh.features(in: whole, zoom: 12, includeNodeIDs: true), b = try map4.features(in: whole, zoom: 12, includeNodeIDs: true)
        #expect(Set(a) == Set(b) && a.contains { $0.nodeIDs != nil })
        let paths: Set<FeatureClass> = [.path, .track]
        #expect(Set(try fresh.features(in: whole, zoom: 14, classes: paths)) == Set(try map4.features(in: whole, zoom: 14, classes: paths)))

        // Opened for writing, the map-4 store migrates: the same view bytes, every other column unchanged.
        let before = try rows(old)
        let migrated = try MapStore(path: old.path)
        #expect(migrated.hasViewRecords)
        #expect(try rows(migrated) == before && before == rows(fresh))
        let views = { (s: MapStore) in try s.db.query("SELECT id, hex(view) FROM features ORDER BY id") { "\($0.int64(0)) \($0.string(1))" } }
        #expect(try views(migrated) == views(fresh))
        #expect(try migrated.db.scalar("SELECT count(*) FROM pragma_table_info('features') WHERE name = 'zoom_geometry'")?.integer == 0)
        #expect(try migrated.db.scalar("SELECT count(*) FROM pragma_index_list('features') WHERE name = 'features_by_class'")?.integer == 1)
    }

    /// A record's fields round-trip; every cut of it decodes to nil or to fields within the
    /// bytes, never a crash; a damaged view in the store skips that feature only.
    @Test func recordsRoundTripAndDamageIsSkipped() throws {
        let geometry = GeometryCodec.encode(parts: [[(425_000_000, 15_000_000), (425_100_000, 15_100_000)]])
        let tags = Array(#"{"name":"Camí","sac_scale":"hiking"}"#.utf8)
        let bytes = ViewRecord.encode(featureClass: FeatureClass.path.rawValue, kind: .line, minZoom: 13, complete: false,
                                      box: (425_000_000, 425_100_000, -15_000_000, 15_100_000), tags: tags, levels: [], geometry: geometry)
        try bytes.withUnsafeBytes { b in
            let v = try #require(ViewRecord.decode(b))
            #expect(v.featureClass == .path && v.kind == .line && v.minZoom == 13 && !v.isComplete)
            #expect(v.box == (425_000_000, 425_100_000, -15_000_000, 15_100_000) && Array(v.tags) == tags)
            // No level of its own: the full geometry serves every zoom below 16.
            for z in 13...15 { #expect(GeometryCodec.level(servingZoom: z, in: v.levels).map(Array.init) == geometry) }
            #expect(GeometryCodec.level(servingZoom: 16, in: v.levels) == nil)
        }
        for cut in 0..<bytes.count { _ = Array(bytes[0..<cut]).withUnsafeBytes { ViewRecord.decode($0) } }

        let store = try TestSupport.freshStore()
        let report = try store.importOSM(path: TestSupport.fixture("andorra-ordino.osm.pbf"), importedAt: TestSupport.importTime)
        let whole = try #require(report.coverage.first)
        let all = try store.features(in: whole, zoom: 16)
        let victim = try #require(all.first)
        // From z16 the view fields are read after the geometry (map-6, GeometryRecordTests): both damaged.
        try store.db.execute("UPDATE features SET view = x'05ff', geometry = x'05ff' WHERE id = \(victim.id.rawValue)")
        let after = try store.features(in: whole, zoom: 16)
        #expect(after.count == all.count - 1 && !after.contains { $0.id == victim.id })
    }

    /// Geometry decoded onto one buffer: each feature's parts are its own runs, equal to the
    /// arrays the per-part decoder gives; a damaged blob appends nothing.
    @Test func partsShareOneBufferAndDamageAppendsNothing() throws {
        let a: [[(Int32, Int32)]] = [[(425_000_000, 15_000_000), (425_000_100, 15_000_200), (425_000_300, 14_999_900)],
                                     [(-10, 20)]]
        let b: [[(Int32, Int32)]] = [[(0, 0), (1, -1)]]
        let buffer = CoordinateBuffer(capacity: 1)
        var offsets: [Int32] = [0]
        let blobA = GeometryCodec.encode(parts: a), blobB = GeometryCodec.encode(parts: b)
        #expect(blobA.withUnsafeBytes { GeometryCodec.appendCoordinates($0, to: buffer, offsets: &offsets) } == 2)
        let damaged = Array(blobB.dropLast())
        #expect(damaged.withUnsafeBytes { GeometryCodec.appendCoordinates($0, to: buffer, offsets: &offsets) } == nil)
        #expect(buffer.count == 4 && offsets == [0, 3, 4])
        #expect(blobB.withUnsafeBytes { GeometryCodec.appendCoordinates($0, to: buffer, offsets: &offsets) } == 1)
        let pa = FeatureParts(buffer: buffer, offsets: offsets, firstPart: 0, count: 2)
        let pb = FeatureParts(buffer: buffer, offsets: offsets, firstPart: 2, count: 1)
        // Degrees are e7 / 1e7, as GeometryCodec.decodeCoordinates gives them.
        let expectA = a.map { $0.map { Coordinate(latitude: Double($0.0) / 1e7, longitude: Double($0.1) / 1e7) } }
        #expect(pa.arrays == expectA && pa == FeatureParts(expectA) && pa.vertexCount == 4)
        #expect(pb.arrays == blobB.withUnsafeBytes { GeometryCodec.decodeCoordinates($0) } && pb[0][1].longitude == -1e-7)
        #expect(pa[0].count == 3 && pa[0][2] == expectA[0][2] && pa[1].first == expectA[1][0] && pa != pb)
        #expect(Set([pa, FeatureParts(expectA), pb]).count == 2)
    }

    /// The next view query reuses the last one's buffers only when none of its features is
    /// alive: features kept across queries keep their coordinates and tags.
    @Test func keptFeaturesSurviveTheNextQuery() throws {
        let store = try TestSupport.freshStore()
        let report = try store.importOSM(path: TestSupport.fixture("andorra-ordino.osm.pbf"), importedAt: TestSupport.importTime)
        let whole = try #require(report.coverage.first)
        let first = try store.features(in: whole, zoom: 14)
        let coordinates = first.map(\.parts.arrays), names = first.map(\.name)
        let other = WebMercator.viewBounds(center: whole.center, zoom: 15, widthPixels: 400, heightPixels: 240)
        for zoom in [12, 16, 10] { _ = try store.features(in: other, zoom: zoom) }
        #expect(first.map(\.parts.arrays) == coordinates && first.map(\.name) == names)
        var again: [MapFeature] = []
        for _ in 0..<3 { again = try store.features(in: whole, zoom: 14) }
        #expect(Set(again) == Set(first) && again.count == first.count)
    }
}

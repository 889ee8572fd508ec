import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// `features.geometry` carries the view fields after the full geometry (migration
/// "map-6-geometry-view-fields", DECISIONS 1060), so a view from z16 on reads one blob per row:
/// the record splits back into the geometry and the fields, the geometry decoders read the
/// column as before, a map-5 store migrates to what a fresh import stores, and a map-5 store
/// opened read-only returns the same features.
@Suite struct GeometryRecordTests {
    /// Turns a fresh (map-6) store into the map-5 layout it would have had: the plain geometry
    /// blob in `geometry`, map-6 not recorded as applied.
    static func makeMap5(_ store: MapStore) throws {
        let rows = try store.db.query("SELECT id, geometry FROM features") { ($0.int64(0), $0.blob(1)) }
        let update = try store.db.prepare("UPDATE features SET geometry = ? WHERE id = ?")
        for (id, record) in rows {
            let geometry = try record.withUnsafeBytes { try #require(ViewRecord.decodeGeometryRecord($0)).geometry.count }
            try update.bind([.blob(Array(record[..<geometry])), .integer(id)])
            try update.step()
            update.reset()
        }
        try store.db.execute("DELETE FROM cairn_migrations WHERE name = '\(MapStore.geometryViewFieldsMigration)'")
    }

    /// Every column of `features` in key order, blobs in hex.
    func rows(_ store: MapStore) throws -> [String] {
        try store.db.query("""
            SELECT id, hex(view), class, kind, min_zoom, name, version, complete, label_lat, label_lon, hex(geometry),
                   hex(node_ids), tags, import_id FROM features ORDER BY id
            """) { st in (0..<14).map { st.isNull(Int32($0)) ? "NULL" : st.string(Int32($0)) }.joined(separator: "|") }
    }

    @Test func recordSplitsIntoGeometryAndFieldsAndDamageIsNil() throws {
        let parts: [[(Int32, Int32)]] = [[(425_000_000, 15_000_000), (425_100_000, 15_100_000), (425_000_300, -14_999_900)], [(-10, 20)]]
        let geometry = GeometryCodec.encode(parts: parts)
        // Tags long enough that the fields' length takes two varint bytes (written backwards).
        let tags = Array((#"{"name":"Camí de "# + String(repeating: "x", count: 150) + #"","sac_scale":"hiking"}"#).utf8)
        let fields = ViewRecord.encodeFields(featureClass: FeatureClass.path.rawValue, kind: .line, minZoom: 13, complete: false,
                                             box: (425_000_000, 425_100_000, -15_000_000, 15_100_000), tags: tags)
        #expect(fields.count > 127)
        let record = ViewRecord.geometryRecord(geometry: geometry, fields: fields)
        // Layout: geometry, fields, then the fields' length as LEB128 with its bytes reversed.
        #expect(Array(record.prefix(geometry.count)) == geometry)
        #expect(Array(record[geometry.count ..< geometry.count + fields.count]) == fields)
        #expect(Array(record.suffix(2)) == [UInt8(fields.count >> 7), UInt8(fields.count & 0x7F) | 0x80])
        try record.withUnsafeBytes { b in
            let (g, v) = try #require(ViewRecord.decodeGeometryRecord(b))
            #expect(Array(g) == geometry)
            #expect(v.featureClass == .path && v.kind == .line && v.minZoom == 13 && !v.isComplete && v.levels.isEmpty)
            #expect(v.box == (425_000_000, 425_100_000, -15_000_000, 15_100_000) && Array(v.tags) == tags)
            // The geometry decoders read the record as the plain geometry (bytes after the last part unread).
            let expected = parts.map { $0.map { Coordinate(latitude: Double($0.0) / 1e7, longitude: Double($0.1) / 1e7) } }
            #expect(GeometryCodec.decodeCoordinates(b) == expected)
            #expect(geometry.withUnsafeBytes { GeometryCodec.decodeCoordinates($0) } == expected)
        }
        // The view record is the same fields followed by the levels.
        let view = ViewRecord.encode(featureClass: FeatureClass.path.rawValue, kind: .line, minZoom: 13, complete: false,
                                     box: (425_000_000, 425_100_000, -15_000_000, 15_100_000), tags: tags, levels: [], geometry: geometry)
        #expect(Array(view.prefix(fields.count)) == fields)
        // Every cut and a length beyond the bytes: nil, never a crash.
        for cut in 0..<record.count {
            let r = Array(record[0..<cut]).withUnsafeBytes { ViewRecord.decodeGeometryRecord($0) }
            #expect(r.map { $0.geometry.count <= cut } ?? true)
        }
        #expect([UInt8](repeating: 0xff, count: 12).withUnsafeBytes { ViewRecord.decodeGeometryRecord($0) } == nil)
        #expect(([0x01, 0x02] + [UInt8(40)]).withUnsafeBytes { ViewRecord.decodeGeometryRecord($0) } == nil)
    }

    @Test func map5StoreMigratesToTheFreshBytesAndReadsTheSame() throws {
        let file = TestSupport.fixture("andorra-ordino.osm.pbf")
        let fresh = try TestSupport.freshStore()
        let report = try fresh.importOSM(path: file, importedAt: TestSupport.importTime)
        let old = try TestSupport.freshStore()
        try old.importOSM(path: file, importedAt: TestSupport.importTime)
        try Self.makeMap5(old)
        #expect(fresh.hasGeometryViewFields)
        // Read-only, a map-5 store keeps its two-column query: the same features at every zoom.
        let map5 = try MapStore(path: old.path, readOnly: true)
        #expect(map5.hasViewRecords && !map5.hasGeometryViewFields)
        let whole = try #require(report.coverage.first)
        var compared = 0
        for zoom in [12, 15, 16, 17] {
            for box in [whole, WebMercator.viewBounds(center: whole.center, zoom: Double(zoom), widthPixels: 400, heightPixels: 240)] {
                let a = try fresh.features(in: box, zoom: zoom), b = try map5.features(in: box, zoom: zoom)
                #expect(a.count == b.count && Set(a) == Set(b), "z\(zoom): the same features, parts, tags and boxes")
                compared += a.count
            }
        }
        #expect(compared > 1000)
        let a = try fresh.features(in: whole, zoom: 12, includeNodeIDs: true), b = try map5.features(in: whole, zoom: 12, includeNodeIDs: true)
        #expect(Set(a) == Set(b) && a.contains { $0.nodeIDs != nil })
        let paths: Set<FeatureClass> = [.path, .track]
        #expect(Set(try fresh.features(in: whole, zoom: 16, classes: paths)) == Set(try map5.features(in: whole, zoom: 16, classes: paths)))
        let some = try #require(a.first { $0.nodeIDs != nil })
        #expect(try fresh.feature(some.id) == map5.feature(some.id))

        // Opened for writing, the map-5 store migrates to the rows a fresh import writes, byte for byte.
        let migrated = try MapStore(path: old.path)
        #expect(migrated.hasGeometryViewFields)
        #expect(try rows(migrated) == rows(fresh))
        #expect(try migrated.db.scalar("SELECT count(*) FROM pragma_index_list('features') WHERE name = 'features_by_class'")?.integer == 1)
    }

    /// A damaged record in `geometry` skips its feature from z16 on only (below, the view record is read).
    @Test func damagedGeometryRecordSkipsTheFeatureFromZ16() throws {
        let store = try TestSupport.freshStore()
        let report = try store.importOSM(path: TestSupport.fixture("andorra-ordino.osm.pbf"), importedAt: TestSupport.importTime)
        let whole = try #require(report.coverage.first)
        let all16 = try store.features(in: whole, zoom: 16), all15 = try store.features(in: whole, zoom: 15)
        let victim = try #require(all15.first)
        try store.db.execute("UPDATE features SET geometry = x'0102ff' WHERE id = \(victim.id.rawValue)")
        let after16 = try store.features(in: whole, zoom: 16)
        #expect(after16.count == all16.count - 1 && !after16.contains { $0.id == victim.id })
        #expect(Set(try store.features(in: whole, zoom: 15)) == Set(all15))
    }

    /// The class read from a record's UTF-8 bytes: every raw value gives its class; a near
    /// miss (one byte changed, cut, lengthened) or an empty or too long name gives nil.
    @Test func classFromUTF8() {
        for c in FeatureClass.allCases {
            let bytes = Array(c.rawValue.utf8)
            #expect(bytes.withUnsafeBytes { FeatureClass(utf8: $0) } == c)
            var changed = bytes
            changed[changed.count - 1] ^= 0x20
            #expect(changed.withUnsafeBytes { FeatureClass(utf8: $0) }.map { $0.rawValue.utf8.elementsEqual(changed) } ?? true)
            #expect(Array(bytes.dropLast()).withUnsafeBytes { FeatureClass(utf8: $0) }.map { $0.rawValue.utf8.elementsEqual(bytes.dropLast()) } ?? true)
            #expect((bytes + [0x5f]).withUnsafeBytes { FeatureClass(utf8: $0) } == nil || FeatureClass(rawValue: c.rawValue + "_") != nil)
        }
        #expect([UInt8]().withUnsafeBytes { FeatureClass(utf8: $0) } == nil)
        #expect([UInt8](repeating: 0x61, count: 200).withUnsafeBytes { FeatureClass(utf8: $0) } == nil)
    }
}

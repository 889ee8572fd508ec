import Foundation
import Testing
import TermUI
import TrailApp
import TrailCore
@testable import TrailMap

/// Lines stored simplified per zoom at import (migrations "map-3-zoom-geometry",
/// "map-4-inline-zoom-geometry" and "map-5-view-record", DECISIONS 180, 300, 940)
/// draw what simplification at query time drew: the same features at every zoom, vertices of
/// the full geometry within half a pixel, the same frames; old stores still open and migrate.
@Suite struct ZoomGeometryTests {
    /// Imports `file` into two stores: one as imported, one with the per-zoom table dropped
    /// (simplified at query time, as a store of an older Cairn opened read-only).
    func twinStores(_ file: String) throws -> (stored: MapStore, queryTime: MapStore, whole: BoundingBox) {
        let a = try TestSupport.freshStore()
        let report = try a.importOSM(path: file, importedAt: TestSupport.importTime)
        let b = try TestSupport.freshStore()
        try b.importOSM(path: file, importedAt: TestSupport.importTime)
        try b.db.execute("ALTER TABLE features DROP COLUMN view")
        let old = try MapStore(path: b.path, readOnly: true)
        #expect(a.hasZoomGeometry && !old.hasZoomGeometry)
        return (a, old, try #require(report.coverage.first))
    }

    /// True when `part` is `full` with some vertices left out (order kept).
    func isSubsequence(_ part: FeaturePart, of full: FeaturePart) -> Bool {
        var i = full.startIndex
        for c in part {
            while i < full.endIndex && full[i] != c { i += 1 }
            if i == full.endIndex { return false }
            i += 1
        }
        return true
    }

    func render(_ store: MapStore, center: Coordinate, zoom: Double) throws -> String {
        let viewport = MapViewport(center: center, zoom: zoom, width: 200, height: 60)
        let (box, z) = MapBasemap.queryArea(for: viewport)
        let basemap = MapBasemap(features: try store.features(in: box, zoom: z), coverageAreas: try store.coverageAreas(),
                                 bounds: box, zoom: z)
        let env = WidgetEnvironment(theme: .plain, format: UnitFormatter(system: .metric))
        var buffer = Buffer(width: 200, height: 60)
        _ = MapWidget(viewport: viewport, basemap: basemap, environment: env).render(area: Rect(x: 0, y: 0, width: 200, height: 60), into: &buffer)
        return buffer.textDump()
    }

    func compare(_ file: String) throws {
        let (stored, queryTime, whole) = try twinStores(file)
        let centre = whole.center
        for zoom in [10, 12, 14, 16] {
            var differingCells = 0
            for box in [whole, WebMercator.viewBounds(center: centre, zoom: Double(zoom), widthPixels: 400, heightPixels: 240)] {
                let new = try stored.features(in: box, zoom: zoom)
                let old = Dictionary(uniqueKeysWithValues: try queryTime.features(in: box, zoom: zoom).map { ($0.id, $0) })
                let full = Dictionary(uniqueKeysWithValues: try stored.features(in: box, zoom: zoom, includeNodeIDs: true).map { ($0.id, $0) })
                #expect(Set(new.map(\.id)) == Set(old.keys), "z\(zoom): the same features")
                var newVertices = 0, oldVertices = 0
                for f in new where f.kind != .point {
                    let o = try #require(old[f.id]), g = try #require(full[f.id])
                    #expect(f.parts.count == g.parts.count && f.parts.first?.first == g.parts.first?.first
                            && f.parts.last?.last == g.parts.last?.last, "\(f.id)")
                    #expect(zip(f.parts, g.parts).allSatisfy { isSubsequence($0, of: $1) }, "\(f.id): vertices of the full line")
                    if zoom >= MapStore.simplificationMaxZoom { #expect(f.parts == g.parts) }
                    newVertices += f.parts.reduce(0) { $0 + $1.count }
                    oldVertices += o.parts.reduce(0) { $0 + $1.count }
                }
                // A stored level serves its zoom when it saves a fifth of the finer level's
                // vertices, so up to 1.25 times the query-time count, never far fewer.
                #expect(Double(newVertices) >= 0.97 * Double(oldVertices) && Double(newVertices) <= 1.3 * Double(oldVertices),
                        "z\(zoom): \(newVertices) vertices against \(oldVertices)")
            }
            let a = try render(stored, center: centre, zoom: Double(zoom)), b = try render(queryTime, center: centre, zoom: Double(zoom))
            let la = a.split(separator: "\n", omittingEmptySubsequences: false), lb = b.split(separator: "\n", omittingEmptySubsequences: false)
            for (x, y) in zip(la, lb) {
                let cx = Array(x), cy = Array(y)
                for i in 0..<max(cx.count, cy.count) where (i < cx.count ? cx[i] : " ") != (i < cy.count ? cy[i] : " ") { differingCells += 1 }
            }
            print("\((file as NSString).lastPathComponent) z\(zoom): 200 x 60 frames differ in \(differingCells) of 12000 cells")
            // Half-pixel tolerances either way (the feature's latitude, a finer level serving):
            // a braille dot here and there, measured 0-1.4 % of cells on the Andorra extracts.
            #expect(differingCells <= (zoom >= MapStore.simplificationMaxZoom ? 0 : 240), "z\(zoom): \(differingCells) of 12000 cells differ")
        }
    }

    @Test func sampleExtractAtEveryZoom() throws {
        try compare(TestSupport.fixture("andorra-ordino.osm.pbf"))
    }

    @Test func wholeAndorraAtEveryZoom() throws {
        guard let pbf = TestSupport.sharedData("osm/WorldKG-andorra-latest-2021-06-22.osm.pbf") else { return }
        try compare(pbf)
    }

    /// Zoom-level blobs: the directory picks the coarsest level at or above a zoom, the
    /// full geometry (nil) above every level, and damaged blobs give nil, never a crash.
    @Test func zoomLevelBlobs() throws {
        let coarse: [[(Int32, Int32)]] = [[(425_000_000, 15_000_000), (425_100_000, 15_100_000)]]
        let fine: [[(Int32, Int32)]] = [[(425_000_000, 15_000_000), (425_050_000, 15_020_000), (425_100_000, 15_100_000)]]
        let blob = try #require(GeometryCodec.encode(levels: [(11, coarse), (13, fine)]))
        #expect(GeometryCodec.encode(levels: []) == nil)
        func served(_ zoom: Int, _ bytes: [UInt8] = blob) -> Int? {
            bytes.withUnsafeBytes { b in
                GeometryCodec.level(servingZoom: zoom, in: b).flatMap(GeometryCodec.decodeCoordinates).map { $0[0].count }
            }
        }
        #expect(served(8) == 2 && served(11) == 2 && served(12) == 3 && served(13) == 3 && served(14) == nil)
        let levels = blob.withUnsafeBytes { b in GeometryCodec.levels(in: b)?.map { ($0.zoom, Array($0.blob)) } }
        #expect(levels?.map(\.0) == [11, 13])
        #expect(levels?.map(\.1) == [GeometryCodec.encode(parts: coarse), GeometryCodec.encode(parts: fine)])
        for cut in 0..<blob.count {
            let damaged = Array(blob[0..<cut])
            _ = served(12, damaged)
            #expect(damaged.withUnsafeBytes { GeometryCodec.levels(in: $0) } == nil, "cut at \(cut)")
        }
    }

    /// The import's encoded levels (``ZoomGeometry/levelBlobs(parts:kind:minZoom:)``, DECISIONS
    /// 1100) against the definition: at each zoom from 15 down, every part of more than two
    /// vertices simplified by ``DouglasPeucker/keptIndices(of:tolerance:)`` at that zoom's
    /// tolerance (shorter parts whole), the level stored when it keeps fewer than 0.8 of the
    /// vertices of the last stored one, each encoded by ``GeometryCodec/encode(parts:)``.
    @Test func encodedLevelsAreDouglasPeuckerAtEachZoom() throws {
        var state: UInt64 = 7
        func next() -> Int32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int32(truncatingIfNeeded: Int64(state >> 33) % 2001 - 1000)
        }
        var stored = 0
        for seed in 0..<60 {
            let latitude = Int32(-800_000_000 + seed * 27_000_000)
            var parts: [[(Int32, Int32)]] = []
            for p in 0..<(1 + seed % 3) {
                var lat = latitude + Int32(p) * 50_000, lon = Int32(10_000_000 + seed * 1_000)
                var part: [(Int32, Int32)] = []
                let n = p == 1 ? 2 : 3 + (seed * 37 + p * 11) % 400
                for i in 0..<n {
                    if i % 13 != 4 {  // every 13th vertex repeats the previous one
                        let scale = Int32(1 + seed % 5) * 40
                        lat += next() * scale
                        lon += next() * scale
                    }
                    part.append((lat, lon))
                }
                if seed % 4 == 0 { part.append(part[0]) }  // closed
                parts.append(part)
            }
            for minZoom in [0, 9, 14, 15, 16] {
                var lats: [Int32] = []
                for part in parts { for (lat, _) in part { lats.append(lat) } }
                let centre = FixedPoint.degrees(Int32((Int64(lats.min()!) + Int64(lats.max()!)) / 2))
                var expected: [(Int, [UInt8])] = []
                var finer = lats.count
                if minZoom < MapStore.simplificationMaxZoom {
                    for zoom in stride(from: MapStore.simplificationMaxZoom - 1, through: minZoom, by: -1) {
                        let tolerance = WebMercator.groundResolution(latitude: centre, zoom: Double(zoom)) / 2
                        let level = parts.map { part in
                            part.count > 2
                                ? DouglasPeucker.keptIndices(of: part.map { FixedPoint.coordinate(latE7: $0.0, lonE7: $0.1) }, tolerance: tolerance).map { part[$0] }
                                : part
                        }
                        let count = level.reduce(0) { $0 + $1.count }
                        if Double(count) < 0.8 * Double(finer) {
                            expected.insert((zoom, GeometryCodec.encode(parts: level)), at: 0)
                            finer = count
                        }
                    }
                }
                let blobs = ZoomGeometry.levelBlobs(parts: parts, kind: .line, minZoom: minZoom)
                #expect(blobs.map(\.zoom) == expected.map(\.0), "seed \(seed), min zoom \(minZoom)")
                #expect(blobs.map(\.blob) == expected.map(\.1), "seed \(seed), min zoom \(minZoom)")
                let levels: [(zoom: Int, parts: [[(Int32, Int32)]])] = ZoomGeometry.levels(parts: parts, kind: .area, minZoom: minZoom)
                let zooms: [Int] = levels.map(\.zoom)
                let levelBlobs: [[UInt8]] = levels.map { GeometryCodec.encode(parts: $0.parts) }
                #expect(zooms == blobs.map(\.zoom) && levelBlobs == blobs.map(\.blob))
                #expect(ZoomGeometry.levelBlobs(parts: parts, kind: .point, minZoom: minZoom).isEmpty)
                stored += blobs.count
            }
        }
        #expect(stored > 100, "\(stored) levels")
        // levelBlobs filters each zoom's vertices from the next finer zoom's: it relies on a
        // zoom's tolerance being exactly twice the finer one's, at every latitude.
        for tenth in -900...900 {
            let latitude = Double(tenth) / 10
            for zoom in 0..<MapStore.simplificationMaxZoom - 1 {
                #expect(ZoomGeometry.tolerance(latitude: latitude, zoom: zoom) == 2 * ZoomGeometry.tolerance(latitude: latitude, zoom: zoom + 1),
                        "latitude \(latitude), zoom \(zoom)")
            }
        }
    }

    /// A map-2 store (2-D R*Tree with min_zoom beside it, no per-zoom table): read-only it
    /// draws with simplification at query time; opened for writing it migrates to what a
    /// fresh import stores.
    @Test func oldStoreOpensAndMigrates() throws {
        let fresh = try TestSupport.freshStore()
        try fresh.importOSM(path: TestSupport.fixture("andorra-ordino.osm.pbf"), importedAt: TestSupport.importTime)
        let levels = try fresh.db.query("SELECT id, hex(view) FROM features ORDER BY id") {
            "\($0.int64(0)) \($0.string(1))"
        }
        #expect(levels.count > 100)
        let oldPath = fresh.path + ".old.sqlite"
        let old = try MapStore(path: oldPath)
        try old.importOSM(path: TestSupport.fixture("andorra-ordino.osm.pbf"), importedAt: TestSupport.importTime)
        try GeometryRecordTests.makeMap5(old)  // the plain geometry of a store before map-6
        try old.db.execute("""
            ALTER TABLE features DROP COLUMN view;
            CREATE VIRTUAL TABLE feature_box USING rtree_i32(id, min_lat, max_lat, min_lon, max_lon, +min_zoom);
            INSERT INTO feature_box SELECT id, min_lat, max_lat, min_lon, max_lon, min_zoom FROM feature_bbox;
            DROP TABLE feature_bbox;
            ALTER TABLE feature_box RENAME TO feature_bbox;
            DELETE FROM cairn_migrations WHERE name IN ('map-3-zoom-geometry', 'map-4-inline-zoom-geometry', 'map-5-view-record');
            """)
        let whole = BoundingBox(minLatitude: 42, minLongitude: 1, maxLatitude: 43, maxLongitude: 2)
        let readOnly = try MapStore(path: oldPath, readOnly: true)
        #expect(!readOnly.hasZoomGeometry)
        let before = Set(try readOnly.features(in: whole, zoom: 12).map(\.id))
        #expect(before == Set(try fresh.features(in: whole, zoom: 12).map(\.id)) && !before.isEmpty)
        let migrated = try MapStore(path: oldPath)
        #expect(migrated.hasZoomGeometry)
        #expect(try migrated.db.query("SELECT id, hex(view) FROM features ORDER BY id") {
            "\($0.int64(0)) \($0.string(1))"
        } == levels)
        #expect(try !migrated.db.tableExists("feature_zoom_geometry"), "map-4 folds the per-level table into features")
        #expect(Set(try migrated.features(in: whole, zoom: 12).map(\.id)) == before)
        #expect(try migrated.db.scalar("SELECT count(*) FROM feature_bbox WHERE max_zoom = min_zoom + 1")?.integer
                == migrated.db.scalar("SELECT count(*) FROM features")?.integer)
    }
}

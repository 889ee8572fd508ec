import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// The coverage tiles of huge node extents (fuzz-osm: one node moved from 42.6° to 4.26° N made
/// a way span ~4,000 km; the import then computed and stored every z14 tile of the extent, 7.9 s
/// under ASan, and hours for nodes near both poles). The tiles are now derived from the
/// rectangles when asked, so the import's cost no longer grows with the extent's area.
///
/// Expected counts, python3 (the OSM wiki tile formula, n = 2^14):
/// `x = floor((lon + 180) / 360 · n)`, `y = floor((1 − asinh(tan(lat)) / π) / 2 · n)`, the last
/// tile of a range `ceil(· n) − 1` (a tile the box only touches at its edge is not reached).
@Suite struct CoverageExtentTests {
    @Test func continentalWayImportsWithItsTilesCounted() throws {
        let store = try TestSupport.freshStore()
        let file = TestSupport.repoRoot.appendingPathComponent("Fuzz/regressions/fuzz-osm/continental-way.osm").path
        let report = try store.importOSM(path: file, importedAt: TestSupport.importTime)
        #expect(report.coverage.count == 1)
        // Node extent 4.26012…42.6008 N, 1.5001…1.5045 E: x 8260…8260, y 6045…7997.
        #expect(try store.coverageTileCount() == 1953)
        let middle = try store.coverageTiles(in: BoundingBox(Coordinate(latitude: 20, longitude: 1.502)))
        // tile(20, 1.502) = (8260, 7262); the extent holds only part of its width (1.5001…1.5045 E
        // of 1.494140625…1.51611328125): (1.5045 − 1.5001) / 0.02197265625 = 0.20025 (Web Mercator
        // x is linear in longitude; the tile's full height is inside).
        #expect(middle.map(\.tile) == [SlippyTile(z: 14, x: 8260, y: 7262)])
        #expect(abs(middle[0].fraction - 0.2002488888888889) < 1e-6)
    }

    @Test func nodesNearBothPolesCostNoMoreThanAFewNodes() throws {
        let dir = TestSupport.tempDirectory()
        let file = dir.appendingPathComponent("poles.osm").path
        try """
            <?xml version='1.0' encoding='UTF-8'?>
            <osm version='0.6' generator='test'>
              <node id='1' version='1' lat='-80' lon='-179.5' />
              <node id='2' version='1' lat='80' lon='179.5' />
              <node id='3' version='1' lat='42.5' lon='1.5'><tag k='natural' v='peak' /></node>
            </osm>
            """.write(toFile: file, atomically: true, encoding: .utf8)
        let store = try TestSupport.freshStore()
        try store.importOSM(path: file, importedAt: TestSupport.importTime)
        // x 22…16361 (16,340 columns), y 1839…14544 (12,706 rows).
        #expect(try store.coverageTileCount() == 207_616_040)
        let peak = try store.coverageTiles(in: BoundingBox(Coordinate(latitude: 42.5, longitude: 1.5)))
        #expect(peak.count == 1 && peak[0].fraction == 1)
        _ = try store.removeExtract(named: "poles.osm")
        #expect(try store.coverageTileCount() == 0)
    }

    /// Two overlapping rectangles counted once where they overlap.
    @Test func unionOfTileRangesCountsOverlapsOnce() {
        let a = (x: 0...9, y: 0...9), b = (x: 5...14, y: 5...14), c = (x: 20...20, y: 0...0)
        #expect(CoverageMath.unionSize([a, b, c]) == 100 + 100 - 25 + 1)
        #expect(CoverageMath.unionSize([]) == 0)
    }
}

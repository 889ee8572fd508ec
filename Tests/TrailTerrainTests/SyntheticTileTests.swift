import CairnTestSupport
import Foundation
import Testing
import TrailCore
@testable import TrailTerrain

/// Exact checks on tiles whose heights are known in closed form.
@Suite struct SyntheticTileTests {
    let id = SRTMTileID(latitude: 42, longitude: 1)

    /// Rows from the north edge and columns from the west edge of a position in N42E001 (SRTM3).
    func grid(_ lat: Double, _ lon: Double) -> (y: Double, x: Double) { ((43 - lat) * 1200, (lon - 1) * 1200) }

    @Test func bilinearReproducesAPlaneExactly() throws {
        // h = 1000 + 2·row + 3·column is linear, so bilinear interpolation gives it everywhere.
        let tile = try TerrainFixtures.syntheticTile(id) { r, c in Int16(1000 + 2 * (r % 600) + 3 * (c % 600)) }
        let store = TerrainStore(tiles: [tile])
        var seed: UInt64 = 7
        for _ in 0..<500 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let lat = 42.0 + Double(seed >> 40) / Double(1 << 24) * 0.49
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let lon = 1.0 + Double(seed >> 40) / Double(1 << 24) * 0.49
            let (y, x) = grid(lat, lon)
            // Stay inside one "tooth" of the modulo so the plane is unbroken.
            guard Int(y) % 600 < 599, Int(x) % 600 < 599 else { continue }
            let expected = 1000 + 2 * (y.truncatingRemainder(dividingBy: 600)) + 3 * (x.truncatingRemainder(dividingBy: 600))
            let h = try #require(store.height(at: Coordinate(latitude: lat, longitude: lon)).metres)
            #expect(abs(h - expected) < 1e-6, "\(lat),\(lon): \(h) against \(expected)")
        }
    }

    @Test func samplesOfAConeAreReturnedExactlyAndCellCentresAreTheMean() throws {
        let tile = try TerrainFixtures.syntheticTile(id) { r, c in
            Int16(max(0, 3000 - 5 * ((Double((r - 600) * (r - 600) + (c - 600) * (c - 600))).squareRoot())).rounded())
        }
        let store = TerrainStore(tiles: [tile])
        for (r, c) in [(600, 600), (0, 0), (1200, 1200), (600, 1200), (300, 450)] {
            let h = try #require(store.height(at: Coordinate(latitude: tile.latitude(ofRow: r), longitude: tile.longitude(ofColumn: c))).metres)
            #expect(abs(h - Double(tile.sample(row: r, column: c)!)) < 1e-6)
        }
        // The centre of a cell is the mean of its four corners.
        let lat = tile.latitude(ofRow: 100) - 0.5 / 1200, lon = tile.longitude(ofColumn: 700) + 0.5 / 1200
        let corners = [(100, 700), (100, 701), (101, 700), (101, 701)].map { Double(tile.sample(row: $0.0, column: $0.1)!) }
        let h = try #require(store.height(at: Coordinate(latitude: lat, longitude: lon)).metres)
        #expect(abs(h - corners.reduce(0, +) / 4) < 1e-6)
    }

    @Test func voidCornersAreLeftOutAndTheOtherWeightsRenormalised() throws {
        // Plane 100 + row + column with a void at (600, 600) (42.5 °N 1.5 °E, exact in binary)
        // and a 2×2 void block at rows and columns 20…21.
        let tile = try TerrainFixtures.syntheticTile(id) { r, c in
            (r == 600 && c == 600) || ((20...21).contains(r) && (20...21).contains(c)) ? HGTFormat.void : Int16(100 + r + c)
        }
        let store = TerrainStore(tiles: [tile])
        func at(_ y: Double, _ x: Double) -> TerrainHeight {
            store.height(at: Coordinate(latitude: 43 - y / 1200, longitude: 1 + x / 1200))
        }
        // Centre of the cell (600,600)-(601,601): the void corner drops out; the others 1301,
        // 1301 and 1302 weigh 1/4 each → their mean.
        #expect(abs(at(600.5, 600.5).metres! - (1301 + 1301 + 1302) / 3.0) < 1e-6)
        // fy = 0.25, fx = 0.5: weights 0.375 (void), 0.375 (1301), 0.125 (1301), 0.125 (1302) → renormalised.
        #expect(abs(at(600.25, 600.5).metres! - (0.375 * 1301 + 0.125 * 1301 + 0.125 * 1302) / 0.625) < 1e-6)
        // On the void sample itself the valid corners weigh nothing: their plain mean.
        #expect(abs(store.height(at: Coordinate(latitude: 42.5, longitude: 1.5)).metres! - (1301 + 1301 + 1302) / 3.0) < 1e-9)
        // Inside the 2×2 void block: all four corners void.
        #expect(at(20.5, 20.5) == .noData(.void(id)))
        // Never −32768, never 0 around the voids: always between the plane's neighbouring values.
        for (y0, x0) in [(598.0, 598.0), (18.0, 18.0)] {
            for y in stride(from: y0, through: y0 + 5, by: 0.25) {
                for x in stride(from: x0, through: x0 + 5, by: 0.25) {
                    if let h = at(y, x).metres { #expect(h >= 100 + y0 + x0 - 1 && h <= 100 + y0 + x0 + 11, "\(y),\(x): \(h)") }
                }
            }
        }
    }

    @Test func edgesAreSharedAndMissingTilesAreReported() throws {
        let tile = try TerrainFixtures.syntheticTile(id) { r, c in Int16(r + c) }
        let store = TerrainStore(tiles: [tile])
        // North edge (43°N belongs to N43 by ⌊lat⌋) and east edge (2°E) come from this tile.
        #expect(store.height(at: Coordinate(latitude: 43, longitude: 1.5)).metres == 600)
        let east = try #require(store.height(at: Coordinate(latitude: 42.5, longitude: 2)).metres)
        #expect(abs(east - 1800) < 1e-9, "\(east)")
        #expect(store.height(at: Coordinate(latitude: 43, longitude: 2)).metres == 1200)
        #expect(store.height(at: Coordinate(latitude: 42, longitude: 1)).metres == 1200)
        #expect(store.height(at: Coordinate(latitude: 43.2, longitude: 1.5)) == .noData(.noTile(SRTMTileID(latitude: 43, longitude: 1))))
        #expect(store.height(at: Coordinate(latitude: .nan, longitude: 1.5)) == .noData(.invalidCoordinate))
    }

    @Test func tileNamesFollowTheSRTMConvention() {
        #expect(SRTMTileID(name: "N42E001") == SRTMTileID(latitude: 42, longitude: 1))
        #expect(SRTMTileID(name: "s12w077") == SRTMTileID(latitude: -12, longitude: -77))
        #expect(SRTMTileID(latitude: -1, longitude: -1).name == "S01W001")
        #expect(SRTMTileID.fromFileName("/x/N42E001.hgt.zip") == SRTMTileID(latitude: 42, longitude: 1))
        for bad in ["N42E01", "X42E001", "N42E1800", "N95E001", "E001N42", "N42E181", "andorra"] {
            #expect(SRTMTileID(name: bad) == nil, "\(bad)")
        }
        #expect(SRTMTileID.containing(latitude: -0.5, longitude: -0.5).name == "S01W001")
    }
}

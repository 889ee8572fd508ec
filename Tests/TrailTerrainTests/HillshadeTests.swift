import CairnTestSupport
import Foundation
import Testing
import TrailCore
@testable import TrailTerrain

/// Hillshade (Horn, sun 315°/45°) against Tools/reference/hillshade_reference.py, which reads
/// the tile with zipfile + struct and takes the cosine between the surface normal and the sun
/// vector (a different formulation from the slope/aspect one in ``Hillshade``), and against
/// planes worked out by hand.
@Suite struct HillshadeTests {
    struct Reference: Decodable {
        struct Point: Decodable { var row: Int; var column: Int; var shade: Double? }
        var points: [Point]
    }

    @Test func andorraTileMatchesThePythonReference() throws {
        let data = try Data(contentsOf: TerrainFixtures.fixtures.appendingPathComponent("hillshade-reference.json"))
        let reference = try JSONDecoder().decode(Reference.self, from: data)
        let store = try TerrainFixtures.sampleStore()
        let tile = try #require(store.tile(SRTMTileID(latitude: 42, longitude: 1)))
        let n = tile.side
        // The raw samples (voids as NaN), not the void-filled heights: the reference has none.
        let grid = HeightGrid(rows: n, columns: n, north: 43, west: 1, spacing: 1 / Double(n - 1)) { r, c in
            tile.sample(row: r, column: c).map(Double.init) ?? .nan
        }
        let shades = Hillshade.shades(grid)
        var compared = 0, voids = 0, worst = 0.0
        for p in reference.points {
            let v = shades[p.row * n + p.column]
            guard let expected = p.shade else {
                #expect(v.isNaN, "row \(p.row) column \(p.column): \(v), the reference has no value")
                voids += 1
                continue
            }
            worst = max(worst, abs(Double(v) - expected))
            compared += 1
        }
        #expect(compared > 1000 && voids > 0, "\(compared) compared, \(voids) without value")
        // Float storage: 1e-6 relative; 1e-5 absolute is well above that and far below a level.
        #expect(worst < 1e-5, "largest difference \(worst)")
    }

    /// A grid on the equator (cos latitude ≈ 1) of 3″ samples (92.76 m) holding a plane.
    static func plane(east: Double, north: Double) -> [Float] {
        let spacing = 1.0 / 1200, metres = spacing * Hillshade.metresPerDegree
        let grid = HeightGrid(rows: 5, columns: 5, north: 0.001, west: 10, spacing: spacing) { r, c in
            // Row r lies r samples south of row 0: northing −r · metres.
            1000 + east * Double(c) * metres + north * (-Double(r) * metres)
        }
        return Hillshade.shades(grid)
    }

    @Test func planesWorkedOutByHand() {
        // Flat: the sun at 45° shades cos 45° = 0.7071.
        #expect(abs(Double(Self.plane(east: 0, north: 0)[12]) - 0.5.squareRoot()) < 1e-6)
        // Rising 1 m per metre east and 1 m per metre south (a slope facing the north-west
        // sun): normal ∝ (−1, 1, 1)/√3,
        // sun (−½, ½, √½): shade = (½ + ½ + √½)/√3 = 0.9856.
        let nw = Self.plane(east: 1, north: -1)[12]
        #expect(abs(Double(nw) - (1 + 0.5.squareRoot()) / 3.0.squareRoot()) < 1e-4, "\(nw)")
        // The opposite slope faces away: (−½ − ½ + √½)/√3 < 0, clipped to 0.
        #expect(Self.plane(east: -1, north: 1)[12] == 0)
        // The edge has no neighbours: no value.
        #expect(Self.plane(east: 0, north: 0)[0].isNaN)
    }
}

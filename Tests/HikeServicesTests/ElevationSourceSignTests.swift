import Foundation
import HikeServices
import Testing
import TrailCore
import TrailTerrain

/// Newcomer 7: the "Elevation source" block wrote losses with U+2212 where the statistics
/// table (``UnitFormatter/elevationChange(_:)``) writes the ASCII "-": now the same sign.
@Suite struct ElevationSourceSignTests {
    @Test func lossesUseTheTablesMinus() throws {
        let json = #"""
        {"elevationSource":"file","points":{"fromFile":3,"fromTerrain":0,"withoutData":0},
         "elevationGain":120,"elevationLoss":80,"estimatedWalkingTime":3600,"terrainGain":130,"terrainLoss":90,"missingTiles":[]}
        """#
        let s = try JSONDecoder().decode(TerrainStatistics.self, from: Data(json.utf8))
        let u = UnitFormatter(system: .metric)
        let text = DemElevation.text(s, u)
        #expect(text.contains("Gain / loss: +120 m / -80 m"), "\(text)")
        #expect(text.contains("Gain / loss by the terrain: +130 m / -90 m"), "\(text)")
        #expect(!text.contains("\u{2212}"))
        #expect(u.elevationChange(-80) == "-80 m")  // the table's sign
    }
}

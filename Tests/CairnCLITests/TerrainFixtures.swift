import Foundation
import TrailCore
@testable import TrailTerrain

/// The terrain tests' paths and helpers, for the `cairn dem` command tests (a copy of
/// TrailTerrainTests' `TerrainFixtures`: test targets do not share code).
enum TerrainFixtures {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    /// The terrain tests' fixtures (`Tests/TrailTerrainTests/Fixtures`).
    static let fixtures = testsDirectory.deletingLastPathComponent().appendingPathComponent("TrailTerrainTests/Fixtures")
    static let repository = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    /// The shipped SRTM3 tile under Andorra.
    static let sampleTile = repository.appendingPathComponent("Samples/N42E001.hgt.zip").path

    /// A fresh empty folder under the temporary directory.
    static func temporaryDirectory() -> String {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-terrain-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    /// A store holding the sample tile, imported through ``TerrainImport`` into a temporary folder.
    static func sampleStore() throws -> TerrainStore {
        let dir = temporaryDirectory()
        _ = try TerrainImport.run([(sampleTile, "N42E001.hgt.zip")], into: dir)
        return TerrainStore(directory: dir)
    }

    /// A synthetic SRTM3 tile whose sample at (row, column) is `f(row, column)`, rounded to Int16.
    static func syntheticTile(_ id: SRTMTileID, side: Int = 1201, _ f: (Int, Int) -> Int16) throws -> HGTTile {
        var data = Data(count: side * side * 2)
        data.withUnsafeMutableBytes { buf in
            for r in 0..<side {
                for c in 0..<side {
                    buf.storeBytes(of: f(r, c).bigEndian, toByteOffset: (r * side + c) * 2, as: Int16.self)
                }
            }
        }
        return try HGTTile(id: id, data: data)
    }

    struct Reference: Decodable {
        struct Height: Decodable { var latitude: Double; var longitude: Double; var metres: Double? }
        struct Route: Decodable { var name: String; var stops: [[Double]]; var points: Int; var withoutData: Int; var gain: Double; var loss: Double }
        struct Peak: Decodable { var id: Int; var name: String?; var latitude: Double; var longitude: Double; var ele: Double }
        var voidSamplesInAndorra: Int
        var heights: [Height]
        var routes: [Route]
        var peaks: [Peak]
    }

    static func reference() throws -> Reference {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("terrain-reference.json"))
        return try JSONDecoder().decode(Reference.self, from: data)
    }

    /// The value at quantile q (0…1) of sorted values, by linear interpolation between ranks.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let pos = q * Double(sorted.count - 1)
        let lo = Int(pos), hi = min(lo + 1, sorted.count - 1)
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - Double(lo))
    }
}

import Foundation
import TrailCore
import TrailTerrain

/// Paths and helpers shared by the terrain tests (TrailTerrainTests) and the `cairn dem`
/// command tests (CairnCLITests).
public enum TerrainFixtures {
    /// `Tests/`.
    public static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    /// The terrain tests' fixtures (`Tests/TrailTerrainTests/Fixtures`).
    public static let fixtures = testsDirectory.appendingPathComponent("TrailTerrainTests/Fixtures")
    /// The repository root.
    public static let repository = testsDirectory.deletingLastPathComponent()
    /// The shipped SRTM3 tile under Andorra.
    public static let sampleTile = repository.appendingPathComponent("Samples/N42E001.hgt.zip").path

    /// A fresh empty folder under the temporary directory.
    public static func temporaryDirectory() -> String {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-terrain-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }

    /// A store holding the sample tile, imported through ``TerrainImport`` into a temporary folder.
    public static func sampleStore() throws -> TerrainStore {
        let dir = temporaryDirectory()
        _ = try TerrainImport.run([(sampleTile, "N42E001.hgt.zip")], into: dir)
        return TerrainStore(directory: dir)
    }

    /// A synthetic SRTM3 tile whose sample at (row, column) is `f(row, column)`, rounded to Int16.
    public static func syntheticTile(_ id: SRTMTileID, side: Int = 1201, _ f: (Int, Int) -> Int16) throws -> HGTTile {
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

    /// `terrain-reference.json`: heights, routes and peaks measured with a reference tool.
    public struct Reference: Decodable {
        public struct Height: Decodable { public var latitude: Double; public var longitude: Double; public var metres: Double? }
        public struct Route: Decodable {
            public var name: String; public var stops: [[Double]]; public var points: Int; public var withoutData: Int
            public var gain: Double; public var loss: Double
        }
        public struct Peak: Decodable {
            public var id: Int; public var name: String?; public var latitude: Double; public var longitude: Double; public var ele: Double
        }
        public var voidSamplesInAndorra: Int
        public var heights: [Height]
        public var routes: [Route]
        public var peaks: [Peak]
    }

    /// The reference figures (`Fixtures/terrain-reference.json`).
    public static func reference() throws -> Reference {
        let data = try Data(contentsOf: fixtures.appendingPathComponent("terrain-reference.json"))
        return try JSONDecoder().decode(Reference.self, from: data)
    }

    /// The value at quantile q (0…1) of sorted values, by linear interpolation between ranks.
    public static func quantile(_ sorted: [Double], _ q: Double) -> Double {
        guard !sorted.isEmpty else { return .nan }
        let pos = q * Double(sorted.count - 1)
        let lo = Int(pos), hi = min(lo + 1, sorted.count - 1)
        return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - Double(lo))
    }
}

import Foundation
import TrailCore
import TrailTerrain

/// The tiles of a terrain folder and what each covers, as `cairn dem info` reports them
/// (`--json` encodes ``InfoJSON``): degrees, metres, bytes.
public enum TerrainTiles {
    public struct TileJSON: Encodable {
        public var name: String
        public var arcSeconds: Int
        public var samplesPerSide: Int
        public var south: Int, west: Int, north: Int, east: Int
        public var voidSamples: Int
        public var minMetres: Int?
        public var maxMetres: Int?
        public var fileBytes: Int
    }

    public struct InfoJSON: Encodable {
        public var directory: String
        public var tiles: [TileJSON]
        public var ignored: [[String]]
    }


    /// Every usable tile of `store` (name, grid, box, lowest and highest sample, voids; read
    /// in full: ``HGTTile/census()``) and the files it ignored, with why.
    public static func info(_ store: TerrainStore) -> InfoJSON {
        var tiles: [TileJSON] = []
        for id in store.tileIDs {
            guard let t = store.tile(id) else { continue }
            let c = t.census()
            tiles.append(TileJSON(name: id.name, arcSeconds: t.format.arcSeconds, samplesPerSide: t.side,
                                  south: id.latitude, west: id.longitude, north: id.latitude + 1, east: id.longitude + 1,
                                  voidSamples: c.voids, minMetres: c.minimum.map(Int.init), maxMetres: c.maximum.map(Int.init),
                                  fileBytes: t.format.byteCount))
        }
        return InfoJSON(directory: store.directory, tiles: tiles, ignored: store.ignored.map { [$0.file, $0.reason] })
    }
}

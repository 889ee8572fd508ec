import Foundation
import TrailCore
import TrailTerrain

/// Terrain heights at given positions (``TerrainStore/height(at:)``: bilinear between the four
/// SRTM samples around, voids left out), with the tile each comes from.
public enum TerrainHeights {
    /// The terrain height at one position, as `cairn dem at` reports it (`--json` encodes it).
    public struct AtJSON: Encodable {
        public var latitude: Double
        public var longitude: Double
        public var metres: Double?
        public var noData: String?
        public var reason: String?
        public var tile: String

        /// `metres` always written, null for no data (as the help says); the reasons only then.
        public func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(latitude, forKey: .latitude)
            try c.encode(longitude, forKey: .longitude)
            try c.encode(metres, forKey: .metres)
            try c.encodeIfPresent(noData, forKey: .noData)
            try c.encodeIfPresent(reason, forKey: .reason)
            try c.encode(tile, forKey: .tile)
        }
        public enum CodingKeys: String, CodingKey { case latitude, longitude, metres, noData, reason, tile }
    }


    /// The height at each of `positions` in `store`: metres rounded to the centimetre, or why
    /// there is none (no tile, all four samples void), with the tile's name (the one that
    /// would cover the position when none is imported).
    public static func at(_ positions: [Coordinate], in store: TerrainStore) -> [AtJSON] {
        positions.map { c in
            let tile = (store.sourceTile(at: c) ?? SRTMTileID.containing(latitude: c.latitude, longitude: c.longitude)).name
            switch store.height(at: c) {
            case .metres(let m):
                return AtJSON(latitude: c.latitude, longitude: c.longitude, metres: (m * 100).rounded() / 100, tile: tile)
            case .noData(let why):
                return AtJSON(latitude: c.latitude, longitude: c.longitude, metres: nil, noData: why.key, reason: why.description, tile: tile)
            }
        }
    }
}

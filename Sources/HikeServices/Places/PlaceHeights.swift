import TrailCore
import TrailTerrain

/// Terrain heights for places without one of their own (issue 15: "the terrain or tagged
/// height"): the SRTM model's at the place (bilinear, ``TerrainStore/height(at:)``), marked
/// ``Place/elevationFromTerrain``; nil terrain or no tile there leaves the place as it is.
public enum PlaceHeights {
    public static func filled(_ place: Place, _ terrain: TerrainStore?) -> Place {
        guard let terrain else { return place }
        return place.withTerrainHeight { terrain.height(at: $0).metres }
    }
}

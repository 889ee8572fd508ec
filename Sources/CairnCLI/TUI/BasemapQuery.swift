import TrailApp
import TrailMap

extension MapBasemap {
    /// Reads the features and covered areas for `viewport`'s view widened by `margin` times its
    /// size on each side (``MapBasemap/queryArea(for:margin:)``) from the map store.
    /// - Throws: the store's `SQLiteError`.
    static func load(from store: MapStore, viewport: MapViewport, margin: Double = 0.25) throws -> MapBasemap {
        let (box, z) = MapBasemap.queryArea(for: viewport, margin: margin)
        return MapBasemap(features: try store.features(in: box, zoom: z), coverageAreas: try store.coverageAreas(),
                          bounds: box, zoom: z)
    }
}

import TrailApp
import TrailMap
import TrailTerrain

extension MapBasemap {
    /// Reads the features and covered areas for `viewport`'s view widened by `margin` times its
    /// size on each side (``MapBasemap/queryArea(for:margin:)``) from the map store.
    /// - Throws: the store's `SQLiteError`.
    public static func load(from store: MapStore, viewport: MapViewport, margin: Double = 0.25) throws -> MapBasemap {
        let (box, z) = MapBasemap.queryArea(for: viewport, margin: margin)
        return MapBasemap(view: try store.viewFeatures(in: box, zoom: z), coverageAreas: try store.coverageAreas(),
                          bounds: box, zoom: z)
    }
}

extension MapBasemap {
    /// Sets ``contours`` to the terrain's contour lines over ``bounds``: marching squares on
    /// the SRTM samples (``Contours/lines(_:interval:)``, DECISIONS 122) at the interval for
    /// ``zoom`` (``Contours/interval(forZoom:)``), on every ``contourStride(zoom:)``-th sample
    /// below z11 (DECISIONS 414). Leaves them empty when the box needs more samples than
    /// ``contourSampleLimit``, below ``contourMinimumZoom`` (where 1000 m lines would fill the
    /// view) or where no tile lies under it.
    /// The most SRTM samples read for one basemap's contours (about a 1° × 1° SRTM3 box).
    public static let contourSampleLimit = 1_500_000

    public mutating func addContours(from terrain: TerrainStore) {
        contours = []
        hillshade = nil
        guard zoom >= Self.contourMinimumZoom, terrain.coverage.contains(where: { $0.intersects(bounds) }),
              let grid = HeightGrid.samples(from: terrain, covering: bounds, maxSamples: Self.contourSampleLimit,
                                            stride: Self.contourStride(zoom: zoom)) else { return }
        contours = Contours.lines(grid, interval: Contours.interval(forZoom: zoom)).map {
            ContourLayer.Line(level: $0.level, isIndex: $0.isIndex, points: $0.points)
        }
        // Hillshade from the same samples (Horn, sun 315°/45°; DECISIONS 174).
        hillshade = HillshadeRaster(rows: grid.rows, columns: grid.columns, north: grid.north, west: grid.west,
                                    spacing: grid.spacing, values: Hillshade.shades(grid))
    }
}

import Foundation
import TrailCore

extension MapStore {
    /// The view of `widthPixels` × `heightPixels` Web Mercator pixels at `zoom` that holds the
    /// most features drawn at that zoom (the benchmarks time their queries there).
    ///
    /// One pass over the R*Tree: each feature's box centre is counted in a grid of half-view
    /// cells, every window of 2 × 2 cells (one view) is summed, and the ten busiest windows are
    /// counted exactly with ``featureCount(in:zoom:)`` (a feature crossing into a view counts
    /// there too); the busiest of those wins. Linear in the number of features, whatever the
    /// zoom: a grid of view-sized queries at z16 over a country would be millions of queries.
    /// - Returns: the view's centre and its feature count, or nil for an empty store.
    /// - Throws: ``SQLiteError``.
    public func busiestView(zoom: Int, widthPixels: Double, heightPixels: Double) throws -> (center: Coordinate, features: Int)? {
        let world = 256 * pow(2, Double(zoom))
        let cellU = widthPixels / 2 / world, cellV = heightPixels / 2 / world
        var cells: [Int64: Int] = [:]
        let st = try db.prepare("SELECT min_lat, max_lat, min_lon, max_lon FROM feature_bbox WHERE min_zoom <= ?1")
        try st.bind(Int64(zoom), at: 1)
        while try st.step() {
            let c = Coordinate(latitude: (st.double(0) + st.double(1)) / 2 / FixedPoint.scale,
                               longitude: (st.double(2) + st.double(3)) / 2 / FixedPoint.scale)
            let p = WebMercator.unitPoint(c)
            cells[Self.cellKey(Int64(p.u / cellU), Int64(p.v / cellV)), default: 0] += 1
        }
        guard !cells.isEmpty else { return nil }
        // Windows of 2 × 2 cells, keyed by their top-left cell.
        var windows: [Int64: Int] = [:]
        for (key, n) in cells {
            let (x, y) = (key >> 32, key & 0xFFFF_FFFF)
            for dx: Int64 in [-1, 0] { for dy: Int64 in [-1, 0] { windows[Self.cellKey(x + dx, y + dy), default: 0] += n } }
        }
        var best: (center: Coordinate, features: Int)?
        for (key, _) in windows.sorted(by: { ($0.value, $1.key) > ($1.value, $0.key) }).prefix(10) {
            let (x, y) = (key >> 32, key & 0xFFFF_FFFF)
            let center = WebMercator.coordinate(WebMercator.UnitPoint(u: Double(x + 1) * cellU, v: Double(y + 1) * cellV))
            let box = WebMercator.viewBounds(center: center, zoom: Double(zoom), widthPixels: widthPixels, heightPixels: heightPixels)
            let n = try featureCount(in: box, zoom: zoom)
            if n > best?.features ?? -1 { best = (center, n) }
        }
        return best
    }

    private static func cellKey(_ x: Int64, _ y: Int64) -> Int64 { x << 32 | (y & 0xFFFF_FFFF) }
}

import Foundation
import TrailCore

/// A line's or area's geometry simplified for each zoom below
/// ``MapStore/simplificationMaxZoom``, computed once at import and stored in
/// `features.zoom_geometry` (one zoom-level blob per feature, ``GeometryCodec/encode(levels:)``;
/// migration "map-4-inline-zoom-geometry", before it the table `feature_zoom_geometry` of
/// "map-3-zoom-geometry"), so a map query reads the few vertices a zoom needs instead of
/// simplifying every line of the view each frame.
///
/// Zoom `z` keeps the vertices Douglas–Peucker keeps at half a pixel (one braille dot) of
/// ground resolution at `z` at the latitude of the centre of the feature's bounding box (one
/// ``DouglasPeucker/importance(of:)`` run per part serves every zoom). A level is stored only
/// when it has fewer than ``storeBelowShare`` of the vertices of the next finer stored level
/// (or of the full geometry); a query at `z` reads the coarsest stored level that is at least
/// `z`, else the full geometry. Points have no levels.
enum ZoomGeometry {
    /// A level is stored when it keeps fewer than this share of the next finer level's
    /// vertices; otherwise the finer level serves it (at most 1/0.8 = 1.25 times the vertices,
    /// all within half a pixel, so the frame looks the same).
    static let storeBelowShare = 0.8

    /// The levels to store for one feature, coarsest first.
    /// - Parameters:
    ///   - parts: the full geometry in 1e-7 degrees.
    ///   - kind: points get none.
    ///   - minZoom: the feature's minimum zoom (no level below it is ever read).
    /// - Returns: (zoom, parts) with zoom in `minZoom ..< MapStore.simplificationMaxZoom`.
    static func levels(parts: [[(Int32, Int32)]], kind: GeometryKind, minZoom: Int) -> [(zoom: Int, parts: [[(Int32, Int32)]])] {
        guard kind != .point, minZoom < MapStore.simplificationMaxZoom else { return [] }
        var minLat = Int32.max, maxLat = Int32.min
        for part in parts { for (lat, _) in part { minLat = min(minLat, lat); maxLat = max(maxLat, lat) } }
        guard minLat <= maxLat else { return [] }
        let latitude = FixedPoint.degrees(Int32((Int64(minLat) + Int64(maxLat)) / 2))
        let importance: [[Double]?] = parts.map { part in
            part.count > 2 ? DouglasPeucker.importance(of: part.map { FixedPoint.coordinate(latE7: $0.0, lonE7: $0.1) }) : nil
        }
        var finer = parts.reduce(0) { $0 + $1.count }
        var out: [(zoom: Int, parts: [[(Int32, Int32)]])] = []
        for zoom in stride(from: MapStore.simplificationMaxZoom - 1, through: max(0, minZoom), by: -1) {
            let tolerance = tolerance(latitude: latitude, zoom: zoom)
            var level: [[(Int32, Int32)]] = []
            level.reserveCapacity(parts.count)
            var count = 0
            for (part, imp) in zip(parts, importance) {
                guard let imp else { level.append(part); count += part.count; continue }
                var kept: [(Int32, Int32)] = []
                for i in part.indices where imp[i] > tolerance { kept.append(part[i]) }
                count += kept.count
                level.append(kept)
            }
            if Double(count) < storeBelowShare * Double(finer) {
                out.append((zoom, level))
                finer = count
            }
        }
        return out.reversed()
    }

    /// Half a pixel of ground resolution at `zoom` and `latitude`, in metres: the
    /// Douglas–Peucker tolerance of that zoom.
    static func tolerance(latitude: Double, zoom: Int) -> Double {
        WebMercator.groundResolution(latitude: latitude, zoom: Double(zoom)) / 2
    }
}

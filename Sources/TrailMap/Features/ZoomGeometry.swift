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

    /// ``levels(parts:kind:minZoom:)`` encoded: (zoom, ``GeometryCodec/encode(parts:)`` of the
    /// level), coarsest first, the same bytes, made without the per-level arrays of parts.
    ///
    /// The import's per-feature path (DECISIONS 1100): one importance value per vertex in one
    /// flat buffer (``DouglasPeucker/importance(ofPlanePoints:into:)``, the parts projected as
    /// ``DouglasPeucker/importance(of:)`` projects them; `.infinity` for the vertices of parts
    /// of two or fewer, which every level keeps whole). The vertices a zoom keeps are a list
    /// of indices filtered from the next finer zoom's list (a zoom's tolerance is exactly twice
    /// the next finer one's, ``tolerance(latitude:zoom:)`` being a power-of-two division, so
    /// what a zoom keeps the finer one keeps too), and only the levels that are stored are
    /// written, straight into their blobs.
    /// - Parameters: as ``levels(parts:kind:minZoom:)``.
    /// - Returns: (zoom, geometry blob) with zoom in `minZoom ..< MapStore.simplificationMaxZoom`.
    static func levelBlobs(parts: [[(Int32, Int32)]], kind: GeometryKind, minZoom: Int) -> [(zoom: Int, blob: [UInt8])] {
        guard kind != .point, minZoom < MapStore.simplificationMaxZoom else { return [] }
        var minLat = Int32.max, maxLat = Int32.min
        var total = 0, longest = 0
        for part in parts {
            total += part.count
            longest = max(longest, part.count)
            for (lat, _) in part { minLat = min(minLat, lat); maxLat = max(maxLat, lat) }
        }
        guard minLat <= maxLat else { return [] }
        let latitude = FixedPoint.degrees(Int32((Int64(minLat) + Int64(maxLat)) / 2))
        let coarsest = max(0, minZoom), finest = MapStore.simplificationMaxZoom - 1
        // No level keeps a vertex of an importance not above the finest tolerance: the
        // recursion stops there (DouglasPeucker.importance(ofPlanePoints:into:floor:)).
        let floor = tolerance(latitude: latitude, zoom: finest)
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: total) { importance in
            withUnsafeTemporaryAllocation(of: LocalPoint.self, capacity: longest) { plane in
                var start = 0
                for part in parts {
                    let n = part.count
                    let out = UnsafeMutableBufferPointer(rebasing: importance[start..<start + n])
                    if n > 2 {
                        project(part, into: plane.baseAddress!)
                        DouglasPeucker.importance(ofPlanePoints: UnsafeBufferPointer(start: plane.baseAddress, count: n), into: out,
                                                  floor: floor)
                    } else {
                        out.initialize(repeating: .infinity)
                    }
                    start += n
                }
            }
            return withUnsafeTemporaryAllocation(of: Int.self, capacity: total) { kept in
                var tolerance = floor
                var m = 0
                for k in 0..<total where importance[k] > tolerance {
                    kept[m] = k
                    m += 1
                }
                var finer = total
                var out: [(zoom: Int, blob: [UInt8])] = []
                var zoom = finest
                while true {
                    if Double(m) < storeBelowShare * Double(finer) {
                        out.append((zoom, encode(parts, kept: UnsafeBufferPointer(rebasing: kept[0..<m]))))
                        finer = m
                    }
                    if zoom == coarsest { break }
                    zoom -= 1
                    tolerance *= 2
                    var n = 0
                    for i in 0..<m where importance[kept[i]] > tolerance {
                        kept[n] = kept[i]
                        n += 1
                    }
                    m = n
                }
                return out.reversed()
            }
        }
    }

    /// The part's points in the ``LocalProjection`` tangent at the centre of their bounding box,
    /// exactly as ``DouglasPeucker/importance(of:)`` makes them from the part's coordinates
    /// (degrees `e7 / 1e7`): a box of fixed-point values converts to the same degrees as the
    /// box of the converted values, the conversion being monotonic.
    private static func project(_ part: [(Int32, Int32)], into plane: UnsafeMutablePointer<LocalPoint>) {
        var a = Int32.max, b = Int32.min, c = Int32.max, d = Int32.min
        for (lat, lon) in part { a = min(a, lat); b = max(b, lat); c = min(c, lon); d = max(d, lon) }
        let box = BoundingBox(minLatitude: FixedPoint.degrees(a), minLongitude: FixedPoint.degrees(c),
                              maxLatitude: FixedPoint.degrees(b), maxLongitude: FixedPoint.degrees(d))
        let projection = LocalProjection(origin: box.center)
        for (i, (lat, lon)) in part.enumerated() {
            (plane + i).initialize(to: projection.project(latitude: FixedPoint.degrees(lat), longitude: FixedPoint.degrees(lon)))
        }
    }

    /// ``GeometryCodec/encode(parts:)`` of the level that keeps the vertices `kept` (indices
    /// into the parts' vertices counted across parts, ascending), every part kept (as
    /// ``levels(parts:kind:minZoom:)``).
    private static func encode(_ parts: [[(Int32, Int32)]], kept: UnsafeBufferPointer<Int>) -> [UInt8] {
        GeometryCodec.written(atMost: GeometryCodec.maxVarint * (1 + parts.count + 2 * kept.count)) { out in
            out.put(UInt64(parts.count))
            var lat: Int64 = 0, lon: Int64 = 0
            var start = 0, j = 0
            for part in parts {
                let end = start + part.count
                var k = j
                while k < kept.count && kept[k] < end { k += 1 }
                out.put(UInt64(k - j))
                part.withUnsafeBufferPointer { points in
                    for i in j..<k {
                        let (a, b) = points[kept[i] - start]
                        out.put(GeometryCodec.zigzag(Int64(a) - lat))
                        out.put(GeometryCodec.zigzag(Int64(b) - lon))
                        lat = Int64(a)
                        lon = Int64(b)
                    }
                }
                j = k
                start = end
            }
        }
    }

    /// Half a pixel of ground resolution at `zoom` and `latitude`, in metres: the
    /// Douglas–Peucker tolerance of that zoom.
    static func tolerance(latitude: Double, zoom: Int) -> Double {
        WebMercator.groundResolution(latitude: latitude, zoom: Double(zoom)) / 2
    }
}

import Foundation
import TrailCore
import TrailSQLite

extension MapStore {
    /// The rectangles data has been imported for (each file's `<bounds>`, or its node extent
    /// when it had none), in degrees, oldest first, without duplicates.
    public func coverageAreas() throws -> [BoundingBox] {
        try db.query("SELECT min_lat, min_lon, max_lat, max_lon FROM coverage_areas ORDER BY id") {
            BoundingBox(minLatitude: $0.double(0), minLongitude: $0.double(1), maxLatitude: $0.double(2), maxLongitude: $0.double(3))
        }
    }

    private func coverageAreas(intersecting box: BoundingBox) throws -> [BoundingBox] {
        try db.query("""
            SELECT min_lat, min_lon, max_lat, max_lon FROM coverage_areas
            WHERE max_lat >= ? AND min_lat <= ? AND max_lon >= ? AND min_lon <= ?
            """, [.real(box.minLatitude), .real(box.maxLatitude), .real(box.minLongitude), .real(box.maxLongitude)]) {
            BoundingBox(minLatitude: $0.double(0), minLongitude: $0.double(1), maxLatitude: $0.double(2), maxLongitude: $0.double(3))
        }
    }

    /// The share (0…1) of a box's Web Mercator area that lies inside imported data: 0 means
    /// "no data here", 1 means every part of it was covered by an import (so an empty spot is
    /// "nothing mapped here").
    ///
    /// Computed exactly from the stored coverage rectangles (their union, by coordinate
    /// compression), not from the coarser tile table.
    public func coverage(for box: BoundingBox) throws -> Double {
        CoverageMath.coveredFraction(of: box, by: try coverageAreas(intersecting: box))
    }

    /// True when the coordinate lies inside (or on the edge of) a coverage rectangle.
    public func isCovered(_ c: Coordinate) throws -> Bool {
        !(try coverageAreas(intersecting: BoundingBox(c))).isEmpty
    }

    /// The recorded coverage tiles at ``coverageZoom`` that a box touches, with the covered
    /// share of each tile (1 inside the data, less along its edges).
    public func coverageTiles(in box: BoundingBox) throws -> [(tile: SlippyTile, fraction: Double)] {
        let r = SlippyTile.range(covering: box, zoom: Self.coverageZoom)
        return try db.query("""
            SELECT x, y, fraction FROM coverage_tiles WHERE z = ? AND x BETWEEN ? AND ? AND y BETWEEN ? AND ?
            ORDER BY y, x
            """, [.integer(Int64(Self.coverageZoom)), .integer(Int64(r.x.lowerBound)), .integer(Int64(r.x.upperBound)),
                  .integer(Int64(r.y.lowerBound)), .integer(Int64(r.y.upperBound))]) {
            (SlippyTile(z: Self.coverageZoom, x: $0.int(0), y: $0.int(1)), $0.double(2))
        }
    }

    /// Number of coverage tiles recorded (any share > 0).
    public func coverageTileCount() throws -> Int {
        Int(try db.scalar("SELECT count(*) FROM coverage_tiles")?.integer ?? 0)
    }
}

/// Area of unions of rectangles, in the Web Mercator plane (so shares match what a map shows).
enum CoverageMath {
    /// The share of `box` covered by the union of `areas` (0 for an empty box).
    ///
    /// Coordinate compression: the rectangles' edges cut `box` into a grid of cells; a cell is
    /// covered when its centre lies in some rectangle. O(n³) for n rectangles, which stays
    /// small (one or a few per import).
    static func coveredFraction(of box: BoundingBox, by areas: [BoundingBox]) -> Double {
        func unit(_ lat: Double, _ lon: Double) -> (Double, Double) {
            let p = WebMercator.unitPoint(Coordinate(latitude: lat, longitude: lon))
            return (p.u, p.v)
        }
        let (bx0, by1) = unit(box.minLatitude, box.minLongitude)
        let (bx1, by0) = unit(box.maxLatitude, box.maxLongitude)
        let total = (bx1 - bx0) * (by1 - by0)
        guard total > 0 else {
            return areas.contains { $0.contains(box.center) } ? 1 : 0
        }
        var rects: [(Double, Double, Double, Double)] = []
        for a in areas {
            var (x0, y1) = unit(a.minLatitude, a.minLongitude)
            var (x1, y0) = unit(a.maxLatitude, a.maxLongitude)
            x0 = max(x0, bx0); x1 = min(x1, bx1); y0 = max(y0, by0); y1 = min(y1, by1)
            if x1 > x0 && y1 > y0 { rects.append((x0, x1, y0, y1)) }
        }
        guard !rects.isEmpty else { return 0 }
        let xs = Array(Set(rects.flatMap { [$0.0, $0.1] } + [bx0, bx1])).sorted()
        let ys = Array(Set(rects.flatMap { [$0.2, $0.3] } + [by0, by1])).sorted()
        var covered = 0.0
        for i in 0..<(xs.count - 1) {
            let cx = (xs[i] + xs[i + 1]) / 2
            for j in 0..<(ys.count - 1) {
                let cy = (ys[j] + ys[j + 1]) / 2
                if rects.contains(where: { cx >= $0.0 && cx <= $0.1 && cy >= $0.2 && cy <= $0.3 }) {
                    covered += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j])
                }
            }
        }
        return min(1, covered / total)
    }
}

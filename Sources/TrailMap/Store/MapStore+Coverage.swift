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

    /// The tiles at ``coverageZoom`` that a box touches and imported data reaches, row by row
    /// from the north-west, with the covered share of each tile (1 inside the data, less along
    /// its edges; tiles with share 0 are left out).
    ///
    /// Computed from the coverage rectangles when asked (one query, then ``coverage(for:)``'s
    /// arithmetic per tile of `box`), not read from a table an import fills: filling one row
    /// per tile made an import's cost grow with the area its nodes span, 7.9 s for one
    /// fuzzed way 4,000 km long and hours for a file with nodes at both poles (DECISIONS 242).
    /// The work grows with the tiles of `box`, which the caller chooses.
    public func coverageTiles(in box: BoundingBox) throws -> [(tile: SlippyTile, fraction: Double)] {
        let areas = try coverageAreas(intersecting: box)
        guard !areas.isEmpty else { return [] }
        let n = SlippyTile.tilesPerSide(zoom: Self.coverageZoom)
        let r = SlippyTile.range(covering: box, zoom: Self.coverageZoom)
        // Only the part of `box`'s tile range that some rectangle reaches.
        let reach = areas.compactMap { CoverageMath.tileRange(of: $0, tilesPerSide: n) }
        var out: [(tile: SlippyTile, fraction: Double)] = []
        for y in r.y where reach.contains(where: { $0.y.contains(y) }) {
            for x in r.x where reach.contains(where: { $0.x.contains(x) && $0.y.contains(y) }) {
                let tile = SlippyTile(z: Self.coverageZoom, x: x, y: y)
                let fraction = CoverageMath.coveredFraction(of: tile.bounds, by: areas)
                if fraction > 0 { out.append((tile, fraction)) }
            }
        }
        return out
    }

    /// Number of tiles at ``coverageZoom`` that imported data reaches (any share > 0): the
    /// size of the union of the rectangles' tile ranges, counted by coordinate compression,
    /// so the cost grows with the number of rectangles, not with their area.
    public func coverageTileCount() throws -> Int {
        let n = SlippyTile.tilesPerSide(zoom: Self.coverageZoom)
        return CoverageMath.unionSize(try coverageAreas().compactMap { CoverageMath.tileRange(of: $0, tilesPerSide: n) })
    }
}

/// Area of unions of rectangles, in the Web Mercator plane (so shares match what a map shows).
enum CoverageMath {
    /// The tiles (columns `x`, rows `y`, of `tilesPerSide` per side) whose area overlaps the
    /// area of `box` (touching an edge is not overlapping); nil for a box of no area.
    static func tileRange(of box: BoundingBox, tilesPerSide n: Int) -> (x: ClosedRange<Int>, y: ClosedRange<Int>)? {
        let nw = WebMercator.unitPoint(Coordinate(latitude: box.maxLatitude, longitude: box.minLongitude))
        let se = WebMercator.unitPoint(Coordinate(latitude: box.minLatitude, longitude: box.maxLongitude))
        guard nw.u.isFinite, nw.v.isFinite, se.u.isFinite, se.v.isFinite, se.u > nw.u, se.v > nw.v else { return nil }
        let side = Double(n)
        func first(_ t: Double) -> Int { Int(Swift.min(Swift.max((t * side).rounded(.down), 0), side - 1)) }
        func last(_ t: Double) -> Int { Int(Swift.min(Swift.max((t * side).rounded(.up) - 1, 0), side - 1)) }
        let x0 = first(nw.u), x1 = last(se.u), y0 = first(nw.v), y1 = last(se.v)
        guard x1 >= x0, y1 >= y0 else { return nil }
        return (x0...x1, y0...y1)
    }

    /// The number of integer cells in the union of `ranges` (coordinate compression: the
    /// ranges' ends cut the plane into blocks, each counted once when some range holds it).
    /// O(n³) for n ranges.
    static func unionSize(_ ranges: [(x: ClosedRange<Int>, y: ClosedRange<Int>)]) -> Int {
        let xs = Array(Set(ranges.flatMap { [$0.x.lowerBound, $0.x.upperBound + 1] })).sorted()
        let ys = Array(Set(ranges.flatMap { [$0.y.lowerBound, $0.y.upperBound + 1] })).sorted()
        guard xs.count > 1, ys.count > 1 else { return 0 }
        var count = 0
        for i in 0..<(xs.count - 1) {
            for j in 0..<(ys.count - 1) where ranges.contains(where: { $0.x.contains(xs[i]) && $0.y.contains(ys[j]) }) {
                count += (xs[i + 1] - xs[i]) * (ys[j + 1] - ys[j])
            }
        }
        return count
    }

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

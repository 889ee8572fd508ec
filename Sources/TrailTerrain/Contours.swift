import Foundation
import TrailCore

/// One contour line: the points where the terrain crosses `level`.
public struct ContourLine: Sendable, Hashable {
    /// Metres.
    public var level: Double
    /// True for every fifth line (level a multiple of 5 × the interval): drawn stronger.
    public var isIndex: Bool
    /// The line, in order; first == last when closed.
    public var points: [Coordinate]
    public var isClosed: Bool { points.count > 2 && points.first == points.last }
}

/// Contour lines from a height grid by marching squares (W. E. Lorensen and H. E. Cline,
/// "Marching cubes", SIGGRAPH 1987, in two dimensions).
///
/// Rule: a sample is "in" when its height ≥ the level. Each grid cell whose four samples all
/// have data (cells touching a NaN are skipped: no line through missing terrain) gets 0, 1 or
/// 2 segments between crossing points on its edges, each crossing placed by linear
/// interpolation along the edge, t = (level − a) / (b − a). The two saddle cases (in-corners
/// diagonal) are decided by the cell's mean: mean ≥ level joins the "in" corners. Segments
/// are chained into polylines through their shared edge crossings, so a line crossing many
/// cells is one polyline, closed when it returns to its start.
public enum Contours {
    /// The contour interval for a slippy-map zoom: 20 m from z15, 50 m at z14, 100 m at z13,
    /// 200 m at z12 and z11, 500 m at z10, 1000 m at z9 and below (about one line per 3-6
    /// braille dots on Alpine slopes; DECISIONS 414).
    public static func interval(forZoom zoom: Int) -> Double {
        switch zoom {
        case 15...: return 20
        case 14: return 50
        case 13: return 100
        case 11...12: return 200
        case 10: return 500
        default: return 1000
        }
    }

    /// All lines of `grid` at multiples of `interval` (metres, > 0); every fifth is an index line.
    public static func lines(_ grid: HeightGrid, interval: Double) -> [ContourLine] {
        guard interval > 0, grid.rows > 1, grid.columns > 1 else { return [] }
        var lo = Double.infinity, hi = -Double.infinity
        for v in grid.values where !v.isNaN { lo = min(lo, v); hi = max(hi, v) }
        guard lo <= hi else { return [] }
        var out: [ContourLine] = []
        var scratch = Scratch(edges: 2 * grid.rows * grid.columns)
        var level = (lo / interval).rounded(.up) * interval
        while level <= hi {
            let isIndex = (level / (interval * 5)).rounded() * interval * 5 == level
            for pts in polylines(grid, level: level, scratch: &scratch) {
                out.append(ContourLine(level: level, isIndex: isIndex, points: pts))
            }
            level += interval
        }
        return out
    }

    /// The polylines of one level, in grid order.
    public static func polylines(_ grid: HeightGrid, level: Double) -> [[Coordinate]] {
        var scratch = Scratch(edges: 2 * grid.rows * grid.columns)
        return polylines(grid, level: level, scratch: &scratch)
    }

    /// Per-edge buffers reused from level to level: the (up to two) segments meeting at each
    /// edge crossing, and the crossing's position. Only touched entries are reset.
    struct Scratch {
        var first: [Int32]
        var second: [Int32]
        var point: [Coordinate]
        var touched: [Int] = []
        init(edges: Int) {
            first = [Int32](repeating: -1, count: edges)
            second = [Int32](repeating: -1, count: edges)
            point = [Coordinate](repeating: Coordinate(latitude: 0, longitude: 0), count: edges)
        }
    }

    static func polylines(_ grid: HeightGrid, level: Double, scratch s: inout Scratch) -> [[Coordinate]] {
        let cols = grid.columns
        // Edge ids: horizontal edge (r, c)→(r, c+1) is 2·(r·cols + c), vertical (r, c)→(r+1, c) is 2·(r·cols + c) + 1.
        var segA: [Int] = [], segB: [Int] = []
        @inline(__always) func cross(_ edge: Int, _ r: Int, _ c: Int, _ vertical: Bool, _ a: Double, _ b: Double) -> Int {
            if s.first[edge] < 0 {
                let t = (level - a) / (b - a)
                s.point[edge] = vertical ? grid.coordinate(row: Double(r) + t, column: Double(c))
                                         : grid.coordinate(row: Double(r), column: Double(c) + t)
            }
            return edge
        }
        @inline(__always) func add(_ a: Int, _ b: Int) {
            let i = Int32(segA.count)
            segA.append(a); segB.append(b)
            for e in [a, b] {
                if s.first[e] < 0 { s.first[e] = i; s.touched.append(e) } else { s.second[e] = i }
            }
        }
        grid.values.withUnsafeBufferPointer { v in
            for r in 0..<(grid.rows - 1) {
                let row = r * cols
                for c in 0..<(cols - 1) {
                    let tl = v[row + c], tr = v[row + c + 1], bl = v[row + cols + c], br = v[row + cols + c + 1]
                    let mask = (tl >= level ? 8 : 0) | (tr >= level ? 4 : 0) | (br >= level ? 2 : 0) | (bl >= level ? 1 : 0)
                    if mask == 0 || mask == 15 { continue }
                    if tl.isNaN || tr.isNaN || bl.isNaN || br.isNaN { continue }
                    let base = 2 * (row + c)
                    // Edges of the cell: top, right, bottom, left.
                    let top = base, left = base + 1, bottom = 2 * (row + cols + c), right = 2 * (row + c + 1) + 1
                    func T() -> Int { cross(top, r, c, false, tl, tr) }
                    func B() -> Int { cross(bottom, r + 1, c, false, bl, br) }
                    func L() -> Int { cross(left, r, c, true, tl, bl) }
                    func R() -> Int { cross(right, r, c + 1, true, tr, br) }
                    switch mask {
                    case 1, 14: add(L(), B())
                    case 2, 13: add(B(), R())
                    case 3, 12: add(L(), R())
                    case 4, 11: add(T(), R())
                    case 6, 9: add(T(), B())
                    case 7, 8: add(L(), T())
                    case 5, 10:
                        // mask 5: tr and bl in; mask 10: tl and br in. The cell's mean decides.
                        let centreIn = (tl + tr + bl + br) / 4 >= level
                        if (mask == 5) == centreIn { add(L(), T()); add(B(), R()) } else { add(L(), B()); add(T(), R()) }
                    default: break
                    }
                }
            }
        }
        // Chain: open lines start at a crossing used by one segment, then closed loops.
        var used = [Bool](repeating: false, count: segA.count)
        var out: [[Coordinate]] = []
        func other(_ seg: Int, _ e: Int) -> Int { segA[seg] == e ? segB[seg] : segA[seg] }
        func nextSegment(at e: Int) -> Int? {
            let a = Int(s.first[e]), b = Int(s.second[e])
            if a >= 0 && !used[a] { return a }
            if b >= 0 && !used[b] { return b }
            return nil
        }
        func walk(from start: Int) {
            var e = start
            var line: [Coordinate] = [s.point[e]]
            while let seg = nextSegment(at: e) {
                used[seg] = true
                e = other(seg, e)
                line.append(s.point[e])
            }
            out.append(line)
        }
        for e in s.touched where s.second[e] < 0 && !used[Int(s.first[e])] { walk(from: e) }
        for i in 0..<segA.count where !used[i] { walk(from: segA[i]) }
        for e in s.touched { s.first[e] = -1; s.second[e] = -1 }
        s.touched.removeAll(keepingCapacity: true)
        return out
    }

    /// Where to write a height label: the middle point of each index line at least
    /// `minimumPoints` long (text "2400").
    public static func labels(_ lines: [ContourLine], minimumPoints: Int = 8) -> [(text: String, at: Coordinate)] {
        lines.filter { $0.isIndex && $0.points.count >= minimumPoints }.map { l in
            (String(Int(l.level.rounded())), l.points[l.points.count / 2])
        }
    }
}

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
    /// 200 m at z12 and below (about one line per 3-6 braille dots on Alpine slopes).
    public static func interval(forZoom zoom: Int) -> Double {
        switch zoom {
        case 15...: return 20
        case 14: return 50
        case 13: return 100
        default: return 200
        }
    }

    /// All lines of `grid` at multiples of `interval` (metres, > 0); every fifth is an index line.
    public static func lines(_ grid: HeightGrid, interval: Double) -> [ContourLine] {
        guard interval > 0, grid.rows > 1, grid.columns > 1 else { return [] }
        var lo = Double.infinity, hi = -Double.infinity
        for v in grid.values where !v.isNaN { lo = min(lo, v); hi = max(hi, v) }
        guard lo <= hi else { return [] }
        var out: [ContourLine] = []
        var level = (lo / interval).rounded(.up) * interval
        while level <= hi {
            let isIndex = (level / (interval * 5)).rounded() * interval * 5 == level
            for pts in polylines(grid, level: level) { out.append(ContourLine(level: level, isIndex: isIndex, points: pts)) }
            level += interval
        }
        return out
    }

    /// The polylines of one level, in grid order.
    public static func polylines(_ grid: HeightGrid, level: Double) -> [[Coordinate]] {
        let cols = grid.columns
        // Edge ids: horizontal edge (r, c)→(r, c+1) is 2·(r·cols + c), vertical (r, c)→(r+1, c) is 2·(r·cols + c) + 1.
        var segments: [(Int, Int)] = []
        var points: [Int: Coordinate] = [:]
        func crossing(_ edge: Int, _ r: Int, _ c: Int, vertical: Bool, _ a: Double, _ b: Double) -> Int {
            if points[edge] == nil {
                let t = (level - a) / (b - a)
                points[edge] = vertical ? grid.coordinate(row: Double(r) + t, column: Double(c))
                                        : grid.coordinate(row: Double(r), column: Double(c) + t)
            }
            return edge
        }
        for r in 0..<(grid.rows - 1) {
            for c in 0..<(cols - 1) {
                let tl = grid.value(r, c), tr = grid.value(r, c + 1), bl = grid.value(r + 1, c), br = grid.value(r + 1, c + 1)
                if tl.isNaN || tr.isNaN || bl.isNaN || br.isNaN { continue }
                let mask = (tl >= level ? 8 : 0) | (tr >= level ? 4 : 0) | (br >= level ? 2 : 0) | (bl >= level ? 1 : 0)
                if mask == 0 || mask == 15 { continue }
                let base = 2 * (r * cols + c)
                // Edges of the cell: top, right, bottom, left.
                let top = { crossing(base, r, c, vertical: false, tl, tr) }
                let bottom = { crossing(2 * ((r + 1) * cols + c), r + 1, c, vertical: false, bl, br) }
                let left = { crossing(base + 1, r, c, vertical: true, tl, bl) }
                let right = { crossing(2 * (r * cols + c + 1) + 1, r, c + 1, vertical: true, tr, br) }
                switch mask {
                case 1, 14: segments.append((left(), bottom()))
                case 2, 13: segments.append((bottom(), right()))
                case 3, 12: segments.append((left(), right()))
                case 4, 11: segments.append((top(), right()))
                case 6, 9: segments.append((top(), bottom()))
                case 7, 8: segments.append((left(), top()))
                case 5, 10:
                    let centreIn = (tl + tr + bl + br) / 4 >= level
                    // mask 5: tr and bl in; mask 10: tl and br in.
                    if (mask == 5) == centreIn {
                        segments.append((left(), top())); segments.append((bottom(), right()))
                    } else {
                        segments.append((left(), bottom())); segments.append((top(), right()))
                    }
                default: break
                }
            }
        }
        return chain(segments).map { $0.map { points[$0]! } }
    }

    /// Joins segments sharing an end into polylines (each edge crossing joins at most two).
    static func chain(_ segments: [(Int, Int)]) -> [[Int]] {
        var byPoint: [Int: [Int]] = [:]
        for (i, s) in segments.enumerated() { byPoint[s.0, default: []].append(i); byPoint[s.1, default: []].append(i) }
        var used = [Bool](repeating: false, count: segments.count)
        var out: [[Int]] = []
        func next(from p: Int) -> (Int, Int)? {
            for i in byPoint[p] ?? [] where !used[i] {
                used[i] = true
                return (i, segments[i].0 == p ? segments[i].1 : segments[i].0)
            }
            return nil
        }
        // Open lines first start at an end used once, then closed loops anywhere.
        let order = (0..<segments.count).sorted { a, b in
            let ea = min(byPoint[segments[a].0]!.count, byPoint[segments[a].1]!.count)
            let eb = min(byPoint[segments[b].0]!.count, byPoint[segments[b].1]!.count)
            return (ea, a) < (eb, b)
        }
        for start in order where !used[start] {
            used[start] = true
            var (a, b) = segments[start]
            if byPoint[b]!.count == 1 { swap(&a, &b) }   // walk away from a dead end
            var line = [a, b]
            while let (_, p) = next(from: line[line.count - 1]) { line.append(p) }
            if line.first != line.last {
                var back: [Int] = []
                var p = line[0]
                while let (_, q) = next(from: p) { back.append(q); p = q }
                line = back.reversed() + line
            }
            out.append(line)
        }
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

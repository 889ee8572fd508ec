/// Clips a segment to an axis-aligned rectangle with the Liang–Barsky algorithm
/// (Y.-D. Liang and B. A. Barsky, "A new concept and method for line clipping",
/// ACM Transactions on Graphics 3(1), 1984).
///
/// Constant time whatever the segment's length, so a line running far off the canvas costs
/// nothing more than a short one.
enum LineClipper {
    /// The part of segment `a`–`b` inside `[minX, maxX] x [minY, maxY]`, or nil when none of
    /// it is (or a coordinate is not finite).
    static func clip(_ a: DotPoint, _ b: DotPoint, minX: Double, minY: Double, maxX: Double, maxY: Double) -> (DotPoint, DotPoint)? {
        guard a.x.isFinite, a.y.isFinite, b.x.isFinite, b.y.isFinite else { return nil }
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        // p·t ≤ q for each edge: left, right, top, bottom. False when the segment misses.
        @inline(__always) func edge(_ p: Double, _ q: Double) -> Bool {
            if p == 0 { return q >= 0 }  // parallel to this edge: inside or not
            let r = q / p
            if p < 0 {
                if r > t1 { return false }
                if r > t0 { t0 = r }
            } else {
                if r < t0 { return false }
                if r < t1 { t1 = r }
            }
            return true
        }
        guard edge(-dx, a.x - minX), edge(dx, maxX - a.x), edge(-dy, a.y - minY), edge(dy, maxY - a.y) else { return nil }
        return (DotPoint(x: a.x + t0 * dx, y: a.y + t0 * dy), DotPoint(x: a.x + t1 * dx, y: a.y + t1 * dy))
    }
}

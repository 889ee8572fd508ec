import Foundation

extension DouglasPeucker {
    /// For every vertex, the largest tolerance at which ``keptIndices(of:tolerance:)`` still
    /// keeps it: `keptIndices(of: c, tolerance: t)` is exactly the indices `i` with
    /// `importance(of: c)[i] > t` (end points are `.infinity`), for every `t ≥ 0`.
    ///
    /// Method: the same recursion as ``keptIndices(of:tolerance:)`` run to the end (the vertex
    /// it splits at does not depend on the tolerance, only whether it splits), with each split
    /// vertex given the smaller of its distance and its parent split's importance, since a
    /// split happens only when every split above it happened. One run serves every zoom level,
    /// which is how the map import stores a line simplified for each zoom.
    /// - Parameter coordinates: the line.
    /// - Returns: one value in metres per vertex (`[]` for an empty input); vertices that no
    ///   tolerance keeps (exact duplicates of their segment) get 0.
    public static func importance(of coordinates: [Coordinate]) -> [Double] {
        let n = coordinates.count
        if n <= 2 { return [Double](repeating: .infinity, count: n) }
        guard let box = BoundingBox(covering: coordinates) else { return [] }
        let projection = LocalProjection(origin: box.center)
        let points = coordinates.map(projection.project)
        return [Double](unsafeUninitializedCapacity: n) { out, initialized in
            points.withUnsafeBufferPointer { importance(ofPlanePoints: $0, into: out) }
            initialized = n
        }
    }

    /// ``importance(of:)`` of a line already projected into the plane of the
    /// ``LocalProjection`` tangent at the centre of its bounding box (as ``importance(of:)``
    /// projects it), written into `out`: the same values, without allocating (the map import
    /// runs it once per line and part, DECISIONS 1100), except that values not above `floor`
    /// are 0.
    ///
    /// With a floor the recursion stops at a range whose farthest vertex is not farther than
    /// `floor` (DECISIONS 1104): every vertex inside it has an importance of at most that
    /// distance, and a vertex outside such ranges keeps its value, which is above `floor`
    /// (its distance and every split's above it are). So `out[i]` is `importance(of:)[i]` when
    /// that is above `floor`, else 0, and thresholding `out` at any tolerance `t ≥ floor` keeps
    /// what ``keptIndices(of:tolerance:)`` keeps.
    /// - Parameters:
    ///   - points: the projected line, metres.
    ///   - out: as many values as `points` (every one is written).
    ///   - floor: metres, ≥ 0; 0 (the default) gives every value.
    public static func importance(ofPlanePoints points: UnsafeBufferPointer<LocalPoint>, into out: UnsafeMutableBufferPointer<Double>,
                                  floor: Double = 0) {
        let n = points.count
        precondition(out.count == n, "DouglasPeucker.importance: \(out.count) values for \(n) points")
        if n <= 2 {
            for i in 0..<n { out[i] = .infinity }
            return
        }
        guard let p = points.baseAddress, let imp = out.baseAddress else { return }
        imp.initialize(repeating: 0, count: n)
        imp[0] = .infinity
        imp[n - 1] = .infinity
        // The explicit stack of ``keptIndices(of:tolerance:)``: each split pops one range and
        // pushes two, and a range is split only at a vertex strictly inside it, so it never
        // holds more than n entries.
        withUnsafeTemporaryAllocation(of: (first: Int, last: Int, bound: Double).self, capacity: n) { stack in
            guard let s = stack.baseAddress else { return }
            s[0] = (0, n - 1, .infinity)
            var top = 1
            while top > 0 {
                top -= 1
                let (first, last, bound) = s[top]
                guard last - first > 1 else { continue }
                var farthest = -1
                var maxDistance = -1.0
                // The distance of ``LocalProjection/closestPointOnSegment(_:_:_:)``, the same
                // operations in the same order, its square root taken only for a square above
                // the largest so far: the square root never decreases, so a smaller square never
                // gives a larger distance, and the first vertex of the largest distance is
                // still the one chosen (an equal distance does not replace it).
                var maxSquare = -1.0
                let a = p[first], b = p[last]
                let dx = b.x - a.x, dy = b.y - a.y
                let len2 = dx * dx + dy * dy
                for i in (first + 1)..<last {
                    let q = p[i]
                    var t = 0.0
                    if len2 > 0 {
                        t = ((q.x - a.x) * dx + (q.y - a.y) * dy) / len2
                        t = t < 0 ? 0 : (t > 1 ? 1 : t)
                    }
                    let qx = a.x + t * dx - q.x, qy = a.y + t * dy - q.y
                    let square = qx * qx + qy * qy
                    if square > maxSquare {
                        maxSquare = square
                        let d = square.squareRoot()
                        if d > maxDistance { maxDistance = d; farthest = i }
                    }
                }
                // keptIndices splits when maxDistance > tolerance, and never for a distance of 0
                // (nor, here, for one not above the floor).
                guard maxDistance > max(0, floor) else { continue }
                let value = min(maxDistance, bound)
                imp[farthest] = value
                s[top] = (farthest, last, value)
                s[top + 1] = (first, farthest, value)
                top += 2
            }
        }
    }
}

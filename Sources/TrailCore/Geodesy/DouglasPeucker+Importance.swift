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
        var importance = [Double](repeating: 0, count: n)
        importance[0] = .infinity
        importance[n - 1] = .infinity
        var stack: [(Int, Int, Double)] = [(0, n - 1, .infinity)]
        while let (first, last, bound) = stack.popLast() {
            guard last - first > 1 else { continue }
            var farthest = -1
            var maxDistance = -1.0
            for i in (first + 1)..<last {
                let d = abs(LocalProjection.closestPointOnSegment(points[i], points[first], points[last]).signedDistance)
                if d > maxDistance { maxDistance = d; farthest = i }
            }
            // keptIndices splits when maxDistance > tolerance, and never for a distance of 0.
            guard maxDistance > 0 else { continue }
            let value = min(maxDistance, bound)
            importance[farthest] = value
            stack.append((farthest, last, value))
            stack.append((first, farthest, value))
        }
        return importance
    }
}

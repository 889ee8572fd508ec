import Foundation

/// Douglas–Peucker line simplification with a tolerance in metres.
///
/// Method: D. H. Douglas and T. K. Peucker, "Algorithms for the reduction of the number of
/// points required to represent a digitized line or its caricature", The Canadian
/// Cartographer 10 (2), 1973, pp. 112–122. Keep the end points; find the vertex farthest from
/// the segment joining them; if it is farther than the tolerance keep it and recurse on both
/// halves. Here the recursion is an explicit stack (a million points cannot overflow the call
/// stack), and distances are to the *segment* rather than the infinite line, so closed loops
/// (first point == last point) simplify correctly.
///
/// Distances are measured in one ``LocalProjection`` tangent at the centre of the bounding box;
/// the relative error of that projection (≈ |tan φ| · r / R, 0.16 % for a 10 km radius at 45°,
/// see ``LocalProjection``) applies to the tolerance, i.e. millimetres for metre tolerances.
public enum DouglasPeucker {
    /// Indices of the vertices to keep, ascending; always includes the first and last index.
    /// - Parameters:
    ///   - coordinates: the line.
    ///   - tolerance: maximum distance in metres between the dropped vertices and the simplified
    ///     line; ≤ 0 keeps every vertex that is not an exact duplicate of its segment.
    /// - Returns: `[]` for an empty input, `[0]` for one vertex.
    public static func keptIndices(of coordinates: [Coordinate], tolerance: Double) -> [Int] {
        let n = coordinates.count
        if n <= 2 { return Array(0..<n) }
        guard let box = BoundingBox(covering: coordinates) else { return [] }
        let projection = LocalProjection(origin: box.center)
        let points = coordinates.map(projection.project)
        var keep = [Bool](repeating: false, count: n)
        keep[0] = true
        keep[n - 1] = true
        var stack: [(Int, Int)] = [(0, n - 1)]
        while let (first, last) = stack.popLast() {
            guard last - first > 1 else { continue }
            var farthest = -1
            var maxDistance = -1.0
            for i in (first + 1)..<last {
                let d = abs(LocalProjection.closestPointOnSegment(points[i], points[first], points[last]).signedDistance)
                if d > maxDistance { maxDistance = d; farthest = i }
            }
            if maxDistance > tolerance {
                keep[farthest] = true
                stack.append((farthest, last))
                stack.append((first, farthest))
            }
        }
        return keep.indices.filter { keep[$0] }
    }

    /// The simplified line: the vertices of ``keptIndices(of:tolerance:)``.
    public static func simplify(_ coordinates: [Coordinate], tolerance: Double) -> [Coordinate] {
        keptIndices(of: coordinates, tolerance: tolerance).map { coordinates[$0] }
    }
}

import Foundation

/// The line a hiker follows: a saved hike's track or route, as one polyline with elevations.
///
/// A track with several segments is joined into one line: the gap between two segments
/// becomes a straight stretch of the route, since the hiker has to cross it too.
public struct FollowRoute: Hashable, Sendable {
    /// The line with its cumulative geodesic distances.
    public let polyline: Polyline
    /// Elevation per vertex in metres (nil where the source had none); same count as the
    /// polyline's coordinates.
    public let elevations: [Double?]

    /// A route through `points` (elevations kept, times ignored).
    public init(points: [Trackpoint]) {
        polyline = Polyline(coordinates: points.map(\.coordinate))
        elevations = points.map(\.elevation)
    }

    /// A route through `coordinates`, with optional per-vertex elevations.
    public init(coordinates: [Coordinate], elevations: [Double?]? = nil) {
        polyline = Polyline(coordinates: coordinates)
        self.elevations = elevations ?? Array(repeating: nil, count: coordinates.count)
    }

    /// All segments of `track` joined in order.
    public init(track: Track) {
        self.init(points: track.segments.flatMap(\.points))
    }

    /// Total length, metres.
    public var length: Double { polyline.length }

    /// The vertices from `distance` metres along to the end, starting with the interpolated
    /// point at `distance` (elevation interpolated between its vertices when both have one).
    public func remainingPoints(from distance: Double) -> [Trackpoint] {
        guard let p = polyline.position(atDistance: distance) else { return [] }
        let coords = polyline.coordinates
        var out = [Trackpoint(p.coordinate, elevation: elevation(at: p))]
        var i = p.segmentIndex + 1
        if p.fraction >= 1 { i += 1 }
        while i < coords.count {
            out.append(Trackpoint(coords[i], elevation: elevations[i]))
            i += 1
        }
        return out
    }

    /// The route between two distances along it (metres), ends interpolated (with elevations):
    /// the part already walked, for the hiker's ratio to the hiking rule. Empty when `to <= from`.
    public func points(from a: Double, to b: Double) -> [Trackpoint] {
        guard b > a, let p = polyline.position(atDistance: a), let q = polyline.position(atDistance: b) else { return [] }
        let coords = polyline.coordinates
        var out = [Trackpoint(p.coordinate, elevation: elevation(at: p))]
        var i = p.segmentIndex + 1
        if p.fraction >= 1 { i += 1 }
        // Vertices after p up to q's segment start (at fraction 0 that vertex is q itself).
        while i <= q.segmentIndex && i < coords.count {
            out.append(Trackpoint(coords[i], elevation: elevations[i]))
            i += 1
        }
        if q.fraction > 0 || out.count == 1 { out.append(Trackpoint(q.coordinate, elevation: elevation(at: q))) }
        return out
    }

    /// The elevation at a position on the route, metres: interpolated linearly between the
    /// segment's two vertices when both have one (the vertex's own at fraction 0 or 1), else nil.
    public func elevation(at p: PolylinePosition) -> Double? {
        let i = p.segmentIndex
        guard i + 1 < elevations.count else { return elevations.indices.contains(i) ? elevations[i] : nil }
        if p.fraction <= 0 { return elevations[i] }
        if p.fraction >= 1 { return elevations[i + 1] }
        guard let a = elevations[i], let b = elevations[i + 1] else { return nil }
        return a + p.fraction * (b - a)
    }
}

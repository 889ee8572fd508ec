import Foundation

/// Where points lie against a trail: the nearest point of the trail's line to each, its
/// distance along the trail and the distance off it. Built once per trail, asked many times
/// (the Places search asks it for every candidate the map store has around the hike).
///
/// The trail is a flattened track: its points in order, with the elevation profile's distances
/// along (``ElevationProfile``: geodesic, gaps between segments not counted) and the indices
/// where segments start (the gap before such a point is not part of the line).
///
/// Method: segments are grouped in blocks of ``blockSize`` with a bounding box each; a query
/// looks only at blocks, then segments, whose box widened by the search radius holds the
/// point, finds the closest point of each such segment in a ``LocalProjection`` tangent at the
/// query point (as ``Polyline/closestPoint(to:segments:)`` does: exact to about 0.02 % of the
/// distance for points within a few kilometres), and measures the distance off from the point
/// to that nearest point with the WGS84 geodesic (``Geodesy/distance(from:to:)``). Distance
/// along is the profile distance of the segment's start plus the fraction of its length.
/// Checked against GeographicLib (Karney 2013) in `Tools/reference/places_reference.py`.
public struct TrailProximity: Sendable {
    /// Segments per block of the coarse index.
    public static let blockSize = 32

    let coordinates: [Coordinate]
    let distances: [Double]
    /// `usable[i]`: segment i (point i to i+1) is part of the line (not a gap between segments).
    let usable: [Bool]
    /// Per block: min lat, max lat, min lon, max lon of its segments' points.
    let blockBoxes: [(Double, Double, Double, Double)]

    /// - Parameters:
    ///   - coordinates: the flattened trail's points.
    ///   - distances: metres along at each point (same count; the profile's distances).
    ///   - segmentStarts: flattened indices of the first point of each segment.
    public init(coordinates: [Coordinate], distances: [Double], segmentStarts: [Int] = []) {
        precondition(coordinates.count == distances.count, "one distance per point")
        self.coordinates = coordinates
        self.distances = distances
        let n = max(0, coordinates.count - 1)
        var usable = [Bool](repeating: true, count: n)
        for s in segmentStarts where s > 0 && s - 1 < n { usable[s - 1] = false }
        self.usable = usable
        var boxes: [(Double, Double, Double, Double)] = []
        var start = 0
        while start < n {
            let end = min(n, start + Self.blockSize)
            var b = (Double.infinity, -Double.infinity, Double.infinity, -Double.infinity)
            for i in start...end {
                let c = coordinates[i]
                b = (min(b.0, c.latitude), max(b.1, c.latitude), min(b.2, c.longitude), max(b.3, c.longitude))
            }
            boxes.append(b)
            start = end
        }
        blockBoxes = boxes
    }

    /// A trail from a track: its segments flattened, distances from its elevation profile.
    public init(track: Track) {
        let profile = ElevationProfile(track: track)
        self.init(coordinates: track.segments.flatMap { $0.points.map(\.coordinate) }, distances: profile.distances,
                  segmentStarts: profile.segmentStartIndices)
    }

    /// The trail's bounding box, or nil for a trail without points.
    public var bounds: BoundingBox? { BoundingBox(covering: coordinates) }

    /// Total length, metres.
    public var length: Double { distances.last ?? 0 }

    /// The nearest point of the trail to `point`, when it is at most `within` metres away.
    /// - Parameters:
    ///   - point: the place.
    ///   - within: the search radius, metres (`.infinity` for any distance).
    /// - Returns: the distance along and off and the segment index; nil when the trail has no
    ///   point within `within` (or no point at all). On ties the earliest segment wins. A
    ///   one-point trail measures to its point.
    public func nearest(to point: Coordinate, within: Double = .infinity) -> (along: Double, off: Double, index: Int)? {
        guard let first = coordinates.first else { return nil }
        if coordinates.count == 1 {
            let d = Geodesy.distance(from: point, to: first)
            return d <= within ? (0, d, 0) : nil
        }
        let projection = LocalProjection(origin: point)
        // Degrees the radius spans here (with 0.5 % to spare for the tangent plane's scale).
        let dLat = within.isFinite ? within * 1.005 / projection.metresPerDegreeLatitude : 360
        let dLon = within.isFinite ? within * 1.005 / projection.metresPerDegreeLongitude : 360
        let lat = point.latitude, lon = point.longitude
        let origin = LocalPoint(x: 0, y: 0)
        var best: (index: Int, fraction: Double, distance: Double)?
        for (b, box) in blockBoxes.enumerated() {
            guard lat >= box.0 - dLat, lat <= box.1 + dLat, lon >= box.2 - dLon, lon <= box.3 + dLon else { continue }
            let start = b * Self.blockSize
            for i in start..<min(usable.count, start + Self.blockSize) where usable[i] {
                let a = coordinates[i], c = coordinates[i + 1]
                if lat < min(a.latitude, c.latitude) - dLat || lat > max(a.latitude, c.latitude) + dLat
                    || lon < min(a.longitude, c.longitude) - dLon || lon > max(a.longitude, c.longitude) + dLon { continue }
                let r = LocalProjection.closestPointOnSegment(origin, projection.project(a), projection.project(c))
                let d = abs(r.signedDistance)
                if d < (best?.distance ?? .infinity) { best = (i, r.fraction, d) }
            }
        }
        guard let best else { return nil }
        let a = coordinates[best.index], c = coordinates[best.index + 1], t = best.fraction
        let nearest = Coordinate(latitude: a.latitude + t * (c.latitude - a.latitude),
                                 longitude: a.longitude + t * (c.longitude - a.longitude))
        let off = Geodesy.distance(from: point, to: nearest)
        guard off <= within else { return nil }
        let along = distances[best.index] + t * (distances[best.index + 1] - distances[best.index])
        return (along, off, best.index)
    }

    /// The places within `within` metres of the trail, with their distances, in the order a
    /// walker passes them (distance along, then distance off, then name).
    public func placesAlong(_ places: [Place], within: Double) -> [PlaceAlongTrail] {
        places.compactMap { p in
            nearest(to: p.coordinate, within: within).map {
                PlaceAlongTrail(place: p, distanceAlong: $0.along, distanceOff: $0.off, pointIndex: $0.index)
            }
        }.sorted(by: Self.walkingOrder)
    }

    /// Walking order: distance along, then off, then name, then OSM id.
    public static func walkingOrder(_ a: PlaceAlongTrail, _ b: PlaceAlongTrail) -> Bool {
        if a.distanceAlong != b.distanceAlong { return a.distanceAlong < b.distanceAlong }
        if a.distanceOff != b.distanceOff { return a.distanceOff < b.distanceOff }
        if (a.place.name ?? "") != (b.place.name ?? "") { return (a.place.name ?? "") < (b.place.name ?? "") }
        return (a.place.osmID ?? "") < (b.place.osmID ?? "")
    }
}

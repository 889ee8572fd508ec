import Foundation
import TrailCore

/// A flat approximation of the ground around one point, for short distances (a few km):
/// the equirectangular projection x = R·Δλ·cos φ₀, y = R·Δφ on the mean Earth radius
/// R = 6,371,008.8 m (IUGG). Within 5 km its error against a geodesic is well under 1 %,
/// plenty for "what is near this stop". Used for point-to-line distances, where a true
/// geodesic solution is not needed.
struct LocalPlane {
    /// Mean Earth radius in metres (IUGG R1).
    static let meanEarthRadius = 6_371_008.8
    let origin: Coordinate
    private let kx: Double
    private let ky: Double

    init(origin: Coordinate) {
        self.origin = origin
        ky = Self.meanEarthRadius * .pi / 180
        kx = ky * cos(origin.latitude * .pi / 180)
    }

    /// Metres east and north of the origin.
    @inline(__always) func project(_ c: Coordinate) -> (x: Double, y: Double) {
        ((c.longitude - origin.longitude) * kx, (c.latitude - origin.latitude) * ky)
    }

    /// Metres from the origin to the nearest point of a polyline (or to its only point).
    func distance(toPolyline points: [Coordinate]) -> Double {
        guard var prev = points.first.map(project) else { return .infinity }
        var best = (prev.x * prev.x + prev.y * prev.y).squareRoot()
        for c in points.dropFirst() {
            let p = project(c)
            let dx = p.x - prev.x, dy = p.y - prev.y
            let len2 = dx * dx + dy * dy
            var t = len2 > 0 ? -(prev.x * dx + prev.y * dy) / len2 : 0
            t = min(1, max(0, t))
            let qx = prev.x + t * dx, qy = prev.y + t * dy
            best = min(best, (qx * qx + qy * qy).squareRoot())
            prev = p
        }
        return best
    }

    /// True when the origin lies inside a closed ring (even-odd rule, ray casting).
    func isInside(ring: [Coordinate]) -> Bool {
        guard ring.count >= 4 else { return false }
        var inside = false
        var j = ring.count - 1
        for i in ring.indices {
            let a = project(ring[i]), b = project(ring[j])
            if (a.y > 0) != (b.y > 0) && 0 < (b.x - a.x) * (0 - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    /// Great-circle (haversine) distance in metres between two coordinates on the mean sphere.
    static func haversine(_ a: Coordinate, _ b: Coordinate) -> Double {
        let p1 = a.latitude * .pi / 180, p2 = b.latitude * .pi / 180
        let dp = p2 - p1, dl = (b.longitude - a.longitude) * .pi / 180
        let h = sin(dp / 2) * sin(dp / 2) + cos(p1) * cos(p2) * sin(dl / 2) * sin(dl / 2)
        return 2 * meanEarthRadius * asin(min(1, h.squareRoot()))
    }

    /// A box around `c` that holds every point within `metres` of it.
    static func box(around c: Coordinate, metres: Double) -> BoundingBox {
        let dLat = metres / (meanEarthRadius * .pi / 180)
        let cosLat = max(cos(c.latitude * .pi / 180), 1e-6)
        let dLon = min(180, dLat / cosLat)
        return BoundingBox(minLatitude: max(-90, c.latitude - dLat), minLongitude: max(-180, c.longitude - dLon),
                           maxLatitude: min(90, c.latitude + dLat), maxLongitude: min(180, c.longitude + dLon))
    }
}

import Foundation

extension Geodesy {
    /// Fast distance for short lines on WGS84, metres: the equirectangular approximation at the
    /// mean latitude φm with the ellipsoid's radii of curvature there,
    /// √((Δλ · N(φm) · cos φm)² + (Δφ · M(φm))²) (see ``LocalProjection`` for M and N).
    ///
    /// Two trigonometric calls instead of Vincenty's iteration; for hot paths that need a
    /// chord length, not a reported distance (speed windows, stop detection). Error against the
    /// geodesic, checked in the tests: below 1e-6 relative (1 mm per km) up to 10 km at
    /// latitudes up to 60°; it grows with the square of the length. Longitude difference is
    /// wrapped, so the antimeridian is harmless.
    @inline(__always)
    public static func shortDistance(from a: Coordinate, to b: Coordinate) -> Double {
        shortDistance(lat1: a.latitude, lon1: a.longitude, lat2: b.latitude, lon2: b.longitude)
    }

    /// ``shortDistance(from:to:)`` on raw degrees.
    @inline(__always)
    public static func shortDistance(lat1: Double, lon1: Double, lat2: Double, lon2: Double) -> Double {
        let e2 = flattening * (2 - flattening)
        let phiM = (lat1 + lat2) * (.pi / 360)
        let s = sin(phiM)
        let w = 1 - e2 * s * s
        let n = semiMajorAxis / w.squareRoot()
        let m = n * (1 - e2) / w
        var dLon = lon2 - lon1
        if dLon > 180 { dLon -= 360 } else if dLon < -180 { dLon += 360 }
        let x = dLon * (.pi / 180) * n * cos(phiM)
        let y = (lat2 - lat1) * (.pi / 180) * m
        return (x * x + y * y).squareRoot()
    }
}

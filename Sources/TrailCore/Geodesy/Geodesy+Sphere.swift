import Foundation

/// Spherical helpers on a sphere of radius ``Geodesy/meanRadius``.
///
/// They are cheaper than the ellipsoidal methods and are meant for orientation and screen
/// work, not for reported distances: on the sphere, distances differ from WGS84 geodesics by
/// up to about 0.5 % (0.3 % typical at mid-latitudes). Formulas: the haversine distance,
/// the initial great-circle course and the cross-track / along-track distances as given by
/// E. Williams, "Aviation Formulary" and C. Veness, "Calculate distance, bearing and more
/// between latitude/longitude points" (movable-type.co.uk).
extension Geodesy {
    /// Great-circle (haversine) distance in metres on the mean-radius sphere.
    public static func sphericalDistance(from a: Coordinate, to b: Coordinate) -> Double {
        let phi1 = a.latitude * .pi / 180, phi2 = b.latitude * .pi / 180
        let dPhi = phi2 - phi1
        let dLambda = (b.longitude - a.longitude) * .pi / 180
        let s1 = sin(dPhi / 2), s2 = sin(dLambda / 2)
        let h = min(1, s1 * s1 + cos(phi1) * cos(phi2) * s2 * s2)
        return 2 * meanRadius * asin(h.squareRoot())
    }

    /// Initial great-circle course from `a` to `b`, degrees clockwise from north, 0..<360.
    public static func sphericalInitialBearing(from a: Coordinate, to b: Coordinate) -> Double {
        let phi1 = a.latitude * .pi / 180, phi2 = b.latitude * .pi / 180
        let dLambda = (b.longitude - a.longitude) * .pi / 180
        let y = sin(dLambda) * cos(phi2)
        let x = cos(phi1) * sin(phi2) - sin(phi1) * cos(phi2) * cos(dLambda)
        return normalizedDegrees(atan2(y, x) * 180 / .pi)
    }

    /// Signed cross-track distance, in metres, of `point` from the great circle through
    /// `pathStart` and `pathEnd`: positive when the point lies to the right of the direction
    /// of travel, negative to the left. Sphere of the mean radius (error up to ~0.5 %).
    /// When `pathStart == pathEnd` the distance to that point is returned (positive).
    public static func crossTrackDistance(of point: Coordinate, pathStart: Coordinate,
                                          pathEnd: Coordinate) -> Double {
        let d13 = sphericalDistance(from: pathStart, to: point) / meanRadius
        if sphericalDistance(from: pathStart, to: pathEnd) == 0 { return d13 * meanRadius }
        let t13 = sphericalInitialBearing(from: pathStart, to: point) * .pi / 180
        let t12 = sphericalInitialBearing(from: pathStart, to: pathEnd) * .pi / 180
        return asin(max(-1, min(1, sin(d13) * sin(t13 - t12)))) * meanRadius
    }

    /// Along-track distance, in metres, from `pathStart` to the foot of the perpendicular from
    /// `point` onto the great circle through `pathStart` and `pathEnd`; negative when the foot
    /// lies behind the start. Sphere of the mean radius.
    public static func alongTrackDistance(of point: Coordinate, pathStart: Coordinate,
                                          pathEnd: Coordinate) -> Double {
        let d13 = sphericalDistance(from: pathStart, to: point) / meanRadius
        if sphericalDistance(from: pathStart, to: pathEnd) == 0 { return 0 }
        let t13 = sphericalInitialBearing(from: pathStart, to: point) * .pi / 180
        let t12 = sphericalInitialBearing(from: pathStart, to: pathEnd) * .pi / 180
        let dxt = asin(max(-1, min(1, sin(d13) * sin(t13 - t12))))
        let c = cos(dxt)
        guard c != 0 else { return 0 }
        let dat = acos(max(-1, min(1, cos(d13) / c)))
        return (cos(t12 - t13) >= 0 ? dat : -dat) * meanRadius
    }
}

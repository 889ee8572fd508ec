import Foundation

extension BoundingBox {
    /// The box widened by `metres` on every side (degrees from the WGS84 radii at the box's
    /// widest latitude, clamped to the poles and the antimeridian).
    public func expanded(byMetres metres: Double) -> BoundingBox {
        let lat = max(abs(minLatitude), abs(maxLatitude))
        let p = LocalProjection(origin: Coordinate(latitude: min(lat, 89), longitude: 0))
        let dLat = metres / p.metresPerDegreeLatitude, dLon = metres / p.metresPerDegreeLongitude
        return BoundingBox(minLatitude: max(-90, minLatitude - dLat), minLongitude: max(-180, minLongitude - dLon),
                           maxLatitude: min(90, maxLatitude + dLat), maxLongitude: min(180, maxLongitude + dLon))
    }
}

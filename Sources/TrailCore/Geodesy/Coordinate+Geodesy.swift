import Foundation

/// turf-style conveniences; each forwards to ``Geodesy``.
extension Coordinate {
    /// Geodesic distance to `other` on WGS84, metres (Vincenty; see ``Geodesy``).
    public func distance(to other: Coordinate) -> Double {
        Geodesy.distance(from: self, to: other)
    }

    /// Initial bearing of the geodesic to `other`, degrees clockwise from north, 0..<360.
    public func bearing(to other: Coordinate) -> Double {
        Geodesy.initialBearing(from: self, to: other)
    }

    /// The point `distance` metres away along the geodesic with initial `bearing` (degrees).
    public func coordinate(at distance: Double, bearing: Double) -> Coordinate {
        Geodesy.destination(from: self, distance: distance, bearing: bearing)
    }
}

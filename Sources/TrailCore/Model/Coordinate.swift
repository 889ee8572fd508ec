import Foundation

/// A position on the WGS84 ellipsoid.
///
/// `latitude` is in degrees north (-90...90) and `longitude` in degrees east (-180...180).
/// No clamping or wrapping is ever done: readers reject out-of-range values instead.
public struct Coordinate: Hashable, Sendable, Codable {
    /// Degrees north, -90...90.
    public var latitude: Double
    /// Degrees east, -180...180.
    public var longitude: Double

    /// Creates a coordinate from degrees.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// True when both values are finite and inside their ranges.
    public var isValid: Bool {
        latitude.isFinite && longitude.isFinite
            && (-90.0...90.0).contains(latitude) && (-180.0...180.0).contains(longitude)
    }
}

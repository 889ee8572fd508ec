import Foundation
import TrailCore

/// Fixed-point degrees as OpenStreetMap stores them: an Int32 count of 1e-7 degrees
/// (OSM's database precision, about 1 cm). Longitudes up to ±180° (±1.8e9) fit in an Int32.
enum FixedPoint {
    /// 1e7: fixed-point units per degree.
    static let scale = 10_000_000.0

    /// Degrees to 1e-7 degrees, rounded half away from zero.
    @inline(__always) static func e7(_ degrees: Double) -> Int32 {
        Int32((degrees * scale).rounded())
    }

    /// 1e-7 degrees to degrees.
    @inline(__always) static func degrees(_ e7: Int32) -> Double { Double(e7) / scale }

    /// A coordinate from fixed-point latitude and longitude.
    @inline(__always) static func coordinate(latE7: Int32, lonE7: Int32) -> Coordinate {
        Coordinate(latitude: degrees(latE7), longitude: degrees(lonE7))
    }
}

extension FixedPoint {
    /// A box from fixed-point (minLat, maxLat, minLon, maxLon).
    static func box(_ b: (Int32, Int32, Int32, Int32)) -> BoundingBox {
        BoundingBox(minLatitude: degrees(b.0), minLongitude: degrees(b.2), maxLatitude: degrees(b.1), maxLongitude: degrees(b.3))
    }
}

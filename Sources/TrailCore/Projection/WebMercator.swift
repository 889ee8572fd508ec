import Foundation

/// The spherical Web Mercator projection (EPSG:3857) used by slippy-map tiles.
///
/// Formulas: EPSG:3857 ("Popular Visualisation Pseudo-Mercator") on a sphere of radius
/// 6,378,137 m (the WGS84 semi-major axis):
///   x = R · λ,   y = R · ln(tan(π/4 + φ/2))
/// and the normalised form of the OpenStreetMap wiki page "Slippy map tilenames"
/// (https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames):
///   u = (lon + 180) / 360,   v = (1 − ln(tan φ + sec φ) / π) / 2
/// where `u` grows east and `v` grows **south** (0 at the top of the world square), so
/// `u · 2^z` and `v · 2^z` are tile coordinates at zoom `z`.
///
/// Latitudes beyond ±``maxLatitude`` cannot be projected (the poles are at infinity); every
/// forward function clamps the latitude to that range, which is the documented behaviour of
/// slippy-map tools. Longitudes are not wrapped.
public enum WebMercator {
    /// Radius of the projection sphere, in metres (WGS84 semi-major axis).
    public static let earthRadius = 6_378_137.0
    /// Circumference of the projection sphere at the equator, in metres (2πR ≈ 40,075,016.686).
    public static let earthCircumference = 2 * Double.pi * earthRadius
    /// The latitude (degrees) at which the world becomes a square: atan(sinh(π)) ≈ 85.0511°.
    public static let maxLatitude = atan(sinh(Double.pi)) * 180 / Double.pi
    /// Half the width of the world square, in projected metres (πR ≈ 20,037,508.34 m).
    public static let halfWorld = Double.pi * earthRadius

    /// A projected position in metres east (`x`) and north (`y`) of (0°, 0°).
    public struct Point: Hashable, Sendable {
        /// Metres east of the prime meridian, −πR…πR.
        public var x: Double
        /// Metres north of the equator, −πR…πR.
        public var y: Double
        public init(x: Double, y: Double) { self.x = x; self.y = y }
    }

    /// A position in the normalised world square: `u` 0 (180° W) … 1 (180° E),
    /// `v` 0 (north edge, 85.05° N) … 1 (south edge). Multiply by `2^z` for tile units.
    public struct UnitPoint: Hashable, Sendable {
        /// 0 … 1, growing east.
        public var u: Double
        /// 0 … 1, growing south.
        public var v: Double
        public init(u: Double, v: Double) { self.u = u; self.v = v }
    }

    @inline(__always) static func clampLatitude(_ lat: Double) -> Double {
        Swift.min(Swift.max(lat, -maxLatitude), maxLatitude)
    }

    /// Projects a coordinate to EPSG:3857 metres.
    /// - Parameter c: a coordinate; its latitude is clamped to ±``maxLatitude``.
    /// - Returns: metres east and north.
    public static func project(_ c: Coordinate) -> Point {
        let phi = clampLatitude(c.latitude) * .pi / 180
        return Point(x: earthRadius * c.longitude * .pi / 180,
                     y: earthRadius * log(tan(.pi / 4 + phi / 2)))
    }

    /// The inverse of ``project(_:)``: φ = 2·atan(exp(y/R)) − π/2, λ = x/R.
    public static func coordinate(_ p: Point) -> Coordinate {
        Coordinate(latitude: (2 * atan(exp(p.y / earthRadius)) - .pi / 2) * 180 / .pi,
                   longitude: p.x / earthRadius * 180 / .pi)
    }

    /// The normalised world-square position of a coordinate (OSM wiki formulas, divided by 2^z).
    /// - Parameter c: a coordinate; its latitude is clamped to ±``maxLatitude``.
    public static func unitPoint(_ c: Coordinate) -> UnitPoint {
        let phi = clampLatitude(c.latitude) * .pi / 180
        return UnitPoint(u: (c.longitude + 180) / 360,
                         v: (1 - log(tan(phi) + 1 / cos(phi)) / .pi) / 2)
    }

    /// The inverse of ``unitPoint(_:)``: lon = u·360 − 180, lat = atan(sinh(π·(1 − 2v))).
    public static func coordinate(_ p: UnitPoint) -> Coordinate {
        Coordinate(latitude: atan(sinh(.pi * (1 - 2 * p.v))) * 180 / .pi,
                   longitude: p.u * 360 - 180)
    }

    /// Ground resolution: metres on the ground covered by one pixel of a `tileSize`-pixel tile.
    ///
    /// OSM wiki "Zoom levels": S = C · cos(φ) / 2^(z + 8) for 256-pixel tiles, with
    /// C = 2πR the equatorial circumference. At the equator and zoom 0 that is 156,543.03 m.
    /// - Parameters:
    ///   - latitude: degrees (clamped to ±``maxLatitude``).
    ///   - zoom: zoom level; fractional zooms are allowed.
    ///   - tileSize: pixels per tile side (256 for OSM tiles).
    /// - Returns: metres per pixel.
    public static func groundResolution(latitude: Double, zoom: Double, tileSize: Double = 256) -> Double {
        earthCircumference * cos(clampLatitude(latitude) * .pi / 180) / (tileSize * pow(2, zoom))
    }

    /// The zoom (fractional) at which one pixel of a `tileSize` tile covers `metresPerPixel`
    /// at `latitude`: the inverse of ``groundResolution(latitude:zoom:tileSize:)``.
    public static func zoom(forMetresPerPixel metresPerPixel: Double, latitude: Double, tileSize: Double = 256) -> Double {
        log2(earthCircumference * cos(clampLatitude(latitude) * .pi / 180) / (tileSize * metresPerPixel))
    }
}

extension WebMercator {
    /// The box of a map view of `widthPixels` × `heightPixels` centred on `center` at `zoom`,
    /// where one pixel is one pixel of a `tileSize`-pixel slippy tile (so the ground size of a
    /// pixel is ``groundResolution(latitude:zoom:tileSize:)``).
    ///
    /// Terminal maps: a braille cell is 2 × 4 dots and a terminal cell is about twice as tall
    /// as wide, so a dot is about square; Cairn treats one dot as one pixel. A 200 × 60-cell
    /// view is 400 × 240 pixels: at z16 (street zoom, 1.76 m per pixel at 42.6° N) it shows
    /// about 700 m × 420 m, i.e. 0.0086° of longitude by 0.0038° of latitude there.
    public static func viewBounds(center: Coordinate, zoom: Double, widthPixels: Double, heightPixels: Double,
                                  tileSize: Double = 256) -> BoundingBox {
        let c = unitPoint(center)
        let worldPixels = tileSize * pow(2, zoom)
        let du = widthPixels / 2 / worldPixels, dv = heightPixels / 2 / worldPixels
        let nw = coordinate(UnitPoint(u: c.u - du, v: max(0, c.v - dv)))
        let se = coordinate(UnitPoint(u: c.u + du, v: min(1, c.v + dv)))
        return BoundingBox(minLatitude: se.latitude, minLongitude: max(-180, nw.longitude),
                           maxLatitude: nw.latitude, maxLongitude: min(180, se.longitude))
    }
}

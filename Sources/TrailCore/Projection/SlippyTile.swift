import Foundation

/// A slippy-map tile `z/x/y` of the OpenStreetMap tile scheme (Web Mercator, origin at the
/// north-west corner, `x` growing east and `y` growing south, 2^z × 2^z tiles at zoom z).
///
/// Formulas from the OSM wiki page "Slippy map tilenames"
/// (https://wiki.openstreetmap.org/wiki/Slippy_map_tilenames):
///   n = 2^z, xtile = floor(n · (lon + 180) / 360),
///   ytile = floor(n · (1 − ln(tan φ + sec φ) / π) / 2),
///   lon(x) = x / n · 360 − 180, lat(y) = atan(sinh(π · (1 − 2y / n))).
public struct SlippyTile: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Zoom level, 0 … ``maxZoom``.
    public let z: Int
    /// Column, 0 … 2^z − 1, west to east.
    public let x: Int
    /// Row, 0 … 2^z − 1, north to south.
    public let y: Int

    /// The deepest zoom this type accepts (2^30 tiles per side still fits an Int32 index).
    public static let maxZoom = 30

    /// Creates a tile; `z` must be 0…``maxZoom`` and `x`, `y` inside 0..<2^z (precondition).
    public init(z: Int, x: Int, y: Int) {
        precondition((0...Self.maxZoom).contains(z), "zoom \(z) out of range")
        precondition(x >= 0 && x < 1 << z && y >= 0 && y < 1 << z, "tile \(z)/\(x)/\(y) out of range")
        self.z = z
        self.x = x
        self.y = y
    }

    /// The tile containing `coordinate` at `zoom` (OSM wiki formula, floored).
    ///
    /// Latitudes beyond ±85.0511° are clamped (see ``WebMercator``) and the results are clamped
    /// to 0…2^z − 1, so 180° E falls in the last column and the south edge in the last row.
    public init(containing coordinate: Coordinate, zoom: Int) {
        let p = WebMercator.unitPoint(coordinate)
        let n = 1 << zoom
        self.init(z: zoom, x: Self.index(p.u, n), y: Self.index(p.v, n))
    }

    @inline(__always) static func index(_ unit: Double, _ n: Int) -> Int {
        let i = Int((unit * Double(n)).rounded(.down))
        return Swift.min(Swift.max(i, 0), n - 1)
    }

    /// Number of tiles per side at `zoom` (2^zoom).
    public static func tilesPerSide(zoom: Int) -> Int { 1 << zoom }

    /// The north-west corner of the tile (the point the OSM wiki's inverse formula gives for x, y).
    public var northWest: Coordinate {
        WebMercator.coordinate(WebMercator.UnitPoint(u: Double(x) / Double(1 << z), v: Double(y) / Double(1 << z)))
    }

    /// The tile's extent in degrees: its north-west corner and the north-west corner of x+1, y+1.
    public var bounds: BoundingBox {
        let n = Double(1 << z)
        let nw = WebMercator.coordinate(WebMercator.UnitPoint(u: Double(x) / n, v: Double(y) / n))
        let se = WebMercator.coordinate(WebMercator.UnitPoint(u: Double(x + 1) / n, v: Double(y + 1) / n))
        return BoundingBox(minLatitude: se.latitude, minLongitude: nw.longitude,
                           maxLatitude: nw.latitude, maxLongitude: se.longitude)
    }

    /// The centre of the tile in Web Mercator (not the midpoint of its latitudes).
    public var center: Coordinate {
        let n = Double(1 << z)
        return WebMercator.coordinate(WebMercator.UnitPoint(u: (Double(x) + 0.5) / n, v: (Double(y) + 0.5) / n))
    }

    /// The tile one zoom level up that contains this one, or nil at zoom 0.
    public var parent: SlippyTile? {
        z == 0 ? nil : SlippyTile(z: z - 1, x: x >> 1, y: y >> 1)
    }

    /// The four tiles one zoom level down, NW, NE, SW, SE (none at ``maxZoom``).
    public var children: [SlippyTile] {
        guard z < Self.maxZoom else { return [] }
        return [SlippyTile(z: z + 1, x: 2 * x, y: 2 * y), SlippyTile(z: z + 1, x: 2 * x + 1, y: 2 * y),
                SlippyTile(z: z + 1, x: 2 * x, y: 2 * y + 1), SlippyTile(z: z + 1, x: 2 * x + 1, y: 2 * y + 1)]
    }

    /// The inclusive column and row ranges of the tiles at `zoom` that a box touches.
    ///
    /// A box edge lying exactly on a tile boundary touches the tile beyond it too (closed
    /// intervals), matching ``BoundingBox/intersects(_:)``.
    public static func range(covering box: BoundingBox, zoom: Int) -> (x: ClosedRange<Int>, y: ClosedRange<Int>) {
        let nw = SlippyTile(containing: Coordinate(latitude: box.maxLatitude, longitude: box.minLongitude), zoom: zoom)
        let se = SlippyTile(containing: Coordinate(latitude: box.minLatitude, longitude: box.maxLongitude), zoom: zoom)
        return (nw.x...se.x, nw.y...se.y)
    }

    /// Every tile at `zoom` that the box touches, row by row from the north-west.
    ///
    /// The count grows as 4^zoom for a fixed box: callers should check
    /// ``range(covering:zoom:)`` first when the box or zoom may be large.
    public static func tiles(covering box: BoundingBox, zoom: Int) -> [SlippyTile] {
        let r = range(covering: box, zoom: zoom)
        var out: [SlippyTile] = []
        out.reserveCapacity(r.x.count * r.y.count)
        for y in r.y { for x in r.x { out.append(SlippyTile(z: zoom, x: x, y: y)) } }
        return out
    }

    /// `z/x/y`, the path form of tile URLs.
    public var description: String { "\(z)/\(x)/\(y)" }

    /// Orders by zoom, then row, then column.
    public static func < (a: SlippyTile, b: SlippyTile) -> Bool {
        (a.z, a.y, a.x) < (b.z, b.y, b.x)
    }
}

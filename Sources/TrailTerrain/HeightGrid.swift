import Foundation
import TrailCore

/// A regular grid of heights for contouring: `rows` × `columns` values in metres (NaN where
/// there is no data), row 0 at the north, each row west to east, `spacing` degrees apart in
/// both directions (SRTM samples are square in degrees).
public struct HeightGrid: Sendable {
    public var rows: Int
    public var columns: Int
    /// Row-major heights, NaN for no data.
    public var values: [Double]
    /// Latitude of row 0 and longitude of column 0, degrees.
    public var north: Double
    public var west: Double
    /// Degrees between neighbouring samples.
    public var spacing: Double

    public init(rows: Int, columns: Int, values: [Double], north: Double, west: Double, spacing: Double) {
        precondition(values.count == rows * columns)
        self.rows = rows; self.columns = columns; self.values = values
        self.north = north; self.west = west; self.spacing = spacing
    }

    /// A grid filled by `height(row, column)`.
    public init(rows: Int, columns: Int, north: Double, west: Double, spacing: Double, height: (Int, Int) -> Double) {
        var v = [Double](repeating: .nan, count: rows * columns)
        for r in 0..<rows { for c in 0..<columns { v[r * columns + c] = height(r, c) } }
        self.init(rows: rows, columns: columns, values: v, north: north, west: west, spacing: spacing)
    }

    /// The SRTM samples covering `box` (one sample beyond on each side), at the spacing of
    /// the finest tile present (3″ when none), read from `store` (voids and missing tiles NaN).
    /// With `stride` k > 1 only every k-th sample in each direction is read (rows and columns
    /// at multiples of k of the whole-degree grid, so a panned view keeps the same samples;
    /// `spacing` k samples): a coarse grid for a view far out (DECISIONS 414).
    /// Returns nil for an empty box or one that needs more than `maxSamples` samples.
    public static func samples(from store: TerrainStore, covering box: BoundingBox, maxSamples: Int = 4_000_000,
                               stride: Int = 1) -> HeightGrid? {
        let side = store.tileIDs.compactMap { store.tile($0)?.side }.max() ?? 1201
        let perDegree = Double(side - 1)
        let k = Double(max(1, stride))
        let top = ((box.maxLatitude * perDegree / k).rounded(.up) + 1) * k
        let bottom = ((box.minLatitude * perDegree / k).rounded(.down) - 1) * k
        let left = ((box.minLongitude * perDegree / k).rounded(.down) - 1) * k
        let right = ((box.maxLongitude * perDegree / k).rounded(.up) + 1) * k
        let rows = Int((top - bottom) / k) + 1, columns = Int((right - left) / k) + 1
        guard rows > 1, columns > 1, rows * columns <= maxSamples else { return nil }
        var values = [Double](repeating: .nan, count: rows * columns)
        for r in 0..<rows {
            let lat = (top - Double(r) * k) / perDegree
            for c in 0..<columns {
                values[r * columns + c] = store.height(at: Coordinate(latitude: lat, longitude: (left + Double(c) * k) / perDegree)).metres ?? .nan
            }
        }
        return HeightGrid(rows: rows, columns: columns, values: values, north: top / perDegree, west: left / perDegree,
                          spacing: k / perDegree)
    }

    @inline(__always) func value(_ r: Int, _ c: Int) -> Double { values[r * columns + c] }

    /// The position of fractional grid coordinates (row, column).
    @inline(__always) public func coordinate(row: Double, column: Double) -> Coordinate {
        Coordinate(latitude: north - row * spacing, longitude: west + column * spacing)
    }
}

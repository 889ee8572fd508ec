import Foundation
import TrailCore

/// Hillshading of a ``HeightGrid``: the standard analytical hillshade with Horn's (1981)
/// 3×3 slope and aspect, as GDAL's `gdaldem hillshade` and ESRI's Hillshade tool compute it.
///
/// For the sample `e` with neighbours
/// ```
/// a b c      (north row)
/// d e f
/// g h i      (south row)
/// ```
/// - dz/dx = ((c + 2f + i) − (a + 2d + g)) / (8 Δx), dz/dy = ((g + 2h + i) − (a + 2b + c)) / (8 Δy),
///   with Δx = spacing · 111 320 m · cos(latitude of the row), Δy = spacing · 111 320 m
///   (degrees to metres on the sphere of the SRTM grid; z factor 1);
/// - slope = atan(√(dz/dx² + dz/dy²)), aspect = atan2(dz/dy, −dz/dx);
/// - shade = cos(zenith) cos(slope) + sin(zenith) sin(slope) cos(azimuth_math − aspect),
///   clipped at 0, with the sun at ``azimuth`` 315° (north-west, the cartographic convention:
///   light from the top left) and ``altitude`` 45°, zenith = 90° − altitude and
///   azimuth_math = 360° − azimuth + 90°.
///
/// Flat ground shades cos 45° ≈ 0.707. A sample on the grid's edge or with any of its eight
/// neighbours missing (NaN: a void, no tile) has no shade (NaN). Restated independently in
/// Tools/reference/hillshade_reference.py (surface normal · sun vector) for the tests.
public enum Hillshade {
    /// Sun azimuth, degrees clockwise from north.
    public static let azimuth = 315.0
    /// Sun altitude above the horizon, degrees.
    public static let altitude = 45.0
    /// Metres per degree of latitude used for the cell size.
    public static let metresPerDegree = 111_320.0

    /// The shade (0…1, NaN without data) of every sample of `grid`, row-major like its values.
    public static func shades(_ grid: HeightGrid, azimuth: Double = azimuth, altitude: Double = altitude) -> [Float] {
        let rows = grid.rows, cols = grid.columns
        var out = [Float](repeating: .nan, count: rows * cols)
        guard rows >= 3, cols >= 3 else { return out }
        let zenith = (90 - altitude) * .pi / 180
        let azMath = (360 - azimuth + 90) * .pi / 180
        let cosZ = cos(zenith), sinZ = sin(zenith)
        let dy = grid.spacing * metresPerDegree
        grid.values.withUnsafeBufferPointer { z in
            for r in 1..<(rows - 1) {
                let lat = grid.north - Double(r) * grid.spacing
                let dx = grid.spacing * metresPerDegree * cos(lat * .pi / 180)
                let up = (r - 1) * cols, mid = r * cols, down = (r + 1) * cols
                for c in 1..<(cols - 1) {
                    let a = z[up + c - 1], b = z[up + c], cc = z[up + c + 1]
                    let d = z[mid + c - 1], f = z[mid + c + 1]
                    let g = z[down + c - 1], h = z[down + c], i = z[down + c + 1]
                    let dzdx = ((cc + 2 * f + i) - (a + 2 * d + g)) / (8 * dx)
                    let dzdy = ((g + 2 * h + i) - (a + 2 * b + cc)) / (8 * dy)
                    guard dzdx.isFinite, dzdy.isFinite else { continue }
                    let slope = atan((dzdx * dzdx + dzdy * dzdy).squareRoot())
                    let aspect = atan2(dzdy, -dzdx)
                    let s = cosZ * cos(slope) + sinZ * sin(slope) * cos(azMath - aspect)
                    out[mid + c] = Float(max(0, s))
                }
            }
        }
        return out
    }
}

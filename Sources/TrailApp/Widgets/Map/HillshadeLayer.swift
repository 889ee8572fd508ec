import Foundation
import TermUI
import TrailCore

/// Hillshade values on the terrain's own grid, in latitude/longitude: `rows` × `columns`
/// values in 0…1 (the cosine of the angle between the surface normal and the sun, clipped at
/// 0), NaN where there is no terrain, row 0 at `north`, `spacing` degrees apart. Computed by
/// `TrailTerrain.Hillshade` (Horn's slope and aspect, sun from 315° at 45°) and passed in
/// plain so TrailApp needs no terrain module.
public struct HillshadeRaster: Sendable, Hashable {
    public var rows: Int
    public var columns: Int
    public var north: Double
    public var west: Double
    public var spacing: Double
    /// Row-major shades, NaN for no data.
    public var values: [Float]

    public init(rows: Int, columns: Int, north: Double, west: Double, spacing: Double, values: [Float]) {
        precondition(values.count == rows * columns)
        self.rows = rows; self.columns = columns; self.north = north; self.west = west
        self.spacing = spacing; self.values = values
    }

    /// The shade at `c`: bilinear between the four surrounding values, nil outside the raster
    /// or where any of them has no data.
    public func shade(at c: Coordinate) -> Double? {
        let r = (north - c.latitude) / spacing, col = (c.longitude - west) / spacing
        guard r >= 0, col >= 0, r <= Double(rows - 1), col <= Double(columns - 1) else { return nil }
        let r0 = min(Int(r), rows - 2), c0 = min(Int(col), columns - 2)
        let fr = r - Double(r0), fc = col - Double(c0)
        let a = Double(values[r0 * columns + c0]), b = Double(values[r0 * columns + c0 + 1])
        let d = Double(values[(r0 + 1) * columns + c0]), e = Double(values[(r0 + 1) * columns + c0 + 1])
        let v = (a * (1 - fc) + b * fc) * (1 - fr) + (d * (1 - fc) + e * fc) * fr
        return v.isNaN ? nil : v
    }
}

/// Hillshading as cell backgrounds under the braille map (`H` on the hike and drawing
/// screens): each cell takes the shade at its centre (``HillshadeRaster/shade(at:)``) as one
/// of five levels, each a theme role `hillshade-1` (deepest shadow) … `hillshade-5` (facing
/// the sun); flat ground (shade cos 45° ≈ 0.71) is level 3. Only a role with a background
/// colour paints, and only cells whose background is still the terminal's, so the
/// high-contrast and mono themes (roles without a background) draw no shading at all and
/// every line, label and the route keep their own colours on top (DECISIONS 174).
public struct HillshadeLayer: Sendable {
    /// Upper bounds of levels 1…4 (level 5 above the last).
    public static let levelBounds: [Double] = [0.35, 0.6, 0.8, 0.9]

    public var raster: HillshadeRaster

    public init(raster: HillshadeRaster) { self.raster = raster }

    /// The level (1…5) of a shade.
    public static func level(_ shade: Double) -> Int {
        (levelBounds.firstIndex { shade < $0 } ?? levelBounds.count) + 1
    }

    /// Paints the backgrounds of the map cells in `area` for `viewport` (sized as `area`).
    /// - Returns: the number of cells painted.
    @discardableResult
    public func paint(viewport: MapViewport, area: Rect, into buffer: inout Buffer, environment: WidgetEnvironment) -> Int {
        let backgrounds: [Color?] = (1...5).map { environment.theme.missingRoles([ThemeRole.hillshade($0)]).isEmpty
            ? environment.style(ThemeRole.hillshade($0)).bg : nil }
        guard backgrounds.contains(where: { $0 != nil }) else { return 0 }
        var painted = 0
        for y in 0..<area.height {
            for x in 0..<area.width {
                let c = viewport.coordinate(atDot: DotPoint(x: Double(x) * 2 + 1, y: Double(y) * 4 + 2))
                guard let s = raster.shade(at: c), let bg = backgrounds[Self.level(s) - 1] else { continue }
                let bx = area.x + x, by = area.y + y
                guard buffer[bx, by]?.bg == .default else { continue }
                buffer.setStyle(Style(bg: bg), in: Rect(x: bx, y: by, width: 1, height: 1))
                painted += 1
            }
        }
        return painted
    }
}

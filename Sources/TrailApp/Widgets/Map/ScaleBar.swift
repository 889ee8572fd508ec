import Foundation
import TermUI
import TrailCore

/// The scale bar of a map: a bar as long as a round distance in the user's units at the
/// view's centre latitude, its length and the zoom level ("├────┤ 500 m · z13").
///
/// Ground distance per dot at latitude φ in Web Mercator is `C·cos φ / (256·2^zoom)` with C
/// the equatorial circumference (2π·6,378,137 m; the standard slippy-map resolution formula);
/// a cell is two dots wide. The bar takes the longest of 1, 2, 5 × 10ⁿ metres (or feet below a
/// quarter mile, else miles: 0.25, 0.5, 1, 2, 5 × 10ⁿ) that fits in `maximumCells`.
public struct ScaleBar: Sendable, Equatable {
    /// The bar's length in cells (at least 1).
    public var cells: Int
    /// The distance the bar stands for, as shown ("500 m", "2 km", "1,000 ft", "0.5 mi").
    public var label: String
    /// The zoom level shown after the label.
    public var zoom: Double

    /// Metres on the ground per cell of `viewport` at its centre.
    public static func metresPerCell(_ viewport: MapViewport) -> Double {
        let lat = viewport.center.latitude * .pi / 180
        return WebMercator.earthCircumference * cos(lat) / viewport.worldPixels * 2
    }

    /// The bar for `viewport` no longer than `maximumCells`, nil when not even the shortest
    /// round length fits (or the view is degenerate).
    public init?(viewport: MapViewport, system: UnitSystem, maximumCells: Int) {
        let perCell = ScaleBar.metresPerCell(viewport)
        guard perCell.isFinite, perCell > 0, maximumCells >= 1 else { return nil }
        let longest = perCell * Double(maximumCells)
        var best: (metres: Double, label: String)?
        for candidate in ScaleBar.lengths(system) where candidate.metres <= longest {
            if best == nil || candidate.metres > best!.metres { best = candidate }
        }
        guard let best else { return nil }
        cells = max(1, Int((best.metres / perCell).rounded()))
        label = best.label
        zoom = viewport.zoom
    }

    /// Round lengths in `system`, shortest first, with their labels.
    static func lengths(_ system: UnitSystem) -> [(metres: Double, label: String)] {
        var out: [(Double, String)] = []
        switch system {
        case .metric:
            for e in 0...7 {
                for m in [1.0, 2, 5] {
                    let metres = m * pow(10, Double(e))
                    out.append((metres, metres >= 1000 ? "\(grouped(metres / 1000)) km" : "\(Int(metres)) m"))
                }
            }
        case .imperial:
            for feet in [10.0, 20, 50, 100, 200, 500, 1000] { out.append((feet * 0.3048, "\(grouped(feet)) ft")) }
            for e in 0...5 {
                for m in [0.25, 0.5, 1, 2, 5] where !(e > 0 && m < 1) {
                    let miles = m * pow(10, Double(e))
                    out.append((miles * 1609.344, "\(miles < 1 ? String(miles) : grouped(miles)) mi"))
                }
            }
        }
        return out
    }

    /// A whole number with thousands separated by commas ("1,000").
    static func grouped(_ value: Double) -> String {
        let digits = String(Int(value.rounded()))
        var out = ""
        for (i, c) in digits.reversed().enumerated() {
            if i > 0 && i % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return String(out.reversed())
    }

    /// The bar as text: "├" "─"… "┤" over `cells` cells (ASCII "|-…-|"), the label and zoom.
    public func text(ascii: Bool) -> String {
        let inner = max(0, cells - 2)
        let (l, h, r) = ascii ? ("|", "-", "|") : ("├", "─", "┤")
        let bar = cells == 1 ? l : l + String(repeating: h, count: inner) + r
        return bar + " " + label + " · z" + String(format: "%.0f", zoom.rounded(.down))
    }

    /// Draws the bar at the bottom-left of `area` (one row, cleared behind the text) when the
    /// area is at least 3 rows and 16 columns; returns where it went.
    @discardableResult
    public static func render(viewport: MapViewport, in area: Rect, environment env: WidgetEnvironment,
                              into buffer: inout Buffer) -> Rect? {
        guard area.height >= 3, area.width >= 16,
              let bar = ScaleBar(viewport: viewport, system: env.format.system, maximumCells: max(1, min(20, area.width / 4)))
        else { return nil }
        let text = bar.text(ascii: env.canvasMode != .braille)
        let w = min(area.width, DisplayWidth.of(text) + 1)
        let r = Rect(x: area.x, y: area.y + area.height - 1, width: w, height: 1)
        buffer.clear(r)
        buffer.setString(x: r.x, y: r.y, text, style: env.style(ThemeRole.muted), maxWidth: area.width)
        return r
    }
}

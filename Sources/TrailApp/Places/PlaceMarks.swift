import Foundation
import TermUI
import TrailCore

/// The hike's places on its map (their kind's symbol where they are) and on the elevation
/// profile (a tick with the symbol on the plot's top row at their distance along).
enum PlaceMarks {
    static func glyph(_ kind: PlaceKind, _ env: WidgetEnvironment) -> String {
        String(env.canvasMode == .braille ? kind.symbol : kind.asciiSymbol)
    }

    /// Draws each place inside the map view at its cell, in the marker colour.
    static func drawOnMap(_ places: [PlaceAlongTrail], viewport: MapViewport, area: Rect, environment env: WidgetEnvironment,
                          into buffer: inout Buffer) {
        guard !places.isEmpty, !area.isEmpty else { return }
        let style = env.style(ThemeRole.marker)
        for p in places {
            guard let c = viewport.cell(p.place.coordinate), c.x < area.width, c.y < area.height else { continue }
            buffer.set(x: area.x + c.x, y: area.y + c.y, Cell(glyph(p.place.kind, env)).applying(style))
        }
    }

    /// Draws a tick for each place on the profile's top row at its distance along.
    static func drawOnProfile(_ places: [PlaceAlongTrail], layout: ElevationChartLayout, environment env: WidgetEnvironment,
                              into buffer: inout Buffer) {
        guard !places.isEmpty, !layout.plot.isEmpty else { return }
        let style = env.style(ThemeRole.marker)
        for p in places {
            let x = layout.column(forX: p.distanceAlong)
            guard x >= layout.plot.x, x < layout.plot.maxX else { continue }
            buffer.set(x: x, y: layout.plot.y, Cell(glyph(p.place.kind, env)).applying(style))
            if layout.plot.height > 2 {
                buffer.set(x: x, y: layout.plot.y + 1, Cell(env.canvasMode == .braille ? "┊" : ":").applying(style))
            }
        }
    }
}

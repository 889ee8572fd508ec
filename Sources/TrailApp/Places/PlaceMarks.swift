import Foundation
import TermUI
import TrailCore

/// The hike's places on its map (their kind's symbol where they are) and on the elevation
/// profile (a tick with the symbol on the plot's top row at their distance along).
enum PlaceMarks {
    static func glyph(_ kind: PlaceKind, _ env: WidgetEnvironment) -> String { glyph(kind, mode: env.canvasMode) }

    /// The symbol of `kind` drawn in `mode` (``PlaceKind/symbol``, in ASCII ``PlaceKind/asciiSymbol``).
    static func glyph(_ kind: PlaceKind, mode: CanvasMode) -> String {
        String(mode == .braille ? kind.symbol : kind.asciiSymbol)
    }

    /// Draws each place inside the map view at its cell, in the marker colour.
    static func drawOnMap(_ places: [PlaceAlongTrail], viewport: MapViewport, area: Rect, environment env: WidgetEnvironment,
                          into buffer: inout Buffer) {
        drawOnMap(places.map(\.place), viewport: viewport, area: area, environment: env, into: &buffer)
    }

    /// Draws each place inside the map view at its cell, in the marker colour, except on the
    /// cell `keeping` (a cursor drawn there stays visible).
    static func drawOnMap(_ places: [Place], viewport: MapViewport, area: Rect, environment env: WidgetEnvironment,
                          keeping: (x: Int, y: Int)? = nil, into buffer: inout Buffer) {
        guard !places.isEmpty, !area.isEmpty else { return }
        let style = env.style(ThemeRole.marker)
        for p in places {
            guard let c = viewport.cell(p.coordinate), c.x < area.width, c.y < area.height else { continue }
            if let k = keeping, k.x == area.x + c.x, k.y == area.y + c.y { continue }
            buffer.set(x: area.x + c.x, y: area.y + c.y, Cell(glyph(p.kind, env)).applying(style))
        }
    }

    /// The hike map's cursor while the map has the focus: a ╋ at the view's centre (where `a`
    /// adds a place; the map pans under it).
    static func drawMapCursor(viewport: MapViewport, area: Rect, environment env: WidgetEnvironment, into buffer: inout Buffer) {
        guard let c = viewport.cell(viewport.center), c.x < area.width, c.y < area.height else { return }
        buffer.set(x: area.x + c.x, y: area.y + c.y,
                   Cell(MapMark.cursor.shown(in: env.canvasMode)).applying(env.style(ThemeRole.cursor)))
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

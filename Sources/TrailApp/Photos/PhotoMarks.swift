import Foundation
import TermUI
import TrailCore
import TrailStore

/// The hike's placed photos as camera pins on its map and marks on its elevation profile
/// (as ``PlaceMarks`` draws places): `▣` in braille mode, `#` in ASCII (no place symbol uses
/// either, so a pin reads without colour); the photo shown in the strip in the selection style.
enum PhotoMarks {
    static func glyph(_ env: WidgetEnvironment) -> String { env.canvasMode == .braille ? "▣" : "#" }

    /// Draws a pin for each placed photo inside the map view, the `selected` one (a row id)
    /// last and in the selection style.
    static func drawOnMap(_ photos: [StoredPhoto], selected: Int64?, viewport: MapViewport, area: Rect,
                          environment env: WidgetEnvironment, into buffer: inout Buffer) {
        guard !photos.isEmpty, !area.isEmpty else { return }
        let ordered = photos.filter { $0.id != selected } + photos.filter { $0.id == selected }
        for p in ordered {
            guard let c = p.photo.coordinate.flatMap({ viewport.cell($0) }), c.x < area.width, c.y < area.height else { continue }
            let style = env.style(p.id == selected ? ThemeRole.selection : ThemeRole.marker)
            buffer.set(x: area.x + c.x, y: area.y + c.y, Cell(glyph(env)).applying(style))
        }
    }

    /// Draws a mark for each placed photo on the profile's bottom row at its distance along
    /// (places have the top row), the `selected` one in the selection style.
    static func drawOnProfile(_ photos: [StoredPhoto], selected: Int64?, layout: ElevationChartLayout,
                              environment env: WidgetEnvironment, into buffer: inout Buffer) {
        guard !photos.isEmpty, !layout.plot.isEmpty else { return }
        let ordered = photos.filter { $0.id != selected } + photos.filter { $0.id == selected }
        for p in ordered {
            guard let along = p.photo.distanceAlong else { continue }
            let x = layout.column(forX: along)
            guard x >= layout.plot.x, x < layout.plot.maxX else { continue }
            let style = env.style(p.id == selected ? ThemeRole.selection : ThemeRole.marker)
            buffer.set(x: x, y: layout.plot.maxY - 1, Cell(glyph(env)).applying(style))
        }
    }
}

import Foundation
import TermUI
import TrailCore
import TrailStore

/// The hike's placed photos as camera pins on its map and marks on its elevation profile
/// (as ``PlaceMarks`` draws places): ``MapMark/photo``, `▣` in braille mode, `&` in ASCII (no
/// place symbol or line cell uses either, so a pin reads without colour); the photo shown in
/// the strip in the selection style.
enum PhotoMarks {
    static func glyph(_ env: WidgetEnvironment) -> String { MapMark.photo.shown(in: env.canvasMode) }

    /// The photos that have a pin: a place and a distance along the line (photos and "photo
    /// here" marks alike). The hike, recording and follow screens all draw these.
    static func placed(_ photos: [StoredPhoto]) -> [StoredPhoto] {
        photos.filter { $0.photo.coordinate != nil && $0.photo.distanceAlong != nil }
    }

    /// `photos` measured along `line` (its nearest point to each, ``TrailProximity``) in place
    /// of the distance they were stored with: the follow route (a backtrack runs the other
    /// way) and the recording's drawn line (every few points kept) have distances of their
    /// own, and a profile mark must sit at the chart's. A photo more than `within` metres off
    /// the line gets no mark on the profile (its map pin stays).
    static func measured(_ photos: [StoredPhoto], along line: PreparedHike, within: Double = 500) -> [StoredPhoto] {
        guard !photos.isEmpty, line.pointCount > 1 else { return [] }
        let proximity = line.proximity
        return photos.compactMap { s in
            guard let c = s.photo.coordinate, let near = proximity.nearest(to: c, within: within) else { return nil }
            var m = s
            m.photo.distanceAlong = near.along
            return m
        }
    }

    /// Draws a pin for each placed photo inside the map view, the `selected` one (a row id)
    /// last and in the selection style; none on the cell of `position` (the live screens'
    /// marker of where the hiker is stays visible).
    static func drawOnMap(_ photos: [StoredPhoto], selected: Int64?, viewport: MapViewport, area: Rect,
                          position: Coordinate? = nil, environment env: WidgetEnvironment, into buffer: inout Buffer) {
        guard !photos.isEmpty, !area.isEmpty else { return }
        let ordered = photos.filter { $0.id != selected } + photos.filter { $0.id == selected }
        let here = position.flatMap { viewport.cell($0) }
        for p in ordered {
            guard let c = p.photo.coordinate.flatMap({ viewport.cell($0) }), c.x < area.width, c.y < area.height else { continue }
            if let here, here.x == c.x && here.y == c.y { continue }
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

import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap

/// The drawing screen's map: the basemap and labels as ``MapWidget`` draws them, the legs
/// (routed legs in the route colour with direction chevrons; straight legs dashed in the
/// `straight-leg` colour; legs still being routed dashed and muted), the stops numbered in
/// walking order (start and destination in their marker colours), pins (✕) and the cursor, a
/// crosshair (╋ with short arms; over a stop, the stop's number in reverse).
///
/// The OpenStreetMap attribution follows ``MapWidget``'s rule. Without map data for the view,
/// a one-line note at the top says so (the middle of the map is where the cursor is).
public struct DrawMapWidget: Sendable {
    /// The drawing.
    public var model: DrawModel
    /// Theme, units, braille mode.
    public var environment: WidgetEnvironment

    /// Overlay priorities: above the route (20) and chevrons (21), the cursor on top.
    public enum Layer {
        public static let cursorArm = 25
        public static let pin = 30
        public static let stop = 35
        public static let cursor = 50
    }
    /// Dots drawn and dots skipped along a dashed leg.
    public static let dash = (on: 3.0, off: 3.0)
    /// The note shown when the map store has no data for the view.
    public static var noDataNote: String { L("No map data here: legs stay straight (cairn map import)") }

    public init(model: DrawModel, environment: WidgetEnvironment) {
        self.model = model
        self.environment = environment
    }

    /// What a render drew, for tests.
    public struct RenderInfo: Sendable {
        /// Buffer cells of the stop markers, in stop order (nil when out of view).
        public var stopCells: [MapWidget.CellPosition?] = []
        /// Buffer cell of the cursor, when in view.
        public var cursorCell: MapWidget.CellPosition?
        /// Buffer cells of the pins in view.
        public var pinCells: [MapWidget.CellPosition] = []
        /// True when basemap data was drawn.
        public var basemapDrawn = false
    }

    /// The marker of stop `index` (0-based): 1…9, then A…Z, then "+".
    public static func stopGlyph(_ index: Int) -> String {
        if index < 9 { return String(index + 1) }
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return index - 9 < letters.count ? String(letters[index - 9]) : "+"
    }

    /// Draws the map into `area` of `buffer` (cleared first).
    @discardableResult
    public func render(area: Rect, into buffer: inout Buffer) -> RenderInfo {
        let area = area.intersection(buffer.area)
        buffer.clear(area)
        var info = RenderInfo()
        guard !area.isEmpty else { return info }
        let vp = model.viewport.resized(width: area.width, height: area.height)
        var base = MapWidget(viewport: vp, basemap: model.basemap, showsLabels: model.showsLabels, environment: environment)
        base.showsContours = model.showsContours
        let transform = vp.transform
        var canvas = BrailleCanvas(width: area.width, height: area.height)
        if model.showsContours, let basemap = model.basemap { base.drawContours(basemap, viewport: vp, canvas: &canvas) }
        var placer = MapLabelPlacer(width: area.width, height: area.height)

        let hasData = model.basemap?.hasData(in: vp.bounds) ?? false
        let attributionText = area.height >= 2 ? MapWidget.attributionText(forWidth: area.width) : nil
        var attributionRect: Rect?
        if hasData, let basemap = model.basemap, let text = attributionText {
            let w = DisplayWidth.of(text)
            let r = Rect(x: area.width - w, y: area.height - 1, width: w, height: 1)
            placer.block(r)
            attributionRect = r
            info.basemapDrawn = base.drawBasemap(basemap, transform: transform, canvas: &canvas, placer: &placer)
        }
        func dot(_ c: Coordinate) -> DotPoint { transform.dot(WebMercator.unitPoint(c)) }
        func cell(_ c: Coordinate) -> (x: Int, y: Int)? { vp.cell(c) }

        // Legs.
        let routeInk = Ink(environment.style(ThemeRole.route), priority: MapFeatureStyle.Layer.route)
        let straightInk = Ink(environment.style(ThemeRole.straightLeg), priority: MapFeatureStyle.Layer.route)
        let pendingInk = Ink(environment.style(ThemeRole.muted), priority: MapFeatureStyle.Layer.route)
        var routedDots: [DotPoint] = []
        var legStarts: Set<Int> = []
        for i in 0..<max(0, model.stops.count - 1) {
            if let leg = model.leg(i) {
                if leg.isRouted {
                    let dots = leg.coordinates.map(dot)
                    legStarts.insert(routedDots.count)
                    routedDots += dots
                    canvas.polyline(dots, ink: routeInk)
                } else {
                    dashed(from: dot(leg.from), to: dot(leg.to), ink: straightInk, canvas: &canvas)
                }
            } else {
                dashed(from: dot(model.stops[i]), to: dot(model.stops[i + 1]), ink: pendingInk, canvas: &canvas)
            }
        }
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where canvas.mask(cellX: x, cellY: y) != 0 {
                if let owner = canvas.owningInk(cellX: x, cellY: y), owner.priority == MapFeatureStyle.Layer.route {
                    placer.block(x: x, y: y)
                }
            }
        }
        let stopCells = model.stops.map(cell)
        base.drawChevrons(dots: routedDots, segmentStarts: legStarts, avoid: stopCells.compactMap { $0 }, canvas: &canvas)

        // Pins, stops, cursor.
        for pin in model.pins {
            guard let c = cell(pin) else { continue }
            canvas.overlay("✕", cellX: c.x, cellY: c.y, style: environment.style(ThemeRole.warning), priority: Layer.pin,
                           ascii: "x")
            placer.block(x: c.x, y: c.y)
            info.pinCells.append(MapWidget.CellPosition(x: area.x + c.x, y: area.y + c.y))
        }
        let last = model.stops.count - 1
        for (i, c) in stopCells.enumerated() {
            guard let c else { info.stopCells.append(nil); continue }
            let role = i == 0 ? ThemeRole.routeStart : (i == last ? ThemeRole.routeFinish : ThemeRole.marker)
            var style = environment.style(role)
            if model.moving == i || (model.focus == .list && model.selected == i) {
                style = style.patched(with: environment.style(ThemeRole.highlight))
            }
            let glyph = Self.stopGlyph(i)
            canvas.overlay(glyph, cellX: c.x, cellY: c.y, style: style, priority: Layer.stop, ascii: glyph.first)
            placer.block(x: c.x, y: c.y)
            info.stopCells.append(MapWidget.CellPosition(x: area.x + c.x, y: area.y + c.y))
        }
        if let c = cell(model.cursor) {
            let style = environment.style(ThemeRole.cursor)
            // On a stop, the cursor shows the stop's number in reverse, so both stay visible.
            if let i = stopCells.lastIndex(where: { $0.map { $0.x == c.x && $0.y == c.y } ?? false }) {
                let glyph = Self.stopGlyph(i)
                canvas.overlay(glyph, cellX: c.x, cellY: c.y, style: style.patched(with: Style(attributes: .reverse)),
                               priority: Layer.cursor, ascii: glyph.first)
            } else {
                canvas.overlay("╋", cellX: c.x, cellY: c.y, style: style, priority: Layer.cursor, ascii: "+")
            }
            for (dx, dy, glyph, ascii) in [(-1, 0, "─", "-"), (1, 0, "─", "-"), (0, -1, "│", "|"), (0, 1, "│", "|")] {
                canvas.overlay(glyph, cellX: c.x + dx, cellY: c.y + dy, style: style, priority: Layer.cursorArm,
                               ascii: Character(ascii))
            }
            placer.block(Rect(x: c.x - 1, y: c.y - 1, width: 3, height: 3))
            info.cursorCell = MapWidget.CellPosition(x: area.x + c.x, y: area.y + c.y)
        }

        if info.basemapDrawn, model.showsLabels, let basemap = model.basemap {
            base.placeLabels(basemap, transform: transform, canvas: &canvas, placer: &placer)
        }
        canvas.render(into: &buffer, at: area, mode: environment.canvasMode)
        base.showsHillshade = model.showsHillshade
        base.drawHillshade(viewport: vp, area: area, into: &buffer)
        if info.basemapDrawn, let r = attributionRect, let text = attributionText {
            buffer.setString(x: area.x + r.x, y: area.y + r.y, text, style: environment.style(ThemeRole.muted))
        }
        // The scale bar in the bottom-left corner, unless the attribution needs the room.
        let attributionWidth = info.basemapDrawn ? (attributionText.map { DisplayWidth.of($0) } ?? 0) : 0
        if area.width >= 16 + attributionWidth {
            ScaleBar.render(viewport: vp, in: Rect(x: area.x, y: area.y, width: area.width - attributionWidth, height: area.height),
                            environment: environment, into: &buffer)
        }
        if !hasData, model.basemap != nil {
            let w = min(DisplayWidth.of(Self.noDataNote), area.width)
            buffer.clear(Rect(x: area.x, y: area.y, width: w, height: 1))
            buffer.setString(x: area.x, y: area.y, Self.noDataNote, style: environment.style(ThemeRole.warning),
                             maxWidth: area.width)
        }
        return info
    }

    /// A dashed line from `a` to `b` (``dash`` dots on, then off), only the part in the canvas.
    func dashed(from a: DotPoint, to b: DotPoint, ink: Ink, canvas: inout BrailleCanvas) {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length.isFinite, length > 0 else { canvas.point(a, ink: ink); return }
        // Liang–Barsky: the parameter range of the segment inside the canvas.
        var t0 = 0.0, t1 = 1.0
        let checks = [(-dx, a.x), (dx, Double(canvas.dotWidth) - a.x), (-dy, a.y), (dy, Double(canvas.dotHeight) - a.y)]
        for (p, q) in checks {
            if p == 0 {
                if q < 0 { return }
            } else {
                let r = q / p
                if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            }
        }
        guard t0 < t1 else { return }
        let period = Self.dash.on + Self.dash.off
        // Dashes are laid from `a`, so they do not crawl when the view scrolls.
        var s = (t0 * length / period).rounded(.down) * period
        while s < t1 * length {
            let e = min(s + Self.dash.on, length)
            if e > t0 * length {
                let from = DotPoint(x: a.x + dx * s / length, y: a.y + dy * s / length)
                let to = DotPoint(x: a.x + dx * e / length, y: a.y + dy * e / length)
                canvas.line(from: from, to: to, ink: ink)
            }
            s += period
        }
    }
}

extension ThemeRole {
    /// Legs drawn as straight lines (routing off, or nothing mapped to follow).
    public static let straightLeg = "straight-leg"
}

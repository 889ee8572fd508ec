import Foundation
import TermUI
import TrailCore

extension MapWidget {
    /// The theme role for a route piece of grade `g` when colouring by slope: the SAC roles
    /// `sac-1` … `sac-6` by absolute grade below 5, 10, 15, 25, 35 % and above.
    public static func slopeRole(_ g: Double?) -> String {
        LineClass.slopeBand(g).map(ThemeRole.sac) ?? ThemeRole.route
    }

    /// The arrow for a direction of travel `(dx, dy)` in dots (y down): one of → ↗ ↑ ↖ ← ↙ ↓ ↘,
    /// with an ASCII stand-in (> ^ < v; diagonals by their horizontal sense).
    public static func chevron(dx: Double, dy: Double) -> (glyph: String, ascii: Character) {
        let angle = atan2(-dy, dx)  // counter-clockwise from east, y up
        let sector = (Int((angle / (.pi / 4)).rounded()) + 8) % 8
        let glyphs = ["→", "↗", "↑", "↖", "←", "↙", "↓", "↘"]
        let ascii: [Character] = [">", ">", "^", "<", "<", "<", "v", ">"]
        return (glyphs[sector], ascii[sector])
    }

    /// Draws the route line, chevrons, start, finish and scrub markers; blocks their cells for
    /// labels and records them in `info`.
    ///
    /// The line is the loudest thing on the map (DECISIONS 600): two dots wide (the canvas's
    /// heavy line), drawn on a layer of its own that then knocks out the basemap: its cells show
    /// the line's dots only, and the basemap's dots touching it in the cells around are cleared
    /// (a one-dot halo), so it reads as one stroke over contours, paths and forest edges.
    /// Labels never cover its cells; symbols there give way to it (their ink priority is lower).
    func drawRoute(_ hike: PreparedHike, line: BrailleCanvas, transform: UnitTransform, canvas: inout BrailleCanvas,
                   placer: inout MapLabelPlacer, area: Rect, info: inout RenderInfo) {
        let n = hike.pointCount
        let dots = hike.unitPoints.map(transform.dot)
        let segmentStarts = Set(hike.segmentStartIndices)
        canvas.knockOut(line, halo: true)
        // The route's cells are not for labels.
        for y in 0..<line.height {
            for x in 0..<line.width where line.mask(cellX: x, cellY: y) != 0 {
                placer.block(x: x, y: y)
                info.routeCells.insert(CellPosition(x: area.x + x, y: area.y + y))
            }
        }
        func cell(_ p: DotPoint) -> (x: Int, y: Int)? {
            guard p.x >= 0, p.y >= 0, p.x < Double(canvas.dotWidth), p.y < Double(canvas.dotHeight) else { return nil }
            return (Int(p.x) / 2, Int(p.y) / 4)
        }
        let start = cell(dots[0]), finish = cell(dots[n - 1])
        drawChevrons(dots: dots, segmentStarts: segmentStarts, avoid: [start, finish].compactMap { $0 }, canvas: &canvas)
        if let s = start, let f = finish, s == f {
            // Both ends in one cell: one combined mark, named so in the `?` map legend.
            canvas.overlay(MapMark.startAndFinish.glyph, cellX: s.x, cellY: s.y, style: environment.style(ThemeRole.routeStart),
                           priority: MapFeatureStyle.Layer.start, ascii: MapMark.startAndFinish.ascii)
            placer.block(x: s.x, y: s.y)
            info.startCell = CellPosition(x: area.x + s.x, y: area.y + s.y)
            info.finishCell = info.startCell
        } else { drawEnds(start: start, finish: finish, canvas: &canvas, placer: &placer, area: area, info: &info) }
        if let si = scrubIndex, let m = cell(dots[hike.clampedIndex(si)]) {
            canvas.overlay(MapMark.position.glyph, cellX: m.x, cellY: m.y, style: environment.style(ThemeRole.marker),
                           priority: MapFeatureStyle.Layer.marker, ascii: MapMark.position.ascii)
            placer.block(x: m.x, y: m.y)
            info.markerCell = CellPosition(x: area.x + m.x, y: area.y + m.y)
        }
    }

    /// The start (●) and finish (◆) marks, each in its own cell.
    private func drawEnds(start: (x: Int, y: Int)?, finish: (x: Int, y: Int)?, canvas: inout BrailleCanvas,
                          placer: inout MapLabelPlacer, area: Rect, info: inout RenderInfo) {
        if let f = finish {
            canvas.overlay(MapMark.finish.glyph, cellX: f.x, cellY: f.y, style: environment.style(ThemeRole.routeFinish),
                           priority: MapFeatureStyle.Layer.finish, ascii: MapMark.finish.ascii)
            placer.block(x: f.x, y: f.y)
            info.finishCell = CellPosition(x: area.x + f.x, y: area.y + f.y)
        }
        if let s = start {
            canvas.overlay(MapMark.start.glyph, cellX: s.x, cellY: s.y, style: environment.style(ThemeRole.routeStart),
                           priority: MapFeatureStyle.Layer.start, ascii: MapMark.start.ascii)
            placer.block(x: s.x, y: s.y)
            info.startCell = CellPosition(x: area.x + s.x, y: area.y + s.y)
        }
    }

    /// The hike's line alone on a canvas of `width` × `height` cells (the map's), in its
    /// colouring and two dots wide (``drawRoute(_:line:transform:canvas:placer:area:info:)``
    /// puts it over the basemap).
    func routeLine(_ hike: PreparedHike, transform: UnitTransform, width: Int, height: Int) -> BrailleCanvas {
        let n = hike.pointCount
        let dots = hike.unitPoints.map(transform.dot)
        let segmentStarts = Set(hike.segmentStartIndices)
        let plain = Ink(environment.style(ThemeRole.route), priority: MapFeatureStyle.Layer.route)
        var classInks: [Int: Ink] = [:]
        let patterned = linePatterned
        var phase = 0.0
        var line = BrailleCanvas(width: width, height: height)
        for i in 0..<n {
            if i + 1 < n && !segmentStarts.contains(i + 1) {
                guard let k = lineClass(at: i) else {
                    line.line(from: dots[i], to: dots[i + 1], ink: plain, weight: .heavy)
                    continue
                }
                let ink = classInks[k] ?? Ink(environment.style(LineClass.role(k)), priority: MapFeatureStyle.Layer.route)
                classInks[k] = ink
                if patterned {
                    phase = patternedLine(from: dots[i], to: dots[i + 1], class: k, phase: phase, ink: ink, canvas: &line,
                                          doubled: true)
                } else {
                    line.line(from: dots[i], to: dots[i + 1], ink: ink, weight: .heavy)
                }
            } else if i == 0 || segmentStarts.contains(i) {
                line.marker(at: dots[i], shape: .square, radius: 0.5, ink: plain)
            }
        }
        if !coveredRanges.isEmpty { drawCovered(hike, dots: dots, canvas: &line) }
        return line
    }

    /// Arrows every ``chevronSpacing`` dots along the line (measured on screen), pointing the
    /// way of travel over ±4 dots of line, never within 3 cells of `avoid` or on a cell that
    /// already has one.
    func drawChevrons(dots: [DotPoint], segmentStarts: Set<Int>, avoid: [(x: Int, y: Int)], canvas: inout BrailleCanvas) {
        guard dots.count > 1 else { return }
        let style = environment.style(ThemeRole.routeChevron)
        // Cumulative screen length along the line (segment gaps add nothing).
        var along = [Double](repeating: 0, count: dots.count)
        for i in 1..<dots.count {
            let gap = segmentStarts.contains(i)
            let dx = dots[i].x - dots[i - 1].x, dy = dots[i].y - dots[i - 1].y
            along[i] = along[i - 1] + (gap ? 0 : (dx * dx + dy * dy).squareRoot())
        }
        guard let total = along.last, total > MapWidget.chevronSpacing else { return }
        func point(at s: Double) -> DotPoint {
            var lo = 0, hi = along.count - 1
            while hi - lo > 1 {
                let mid = (lo + hi) / 2
                if along[mid] <= s { lo = mid } else { hi = mid }
            }
            let span = along[hi] - along[lo]
            let t = span > 0 ? (s - along[lo]) / span : 0
            return DotPoint(x: dots[lo].x + t * (dots[hi].x - dots[lo].x), y: dots[lo].y + t * (dots[hi].y - dots[lo].y))
        }
        var s = MapWidget.chevronSpacing
        while s < total - MapWidget.chevronSpacing / 2 {
            defer { s += MapWidget.chevronSpacing }
            let p = point(at: s)
            guard p.x >= 0, p.y >= 0, p.x < Double(canvas.dotWidth), p.y < Double(canvas.dotHeight) else { continue }
            let cx = Int(p.x) / 2, cy = Int(p.y) / 4
            if avoid.contains(where: { abs($0.x - cx) <= 3 && abs($0.y - cy) <= 3 }) { continue }
            if canvas.hasOverlay(in: Rect(x: cx, y: cy, width: 1, height: 1), minimumPriority: MapFeatureStyle.Layer.chevron) {
                continue
            }
            let a = point(at: max(0, s - 4)), b = point(at: min(total, s + 4))
            guard a != b else { continue }
            let c = MapWidget.chevron(dx: b.x - a.x, dy: b.y - a.y)
            canvas.overlay(c.glyph, cellX: cx, cellY: cy, style: style, priority: MapFeatureStyle.Layer.chevron, ascii: c.ascii)
        }
    }
}

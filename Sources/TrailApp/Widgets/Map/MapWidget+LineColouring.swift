import Localization
import Foundation
import TermUI
import TrailMap

extension MapWidget {
    /// The class (``LineClass``) of the stretch from point `i` to `i + 1` under the current
    /// colouring, nil for the plain route colour.
    func lineClass(at i: Int) -> Int? {
        switch effectiveColouring {
        case .plain, .walked: return nil
        case .slope:
            guard let grades = routeGrades, i < grades.count else { return nil }
            return LineClass.slopeBand(grades[i])
        case .grade:
            guard let ground = hike?.ground, i < ground.tags.count else { return nil }
            return LineClass.of(ground.tags[i])
        }
    }

    /// ``lineColouring``, reading plain with ``routeGrades`` set as slope.
    var effectiveColouring: LineColouring {
        lineColouring == .plain && routeGrades != nil ? .slope : lineColouring
    }

    /// True when the theme cannot tell the classes apart by colour (mono, NO_COLOR): the line
    /// is then drawn in each class's dash pattern (``LineClass/patterns``).
    var linePatterned: Bool { environment.style(ThemeRole.sac(1)).fg == nil }

    /// Draws `a`→`b` in class `k`'s dash pattern, `phase` dots into the pattern; returns the
    /// phase after it (so a pattern runs on across the points of the line).
    func patternedLine(from a: DotPoint, to b: DotPoint, class k: Int, phase: Double, ink: Ink,
                       canvas: inout BrailleCanvas, doubled: Bool = false) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let length = (dx * dx + dy * dy).squareRoot()
        guard length > 0, length.isFinite else { return phase }
        let steps = Int(length.rounded(.up))
        var runStart: Int?
        func point(_ s: Int) -> DotPoint {
            let t = min(1, Double(s) / length)
            return DotPoint(x: a.x + t * dx, y: a.y + t * dy)
        }
        for s in 0...steps {
            let on = s < steps && LineClass.isOn(k, at: Int(phase) + s)
            if on, runStart == nil { runStart = s }
            if !on, let r = runStart {
                Self.stroke(from: point(r), to: point(max(r, s - 1)), ink: ink, doubled: doubled, canvas: &canvas)
                runStart = nil
            }
        }
        return phase + length
    }

    /// Draws `a`→`b`; `doubled`, two dots wide in the same cells (``LineWeight/double``, which
    /// keeps a dash pattern's one-dot gaps): the hike's line is two dots wide, the map's lines
    /// one (DECISIONS 600).
    static func stroke(from a: DotPoint, to b: DotPoint, ink: Ink, doubled: Bool, canvas: inout BrailleCanvas) {
        canvas.line(from: a, to: b, ink: ink, weight: doubled ? .double : .thin)
    }

    /// The legend of the coloured line: its title ("SAC ", "slope "), its entries (a class
    /// and its name) in rows, or a warning alone; ``height`` rows above the map.
    struct Legend: Equatable {
        var title = ""
        var rows: [[LegendEntry]] = []
        var warning: String?
        /// Entries left out for want of room, said at the end of the last row ("+2 more").
        var more = 0
        var height: Int { warning != nil ? 1 : rows.count }
        /// The "+N more" text.
        static func moreText(_ n: Int) -> String { L("+%d more", n) }
        /// Its cells.
        static func moreWidth(_ n: Int) -> Int { DisplayWidth.of(moreText(n)) }
    }

    /// One entry of the legend: class `k` (``LineClass``) and its name.
    struct LegendEntry: Equatable {
        var k: Int
        var name: String
        /// Cells: the sample, the name and a space.
        var width: Int { MapWidget.sampleWidth + DisplayWidth.of(name) + 1 }
    }

    /// The legend for a map in `area`, nil when the line is plain or the map too small
    /// (``legend(_:hasGround:area:)`` for this map's colouring and hike).
    func legend(for area: Rect) -> Legend? {
        guard let hike else { return nil }
        return Self.legend(effectiveColouring, hasGround: hike.ground != nil, area: area)
    }

    /// The legend of a line coloured by `colouring` over a map in `area` (`hasGround`: the
    /// hike has ``PreparedHike/ground``), nil when plain or the map is under 3 × 12 cells: the
    /// entries in as many rows as they need, those after the title's width on the rows below
    /// it. Rows: 1 on a map under 6 rows, 2 from 6 rows (the map keeps at least 4), 3 from 16.
    /// Entries that still do not fit are never cut nor dropped silently: the last ones give
    /// way, whole, to "+N more" (``Legend/more``). Colour and patterns have the same entries.
    static func legend(_ colouring: LineColouring, hasGround: Bool, area: Rect) -> Legend? {
        guard colouring != .plain, area.height >= 3, area.width >= 12 else { return nil }
        var entries: [LegendEntry]
        switch colouring {
        case .plain: return nil
        case .slope:
            entries = zip(1...6, ["<5%", "<10%", "<15%", "<25%", "<35%", "35%+"]).map { LegendEntry(k: $0, name: $1) }
        case .grade:
            guard hasGround else { return Legend(warning: " " + L("SAC grade: no map data under the line") + " ") }
            entries = (1...6).map { LegendEntry(k: $0, name: "T\($0)") }
                + [LegendEntry(k: LineClass.ungraded, name: L("ungraded")), LegendEntry(k: LineClass.offMap, name: L("no path"))]
        case .walked:
            entries = [LegendEntry(k: LineClass.walked, name: L("by other hikes")), LegendEntry(k: LineClass.notWalked, name: L("not yet"))]
        }
        let titles: [LineColouring: String] = [.slope: Lc("legend", "slope") + " ", .grade: Lc("SAC scale", "SAC") + " ", .walked: Lc("legend", "walked") + " "]
        var legend = Legend(title: titles[colouring] ?? "")
        let room = area.width - DisplayWidth.of(legend.title)
        let maxRows = area.height >= 16 ? 3 : area.height >= 6 ? 2 : 1
        var row: [LegendEntry] = [], used = 0, placed = 0
        for e in entries {
            if used + e.width > room {
                guard !row.isEmpty, legend.rows.count + 1 < maxRows else { break }
                legend.rows.append(row)
                row = []
                used = 0
            }
            guard e.width <= room else { break }
            row.append(e)
            used += e.width
            placed += 1
        }
        // The entries left out: the last placed ones give way until "+N more" fits the row.
        var more = entries.count - placed
        while more > 0, !row.isEmpty, used + Legend.moreWidth(more) > room {
            used -= row.removeLast().width
            more += 1
        }
        legend.more = more
        // The last row, empty when "+N more" is all it holds.
        if !row.isEmpty || more > 0 { legend.rows.append(row) }
        return legend.rows.isEmpty ? nil : legend
    }

    /// The part of a map `area` below the legend of a line coloured by `colouring`
    /// (``legend(_:hasGround:area:)``; all of it when there is none): where the map is drawn.
    static func mapArea(in area: Rect, colouring: LineColouring, hasGround: Bool) -> Rect {
        below(legend(colouring, hasGround: hasGround, area: area), in: area)
    }

    /// The rows of `area` under the legend (all of it when there is none): the map is drawn
    /// there, so the legend hides none of it.
    public func mapArea(in area: Rect) -> Rect { Self.below(legend(for: area), in: area) }

    /// The rows of `area` under `legend`.
    private static func below(_ legend: Legend?, in area: Rect) -> Rect {
        guard let legend else { return area }
        return Rect(x: area.x, y: area.y + legend.height, width: area.width, height: max(0, area.height - legend.height))
    }

    /// Draws `legend` in the top rows of `area`: a sample of each class (a coloured bar, or
    /// its dash pattern without colour) and its name.
    func drawLegend(_ legend: Legend, area: Rect, into buffer: inout Buffer) {
        buffer.clear(Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, legend.height)))
        if let warning = legend.warning {
            buffer.setString(x: area.x, y: area.y, warning, style: environment.style(ThemeRole.warning), maxWidth: area.width)
            return
        }
        let text = environment.style(ThemeRole.text)
        buffer.setString(x: area.x, y: area.y, legend.title, style: text, maxWidth: area.width)
        for (r, row) in legend.rows.enumerated() {
            var x = area.x + DisplayWidth.of(legend.title)
            for e in row {
                x = sample(e.k, x: x, y: area.y + r, into: &buffer)
                x = buffer.setString(x: x, y: area.y + r, e.name + " ", style: text, maxWidth: max(0, area.maxX - x))
            }
        }
        if legend.more > 0 {
            let y = area.y + legend.rows.count - 1
            let x = area.x + DisplayWidth.of(legend.title) + (legend.rows.last ?? []).reduce(0) { $0 + $1.width }
            let text = Legend.moreWidth(legend.more) <= area.maxX - x ? Legend.moreText(legend.more) : "+\(legend.more)"
            buffer.setString(x: x, y: y, text, style: environment.style(ThemeRole.muted), maxWidth: max(0, area.maxX - x))
        }
    }

    /// Cells of a legend sample: 4 (8 braille dots), enough to show every dash pattern's gap.
    static let sampleWidth = 4

    /// ``sampleWidth`` cells showing class `k` as the line draws it; returns the column after them.
    func sample(_ k: Int, x: Int, y: Int, into buffer: inout Buffer) -> Int {
        let style = environment.style(LineClass.role(k))
        if environment.canvasMode == .ascii {
            let glyphs = linePatterned && k < LineClass.walked
                ? [". . ", "====", "=== ", "-- -", "=- .", ". . ", "=.=.", ".   "][min(7, max(0, k))] : "===="
            buffer.setString(x: x, y: y, glyphs, style: style)
            return x + Self.sampleWidth
        }
        // The pattern through the middle rows of a braille canvas 8 dots wide.
        var canvas = BrailleCanvas(width: Self.sampleWidth, height: 1)
        let end = Double(2 * Self.sampleWidth) - 0.01
        let ink = Ink(style, priority: MapFeatureStyle.Layer.route)
        if linePatterned && k != LineClass.walked && k != LineClass.notWalked {
            _ = patternedLine(from: DotPoint(x: 0, y: 1.5), to: DotPoint(x: end, y: 1.5), class: k, phase: 0, ink: ink, canvas: &canvas,
                             doubled: true)
        } else {
            canvas.line(from: DotPoint(x: 0, y: 1.5), to: DotPoint(x: end, y: 1.5), ink: ink, weight: .heavy)
        }
        canvas.render(into: &buffer, at: Rect(x: x, y: y, width: Self.sampleWidth, height: 1), mode: .braille)
        return x + Self.sampleWidth
    }
}

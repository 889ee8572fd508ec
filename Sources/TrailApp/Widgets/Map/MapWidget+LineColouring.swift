import Foundation
import TermUI
import TrailMap

extension MapWidget {
    /// The class (``LineClass``) of the stretch from point `i` to `i + 1` under the current
    /// colouring, nil for the plain route colour.
    func lineClass(at i: Int) -> Int? {
        switch effectiveColouring {
        case .plain: return nil
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

    /// Draws `a`→`b`; `doubled`, with a second line one dot beside it (above or below a
    /// flatter line, left or right of a steeper one, on the side that keeps the pair in the
    /// same braille cell at `a`): the route's mark without colour, two dots wide where the
    /// map's paths are one (DECISIONS 352).
    static func stroke(from a: DotPoint, to b: DotPoint, ink: Ink, doubled: Bool, canvas: inout BrailleCanvas) {
        canvas.line(from: a, to: b, ink: ink)
        guard doubled, a.x.isFinite, a.y.isFinite, abs(a.x) < 1e9, abs(a.y) < 1e9 else { return }
        let flat = abs(b.x - a.x) >= abs(b.y - a.y)
        let column = ((Int(a.x.rounded(.down)) % 2) + 2) % 2, row = ((Int(a.y.rounded(.down)) % 4) + 4) % 4
        let ox = flat ? 0.0 : (column == 0 ? 1.0 : -1.0), oy = flat ? (row == 3 ? -1.0 : 1.0) : 0.0
        canvas.line(from: DotPoint(x: a.x + ox, y: a.y + oy), to: DotPoint(x: b.x + ox, y: b.y + oy), ink: ink)
    }

    /// The legend of the coloured line in the map's top row: a sample of each class (a
    /// coloured bar, or its dash pattern without colour) and its name.
    func drawLegend(area: Rect, into buffer: inout Buffer) {
        let colouring = effectiveColouring
        guard colouring != .plain, area.height >= 3, area.width >= 12 else { return }
        var items: [(Int, String)]
        switch colouring {
        case .plain: return
        case .slope: items = zip(1...6, ["<5%", "<10%", "<15%", "<25%", "<35%", "35%+"]).map { ($0, $1) }
        case .grade:
            guard hike?.ground != nil else {
                buffer.setString(x: area.x, y: area.y, " SAC grade: no map data under the line ",
                                 style: environment.style(ThemeRole.warning), maxWidth: area.width)
                return
            }
            items = (1...6).map { ($0, "T\($0)") } + [(LineClass.ungraded, "ungraded"), (LineClass.offMap, "off map")]
        }
        var x = area.x
        let text = environment.style(ThemeRole.text)
        x = buffer.setString(x: x, y: area.y, colouring == .slope ? "slope " : "SAC ", style: text,
                             maxWidth: max(0, area.maxX - x))
        for (k, name) in items {
            guard x + Self.sampleWidth + DisplayWidth.of(name) + 1 <= area.maxX else { break }
            x = sample(k, x: x, y: area.y, into: &buffer)
            x = buffer.setString(x: x, y: area.y, name + " ", style: text, maxWidth: max(0, area.maxX - x))
        }
    }

    /// Cells of a legend sample: 4 (8 braille dots), enough to show every dash pattern's gap.
    static let sampleWidth = 4

    /// ``sampleWidth`` cells showing class `k` as the line draws it; returns the column after them.
    func sample(_ k: Int, x: Int, y: Int, into buffer: inout Buffer) -> Int {
        let style = environment.style(LineClass.role(k))
        if environment.canvasMode == .ascii {
            let glyphs = linePatterned ? [". . ", "====", "=== ", "-- -", "=- .", ". . ", "=.=.", ".   "][min(7, max(0, k))] : "===="
            buffer.setString(x: x, y: y, glyphs, style: style)
            return x + Self.sampleWidth
        }
        // The pattern through the middle rows of a braille canvas 8 dots wide.
        var canvas = BrailleCanvas(width: Self.sampleWidth, height: 1)
        let end = Double(2 * Self.sampleWidth) - 0.01
        let ink = Ink(style, priority: MapFeatureStyle.Layer.route)
        if linePatterned {
            _ = patternedLine(from: DotPoint(x: 0, y: 1.5), to: DotPoint(x: end, y: 1.5), class: k, phase: 0, ink: ink, canvas: &canvas)
        } else {
            canvas.line(from: DotPoint(x: 0, y: 1.5), to: DotPoint(x: end, y: 1.5), ink: ink)
            canvas.line(from: DotPoint(x: 0, y: 2.5), to: DotPoint(x: end, y: 2.5), ink: ink)
        }
        canvas.render(into: &buffer, at: Rect(x: x, y: y, width: Self.sampleWidth, height: 1), mode: .braille)
        return x + Self.sampleWidth
    }
}

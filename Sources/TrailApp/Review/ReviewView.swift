import Foundation
import TermUI
import TrailCore
import TrailMap

/// Draws the match review: a heading with the line's figures, the map with the recorded line
/// (dotted, `chart-terrain`: the "other line" colour of the profile) under the matched line
/// (solid, `route`), the selected section's other way (dashed, `route-covered`) and the selected
/// section in the `marker` colour, with a legend in its own rows above the map; beside it the sections with their lengths, largest offset and choice,
/// and the selected one's details.
public enum ReviewView {
    /// Dash patterns (dots on, off): they tell the lines apart without colour too.
    static let rawDashes = (on: 1, off: 2)
    static let alternativeDashes = (on: 4, off: 3)

    public static func render(model: ReviewModel, environment env: WidgetEnvironment, area: Rect, into buffer: inout Buffer) {
        buffer.clear(area)
        guard area.width >= 20, area.height >= 6 else { return }
        let layout = ReviewLayout(area: area)
        let u = env.format
        let name = TextSanitizer.sanitize(model.hike.screen.hike.name)
        // What the hike shows first; then the match's figures, whole parts only.
        var shows = "shows: " + (model.keptVersion == 0 ? "recorded line" : "line version \(model.keptVersion)")
        if model.keptVersion != 0, let saved = model.savedChoices {
            shows += saved == model.effectiveChoices ? " (these choices)" : " (choices changed: s saves)"
        } else if model.keptVersion != 0, model.match != nil {
            shows += " (not from this match)"
        }
        var parts = ["Match review · \(name)", shows]
        if let m = model.match, let raw = model.raw {
            let recorded = raw.reduce(0) { $0 + TrackMatch.length(of: $1[...]) }
            parts += ["\(String(format: "%.1f", m.matchedShare * 100)) % of \(m.pointCount) points matched",
                      "recorded \(u.distance(recorded)), matched \(u.distance(m.length))"]
        }
        var heading = parts[0]
        for p in parts.dropFirst() where DisplayWidth.of(heading + " · " + p) <= layout.heading.width - 2 { heading += " · " + p }
        buffer.setString(x: layout.heading.x + 1, y: layout.heading.y, heading, style: env.style(ThemeRole.heading),
                         maxWidth: layout.heading.width - 2)
        renderMap(model, env, layout.map, &buffer)
        renderLegend(env, layout.legend, &buffer)
        renderPanel(model, env, layout.panel, &buffer)
    }

    /// The lines of the map, bottom to top.
    static func lines(_ model: ReviewModel) -> [ComparisonLine] {
        guard let match = model.match else {
            return (model.raw ?? []).map { ComparisonLine($0, role: ThemeRole.chartTerrain, dashes: rawDashes) }
        }
        // The recording under the match: where they agree the matched line shows.
        var out = (model.raw ?? []).map { ComparisonLine($0, role: ThemeRole.chartTerrain, dashes: rawDashes) }
        out += match.segments.map { ComparisonLine($0, role: ThemeRole.route) }
        if let s = model.selectedSection {
            if let alt = s.alternative { out.append(ComparisonLine(alt, role: ThemeRole.routeCovered, dashes: alternativeDashes)) }
            let i = min(max(0, model.selected), match.sections.count - 1)
            switch model.choice(i) {
            case .matched: out.append(ComparisonLine(s.matched, role: ThemeRole.marker))
            case .raw: out.append(ComparisonLine(s.raw, role: ThemeRole.marker, dashes: rawDashes))
            case .alternative: out.append(ComparisonLine(s.alternative ?? s.matched, role: ThemeRole.marker, dashes: alternativeDashes))
            }
        }
        return out
    }

    static func renderMap(_ model: ReviewModel, _ env: WidgetEnvironment, _ area: Rect, _ buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        var map = MapWidget(viewport: model.hike.screen.viewport, basemap: model.hike.screen.basemap,
                            showsLabels: model.hike.screen.showsLabels, environment: env)
        map.showsContours = model.hike.screen.showsContours
        map.comparisonLines = lines(model)
        map.render(area: area, into: &buffer)
    }

    /// The legend's entries: a sample of each line (braille or ASCII), its role and name.
    static func legendEntries(braille: Bool) -> [(sample: String, role: String, label: String)] {
        [(braille ? "━━" : "==", ThemeRole.route, "matched"), (braille ? "┈┈" : "..", ThemeRole.chartTerrain, "recorded"),
         (braille ? "╌╌" : "--", ThemeRole.routeCovered, "other way"), (braille ? "━━" : "##", ThemeRole.marker, "section, as kept")]
    }

    /// The legend's entries in rows of at most `width` cells: one row when they fit, else two
    /// (whole entries, those that fit in neither left out).
    static func legendRows(width: Int) -> [[(sample: String, role: String, label: String)]] {
        var rows: [[(sample: String, role: String, label: String)]] = [[]]
        var used = 1
        for e in legendEntries(braille: true) {
            let w = entryWidth(e)
            if used + w > width, !rows[rows.count - 1].isEmpty, rows.count < 2 { rows.append([]); used = 1 }
            guard used + w <= width else { break }
            rows[rows.count - 1].append(e)
            used += w
        }
        return rows.filter { !$0.isEmpty }
    }

    static func entryWidth(_ e: (sample: String, role: String, label: String)) -> Int {
        DisplayWidth.of(e.sample) + 1 + DisplayWidth.of(e.label) + 2
    }

    /// The legend in its rows above the map (``ReviewLayout/legend``), drawn in the styles the
    /// map uses: the recorded line dotted, the other way dashed (patterns tell them apart
    /// without colour too).
    static func renderLegend(_ env: WidgetEnvironment, _ area: Rect, _ buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let braille = env.canvasMode == .braille
        let samples = Dictionary(uniqueKeysWithValues: legendEntries(braille: braille).map { ($0.label, $0.sample) })
        for (r, row) in legendRows(width: area.width).prefix(area.height).enumerated() {
            var x = area.x + 1
            for e in row {
                let sample = samples[e.label] ?? e.sample
                buffer.setString(x: x, y: area.y + r, sample, style: env.style(e.role))
                buffer.setString(x: x + DisplayWidth.of(sample) + 1, y: area.y + r, e.label, style: env.style(ThemeRole.text))
                x += entryWidth(e)
            }
        }
    }

    static func pad(_ s: String, _ n: Int) -> String { String(repeating: " ", count: max(0, n - DisplayWidth.of(s))) + s }

    static func renderPanel(_ model: ReviewModel, _ env: WidgetEnvironment, _ area: Rect, _ buffer: inout Buffer) {
        guard area.width >= 20, area.height >= 3 else { return }
        let u = env.format
        let x = area.x + 1, w = area.width - 2
        guard let match = model.match else {
            let text = model.failure.map { "No match: \(TextSanitizer.sanitize($0))" } ?? "Matching the recording onto the mapped paths…"
            // Wrapped: the failure says what to import, which must not be cut off.
            for (i, line) in TextFit.wrap(text, toWidth: w).prefix(max(1, area.height - 1)).enumerated() {
                buffer.setString(x: x, y: area.y + 1 + i, line, style: env.style(model.failure == nil ? ThemeRole.muted : ThemeRole.warning),
                                 maxWidth: w)
            }
            return
        }
        let sections = match.sections
        buffer.setString(x: x, y: area.y, " # KIND         RAW MATCHED    DIFF MAX OFF  KEEP", style: env.style(ThemeRole.muted), maxWidth: w)
        if sections.isEmpty {
            buffer.setString(x: x, y: area.y + 1, "Nothing to review: the match follows the recording.", style: env.style(ThemeRole.text),
                             maxWidth: w)
        }
        let detailHeight = min(7, max(0, area.height - 4))
        let listHeight = max(1, area.height - 1 - detailHeight)
        let selected = min(max(0, model.selected), max(0, sections.count - 1))
        let top = max(0, min(selected - listHeight / 2, sections.count - listHeight))
        for r in 0..<min(listHeight, max(0, sections.count - top)) {
            let i = top + r
            let s = sections[i]
            let unmatched = s.kind == .unmatched
            let diff = unmatched ? "--" : (s.lengthDifference >= 0 ? "+" : "−") + u.distance(abs(s.lengthDifference))
            // "*": the matcher has another way for it (a).
            let keep = unmatched ? "off map" : (model.choice(i) == .alternative ? "other way" : model.choice(i).rawValue)
                + (s.alternative != nil ? " *" : "")
            let line = pad("\(i + 1)", 2) + " " + s.kind.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0)
                + pad(u.distance(s.rawLength), 7) + pad(unmatched ? "--" : u.distance(s.matchedLength), 8)
                + pad(diff, 8) + pad(unmatched ? "--" : u.distance(s.maxOffset), 8) + "  " + keep
            let style = env.style(i == selected ? ThemeRole.selection : ThemeRole.text)
            if i == selected { buffer.fill(Rect(x: area.x, y: area.y + 1 + r, width: area.width, height: 1), with: Cell(" ").applying(style)) }
            buffer.setString(x: x, y: area.y + 1 + r, line, style: style, maxWidth: w)
        }
        guard detailHeight > 0, let s = model.selectedSection else { return }
        let y0 = area.maxY - detailHeight
        var lines: [(String, String)] = [("Section \(selected + 1) of \(sections.count): points \(s.points.lowerBound)-\(s.points.upperBound)",
                                          ThemeRole.heading)]
        switch s.kind {
        case .unmatched: lines.append((s.collapsed ? "Its points all match one spot: it stays as recorded."
                                        : "No walkable way within 30 m: the recording stays as it is.", ThemeRole.text))
        case .moved: lines.append(("The match runs up to \(u.distance(s.maxOffset)) from the recording.", ThemeRole.text))
        case .ambiguous: lines.append(("Another way fits nearly as well here." + (s.alternative != nil ? " (* a: take it)" : ""),
                                       ThemeRole.text))
        }
        if s.kind != .unmatched {
            lines.append(("recorded \(u.distance(s.rawLength)) · matched \(u.distance(s.matchedLength))"
                          + (s.alternativeLength.map { " · other way \(u.distance($0))" } ?? "")
                          + (s.alternativeHeightEffect.flatMap { $0.isSignificant ? " (\($0.summary(u)))" : nil } ?? ""), ThemeRole.text))
        }
        if let length = model.keptLength {
            lines.append(("Line with these choices: \(ReviewFeature.lengthFigure(length, matched: match.length, u))", ThemeRole.text))
        }
        let keys = ["m matched", "r recorded"] + (s.alternative != nil ? ["a other way"] : []) + ["s save", "u recorded line"]
        lines.append((keys.dropFirst().reduce(keys[0]) { DisplayWidth.of($0 + " · " + $1) <= w ? $0 + " · " + $1 : $0 }, ThemeRole.muted))
        for (k, l) in lines.prefix(detailHeight).enumerated() {
            buffer.setString(x: x, y: y0 + k, l.0, style: env.style(l.1), maxWidth: w)
        }
    }
}

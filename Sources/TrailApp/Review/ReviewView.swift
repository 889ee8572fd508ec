import Foundation
import Localization
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
        guard area.width >= 20, area.height >= 4 else { return }
        let heading = headingRows(model, env.format, width: area.width - 2)
        let layout = self.layout(model, env, area: area)
        for (i, row) in heading.prefix(layout.heading.height).enumerated() {
            buffer.setString(x: layout.heading.x + 1, y: layout.heading.y + i, row, style: env.style(ThemeRole.heading),
                             maxWidth: layout.heading.width - 2)
        }
        renderMap(model, env, layout.map, &buffer)
        renderLegend(env, layout.legend, &buffer)
        renderPanel(model, env, layout.panel, &buffer)
    }

    /// Where the parts go for `model` in `area`: the heading's rows and, on a narrow screen,
    /// the rows the panel needs (three list rows and the whole detail) before the map.
    static func layout(_ model: ReviewModel, _ env: WidgetEnvironment, area: Rect) -> ReviewLayout {
        ReviewLayout(area: area, headingRows: headingRows(model, env.format, width: area.width - 2).count,
                     panelRows: panelRowsNeeded(model, env.format, width: area.width, listRows: 3))
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
        [(braille ? "━━" : "==", ThemeRole.route, Lc("keep", "matched")), (braille ? "┈┈" : "..", ThemeRole.chartTerrain, Lc("keep", "recorded")),
         (braille ? "╌╌" : "--", ThemeRole.routeCovered, Lc("keep", "other way")), (braille ? "━━" : "##", ThemeRole.marker, L("section, as kept"))]
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
}

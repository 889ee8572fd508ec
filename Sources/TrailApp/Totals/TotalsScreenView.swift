import Localization
import Foundation
import TermUI
import TrailCore

/// The Totals screen: a title line, the chart of the measure for the year shown beside the
/// year before, and below it the selected month's and the two years' figures with the
/// all-time line — or, after `r`, the records list.
enum TotalsScreenView {
    /// Rows under the chart: the table header, five figures, a blank line, all time.
    static let panelHeight = 8

    static func render(model: TotalsModel, environment env: WidgetEnvironment, area: Rect, into buffer: inout Buffer) {
        let text = env.style(ThemeRole.text), muted = env.style(ThemeRole.muted), heading = env.style(ThemeRole.heading)
        guard let report = model.report, let year = model.year else {
            let line = model.failure.map { L("Totals not read: %s", $0) } ?? L("Reading the walks…")
            buffer.setString(x: 1, y: area.y + 1, TextSanitizer.sanitize(line), style: muted, maxWidth: area.width - 2)
            return
        }
        let units = env.format
        // TRANSLATORS: the Totals title; keep both "▆" (each is coloured as its year's bars).
        let title = L("Totals · %s ▆ against %s ▆ · %s by month · months in %s", year, year - 1, model.measure.label, report.timeZone)
        buffer.setString(x: 1, y: area.y, title, style: heading, maxWidth: area.width - 2)
        // Colour the two legend blocks like their bars.
        if let r = title.range(of: "▆") {
            let a = title.distance(from: title.startIndex, to: r.lowerBound)
            buffer.set(x: 1 + a, y: area.y, Cell("▆").applying(env.style(ThemeRole.route)))
            if let r2 = title[r.upperBound...].range(of: "▆") {
                let b = title.distance(from: title.startIndex, to: r2.lowerBound)
                buffer.set(x: 1 + b, y: area.y, Cell("▆").applying(muted))
            }
        }
        let below = area.height - 1
        if model.showsRecords {
            renderRecords(model, report, env, Rect(x: area.x, y: area.y + 2, width: area.width, height: below - 1), &buffer)
            return
        }
        // One more row under "All time" for what its "~" climb means (the terrain's part).
        // Wrapped to the screen (80 columns cut it).
        // And what "walks" and "trails" count, once, under it.
        let note = (TotalsText.terrainNote(report.allTime, units).map { TextFit.wrap($0, toWidth: max(1, area.width - 2)) } ?? [])
            + TextFit.wrap(TotalsText.walksAndTrails, toWidth: max(1, area.width - 2))
        let panel = min(panelHeight + note.count, max(0, below - 5))
        let chartArea = Rect(x: area.x + 1, y: area.y + 1, width: area.width - 2, height: below - panel)
        let system = units.system
        TotalsChart(values: report.thisYear.months.map { model.measure.value($0, system) },
                    previous: report.lastYear.months.map { model.measure.value($0, system) },
                    unit: model.measure.unit(system), selectedMonth: model.month, environment: env,
                    wholeNumbers: model.measure == .walks)
            .render(area: chartArea, into: &buffer)
        guard panel >= 7 else { return }
        let m = model.month, name = TotalsText.month(m)
        let columns: [(String, TotalsFigures)] = [("\(name) \(year)", report.thisYear.months[m]),
                                                  ("\(name) \(year - 1)", report.lastYear.months[m]),
                                                  ("\(year)", report.thisYear.total), ("\(year - 1)", report.lastYear.total)]
        let rows: [(String, (TotalsFigures) -> String)] = [
            (L("distance"), { units.distance($0.distance) }), (L("climb"), { TotalsText.climb($0, units) }),
            (L("moving"), { units.duration($0.movingTime) }), (L("walks"), { "\($0.walks)" }), (L("trails"), { "\($0.trails)" }),
        ]
        var y = chartArea.y + chartArea.height
        let labelWidth = 10, width = max(10, (area.width - 2 - labelWidth) / 4)
        for (i, c) in columns.enumerated() {
            let x = area.x + 1 + labelWidth + i * width
            buffer.setString(x: x + max(0, width - 1 - c.0.count), y: y, c.0, style: i == 0 ? heading : env.style(ThemeRole.label),
                             maxWidth: width - 1)
        }
        for (label, value) in rows {
            y += 1
            buffer.setString(x: area.x + 1, y: y, label, style: env.style(ThemeRole.label), maxWidth: labelWidth)
            for (i, c) in columns.enumerated() {
                let s = value(c.1)
                buffer.setString(x: area.x + 1 + labelWidth + i * width + max(0, width - 1 - s.count), y: y, s,
                                 style: i == 0 ? text : muted, maxWidth: width - 1)
            }
        }
        y += 2
        if y < area.y + area.height {
            buffer.setString(x: area.x + 1, y: y, L("All time: %s", TotalsText.figures(report.allTime, units)), style: text,
                             maxWidth: area.width - 2)
        }
        for (k, line) in note.enumerated() where y + 1 + k < area.y + area.height {
            buffer.setString(x: area.x + 1, y: y + 1 + k, line, style: muted, maxWidth: area.width - 2)
        }
    }

    /// The records, one a line, the selected one highlighted; Enter opens its hike.
    static func renderRecords(_ model: TotalsModel, _ report: TotalsReport, _ env: WidgetEnvironment, _ area: Rect,
                              _ buffer: inout Buffer) {
        let units = env.format
        buffer.setString(x: area.x + 1, y: area.y, L("Records (Enter opens the hike; r back to the chart)"),
                         style: env.style(ThemeRole.heading), maxWidth: area.width - 2)
        // Below the records (or at the foot when they fill the area): what they leave out.
        let notes = TotalsText.leftOut(report, units)
        let recordsEnd = area.y + 2 + report.records.count * 2
        for (k, note) in notes.enumerated() {
            let y = min(recordsEnd + k, area.y + area.height - notes.count + k)
            guard y > area.y, y < area.y + area.height else { continue }
            buffer.setString(x: area.x + 1, y: y, note, style: env.style(ThemeRole.muted), maxWidth: area.width - 2)
        }
        if report.records.isEmpty {
            buffer.setString(x: area.x + 1, y: area.y + 2, L("None yet: no walk with numbers."), style: env.style(ThemeRole.muted),
                             maxWidth: area.width - 2)
            return
        }
        for (i, r) in report.records.enumerated() {
            let y = area.y + 2 + i * 2
            guard y + 1 < area.y + area.height - min(notes.count, max(0, recordsEnd - (area.y + area.height - notes.count)))
            else { break }
            let selected = i == model.selectedRecord
            let style = selected ? env.style(ThemeRole.selection) : env.style(ThemeRole.text)
            if selected { buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), with: Cell(" ").applying(style)) }
            // The label column as wide as the longest record's name in the user's language.
            let labelWidth = max(15, report.records.map { DisplayWidth.of(TotalsText.label($0.kind)) + 2 }.max() ?? 0)
            let label = TotalsText.label(r.kind)
            let line = label + String(repeating: " ", count: max(1, labelWidth - DisplayWidth.of(label)))
                + TotalsText.value(r, units, report.rules)
            buffer.setString(x: area.x + 1, y: y, line, style: style, maxWidth: area.width - 2)
            let hike = "  \(units.date(r.startTime)) · \(TextSanitizer.sanitize(r.trailName))"
                + (r.walkID != nil ? " " + L("(a walk of it)") : "") + " · \(r.trailID)"
            buffer.setString(x: area.x + 1, y: y + 1, hike, style: env.style(ThemeRole.muted), maxWidth: area.width - 2)
        }
    }
}

import TermUI
import TrailCore

/// Two years side by side, month by month, as vertical block bars in eighths of a cell
/// (U+2581…U+2588), with a left axis at nice values in the measure's unit and the months
/// below. The year before is drawn first in each month, in the muted style; the year shown
/// beside it in the route's colour; the selected month's label is highlighted.
struct TotalsChart {
    /// Twelve values each (January first), in the axis unit.
    var values: [Double]
    var previous: [Double]
    var unit: String
    var selectedMonth: Int
    var environment: WidgetEnvironment
    /// The measure counts things (walks): ticks only at whole numbers, never "0.5 walks".
    var wholeNumbers = false

    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    func render(area: Rect, into buffer: inout Buffer) {
        guard area.width >= 20, area.height >= 4 else { return }
        let env = environment
        let axisStyle = env.style(ThemeRole.chartAxis), labelStyle = env.style(ThemeRole.label)
        let barRows = area.height - 2
        let top = max(values.max() ?? 0, previous.max() ?? 0)
        var ticks = NiceTicks(min: 0, max: top > 0 ? top : 1, maxTicks: max(2, min(5, barRows / 2)))
        // Counts: steps of one walk, and one step above the busiest month so its tick is drawn
        // (the axis's top value has no row of its own).
        if wholeNumbers, ticks.step < 1 { ticks = NiceTicks(lower: 0, upper: max(1, top.rounded(.up)) + 1, step: 1) }
        let labels = ticks.values.map { env.format.decimal($0, decimals: ticks.decimals) }  // the locale's decimal separator
        let axisWidth = max(unit.count, labels.map(\.count).max() ?? 1) + 1
        let plotX = area.x + axisWidth + 1
        let plotWidth = area.x + area.width - plotX
        let slot = max(2, plotWidth / 12)
        let bar = max(1, (slot - 1) / 2)
        let baseY = area.y + area.height - 2
        buffer.setString(x: area.x, y: area.y, unit, style: labelStyle, maxWidth: axisWidth)
        // The axis line and its ticks, at the row nearest each value.
        for row in 0..<barRows {
            buffer.set(x: plotX - 1, y: baseY - row, Cell("│").applying(axisStyle))
        }
        for (v, text) in zip(ticks.values, labels) {
            let row = Int((v / ticks.upper * Double(barRows)).rounded(.down))
            guard row >= 0, row < barRows else { continue }
            let y = baseY - row
            buffer.setString(x: plotX - 1 - text.count, y: y, text, style: labelStyle, maxWidth: axisWidth)
            buffer.set(x: plotX - 1, y: y, Cell("┤").applying(axisStyle))
        }
        buffer.set(x: plotX - 1, y: baseY + 1, Cell("└").applying(axisStyle))
        for x in plotX..<(area.x + area.width) { buffer.set(x: x, y: baseY + 1, Cell("─").applying(axisStyle)) }
        for m in 0..<12 {
            let x = plotX + m * slot
            guard x + 2 * bar <= area.x + area.width || bar == 1 && x < area.x + area.width else { break }
            column(previous[m], x: x, width: bar, baseY: baseY, rows: barRows, upper: ticks.upper,
                   style: env.style(ThemeRole.muted), &buffer)
            column(values[m], x: x + bar, width: bar, baseY: baseY, rows: barRows, upper: ticks.upper,
                   style: env.style(ThemeRole.route), &buffer)
            // The month's abbreviation; where the slot is narrower, cut with "…".
            let name = slot >= 4 ? TextFit.truncate(TotalsText.month(m), toWidth: min(slot - 1, 4))
                : String(TotalsText.month(m).prefix(slot))
            buffer.setString(x: x, y: baseY + 1, name,
                             style: m == selectedMonth ? env.style(ThemeRole.selection) : labelStyle, maxWidth: slot)
        }
    }

    /// One bar: full cells from the base up, then the eighth that is left.
    private func column(_ value: Double, x: Int, width: Int, baseY: Int, rows: Int, upper: Double, style: Style,
                        _ buffer: inout Buffer) {
        guard value > 0, upper > 0 else { return }
        let eighths = max(1, min(rows * 8, Int((value / upper * Double(rows * 8)).rounded())))
        for row in 0..<((eighths + 7) / 8) {
            let left = eighths - row * 8
            let glyph = Self.blocks[min(8, left) - 1]
            for dx in 0..<width { buffer.set(x: x + dx, y: baseY - row, Cell(String(glyph)).applying(style)) }
        }
    }
}

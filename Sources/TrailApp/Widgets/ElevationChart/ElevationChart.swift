import Localization
import Foundation
import TermUI
import TrailCore

/// The elevation profile of a hike against distance (or elapsed time): a braille line with the
/// area under it filled, y-axis labels in the user's elevation unit at 1-2-5 ticks
/// (``NiceTicks``), x-axis labels, a vertical cursor at the scrub point with readouts (distance
/// along, elevation, time of day when the track has times, grade over ±50 m — see
/// ``ProfileGrade``), and a selected range shaded with the `selection` style.
///
/// State in, buffer out: build one per frame and call ``render(area:into:)``. A track without
/// elevations shows "No elevation data" over the distance axis; a hike without points shows
/// "No track points". Any area size works, down to 0x0.
public struct ElevationChart: Sendable {
    /// The hike drawn.
    public var hike: PreparedHike
    /// The x values (distance or time).
    public var series: ProfileSeries
    /// The flattened point index of the cursor, or nil for no cursor.
    public var scrubIndex: Int?
    /// The selected range of point indices (start and end marks), or nil.
    public var range: ClosedRange<Int>?
    /// Theme, units, braille mode.
    public var environment: WidgetEnvironment
    /// Whether the terrain's line (``HikeTerrain/elevations``) is drawn beside the GPS line,
    /// with a legend and both gains (`t` on the hike screen; see ElevationChart+Terrain).
    public var showsTerrainLine = false

    /// Creates a chart.
    /// - Parameters:
    ///   - series: the x values; pass one kept in state to avoid recomputing it (by default it
    ///     is built for the distance axis).
    public init(hike: PreparedHike, series: ProfileSeries? = nil, scrubIndex: Int? = nil,
                range: ClosedRange<Int>? = nil, environment: WidgetEnvironment) {
        self.hike = hike
        self.series = series ?? ProfileSeries(profile: hike.profile, axis: .distance)
        self.scrubIndex = scrubIndex
        self.range = range
        self.environment = environment
    }

    /// The elevation axis for a plot about `plotHeight` rows high, in the display unit: the
    /// data range padded by 5 % (at least half a unit) on each side, with labels at the
    /// multiples of a 1-2-5 step (``NiceTicks``) inside it, about one per two rows. Nil without
    /// elevations.
    func elevationAxis(plotHeight: Int) -> ElevationAxis? {
        guard var r = series.elevationRange ?? terrainSeries?.elevationRange else { return nil }
        if let t = terrainSeries?.elevationRange { r = min(r.lowerBound, t.lowerBound)...max(r.upperBound, t.upperBound) }
        let u = environment.format.system.metresPerElevationUnit
        let lo = r.lowerBound / u, hi = r.upperBound / u
        let pad = max(0.5, (hi - lo) * 0.05)
        let ticks = NiceTicks(min: lo, max: hi, maxTicks: max(2, plotHeight / 2))
        return ElevationAxis(lower: lo - pad, upper: hi + pad, ticks: ticks)
    }

    /// The layout this chart uses in `area` (for mapping columns to points).
    public func layout(in area: Rect) -> ElevationChartLayout {
        let axis = elevationAxis(plotHeight: max(1, area.height - 2))
        let width = axis.map { a in a.labelValues.map { yLabel($0, ticks: a.ticks).count }.max() ?? 0 } ?? 0
        return ElevationChartLayout(area: area, yLabelWidth: width, maxX: series.maxX, legendRow: terrainSeries != nil)
    }

    /// The point index shown at buffer column `column` (the point nearest to that column's
    /// x value), nil for an empty hike.
    public func index(atColumn column: Int, in area: Rect) -> Int? {
        guard hike.pointCount > 0 else { return nil }
        let x = layout(in: area).x(atColumn: column)
        let xs = series.xs
        var lo = 0, hi = xs.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if xs[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        if lo > 0 && abs(xs[lo - 1] - x) <= abs(xs[lo] - x) { return lo - 1 }
        return lo
    }

    /// Draws the chart into `area` of `buffer` (cleared first).
    public func render(area: Rect, into buffer: inout Buffer) {
        let area = area.intersection(buffer.area)
        buffer.clear(area)
        guard !area.isEmpty else { return }
        guard hike.pointCount > 0 else {
            drawCentered(L("No track points"), in: area, style: environment.style(ThemeRole.muted), into: &buffer)
            return
        }
        let layout = layout(in: area)
        let axis = elevationAxis(plotHeight: layout.plot.height)
        if let axis, !layout.plot.isEmpty {
            drawProfile(layout: layout, axis: axis, into: &buffer)
            drawYAxis(layout: layout, axis: axis, into: &buffer)
        }
        drawRange(layout: layout, into: &buffer)
        drawXAxis(layout: layout, into: &buffer)
        if axis == nil, !layout.plot.isEmpty {
            var canvas = BrailleCanvas(width: layout.plot.width, height: layout.plot.height)
            drawMarks(layout: layout, canvas: &canvas)
            canvas.render(into: &buffer, at: layout.plot, mode: environment.canvasMode)
        }
        if axis == nil {
            drawCentered(L("No elevation data"), in: layout.plot, style: environment.style(ThemeRole.muted), into: &buffer)
        }
        if axis != nil { drawGapLabels(layout: layout, into: &buffer) }
        drawReadout(layout: layout, into: &buffer)
        if axis != nil { drawTerrainLegend(layout: layout, into: &buffer) }
    }

    /// The braille line and the filled area under it.
    func drawProfile(layout: ElevationChartLayout, axis: ElevationAxis, into buffer: inout Buffer) {
        let plot = layout.plot
        var canvas = BrailleCanvas(width: plot.width, height: plot.height)
        let columns = layout.dotColumns, rows = canvas.dotHeight
        let envelope = series.columnEnvelope(columns: columns)
        let u = environment.format.system.metresPerElevationUnit
        @inline(__always) func dotY(_ metres: Double) -> Int { axis.dotRow(metres / u, rows: rows) }
        let line = Ink(environment.style(ThemeRole.chartLine), priority: 2)
        let fill = Ink(environment.style(ThemeRole.chartFill), priority: 1)
        let ascii = environment.canvasMode == .ascii
        for (x, v) in envelope.enumerated() {
            guard let v else { continue }
            let top = dotY(v.max), bottom = dotY(v.min)
            // Fill: a sparse dot pattern below the line (every other row, alternating columns),
            // so the area reads as shading and the line stays clear. In ASCII mode one dot per
            // cell from the next cell down, which shows as ".".
            if ascii {
                if x % 2 == 0 {
                    var y = (bottom / 4 + 1) * 4 + 3
                    while y < rows { canvas.setDot(x: x, y: y, ink: fill); y += 4 }
                }
            } else {
                var y = bottom + 2
                while y < rows {
                    if y % 2 == 1 && (x + y / 2) % 2 == 0 { canvas.setDot(x: x, y: y, ink: fill) }
                    y += 1
                }
            }
            for y in top...bottom { canvas.setDot(x: x, y: y, ink: line) }
        }
        if let terrain = terrainSeries { drawTerrainLine(terrain, layout: layout, axis: axis, canvas: &canvas) }
        drawMarks(layout: layout, canvas: &canvas)
        canvas.render(into: &buffer, at: plot, mode: environment.canvasMode)
    }

    /// The label of elevation tick `value` (display unit).
    func yLabel(_ value: Double, ticks: NiceTicks) -> String {
        environment.format.decimal(value, decimals: ticks.decimals) + " " + environment.format.system.elevationSymbol
    }

    func drawYAxis(layout: ElevationChartLayout, axis elevation: ElevationAxis, into buffer: inout Buffer) {
        let axis = layout.yAxis
        guard axis.width > 1, layout.plot.height > 0 else { return }
        let rows = layout.plot.height * 4
        let style = environment.style(ThemeRole.chartAxis)
        var usedRows = Set<Int>()
        // Top tick first so the highest label always shows.
        for value in elevation.labelValues.reversed() {
            let row = layout.plot.y + elevation.dotRow(value, rows: rows) / 4
            guard !usedRows.contains(row), !usedRows.contains(row - 1), !usedRows.contains(row + 1) else { continue }
            usedRows.insert(row)
            let text = yLabel(value, ticks: elevation.ticks)
            let w = DisplayWidth.of(text)
            buffer.setString(x: axis.maxX - 1 - min(w, axis.width - 1), y: row, text, style: style, maxWidth: axis.width - 1)
        }
    }

    func drawXAxis(layout: ElevationChartLayout, into buffer: inout Buffer) {
        let axis = layout.xAxis
        guard axis.height > 0, axis.width > 0 else { return }
        let style = environment.style(ThemeRole.chartAxis)
        let labels = xTickLabels(layout: layout)
        var nextFree = axis.x
        for (i, l) in labels.enumerated() {
            let w = DisplayWidth.of(l.text)
            var x = l.column - w / 2
            if i == 0 { x = max(x, axis.x) }
            x = min(x, axis.maxX - w)
            guard x >= nextFree, x >= axis.x else { continue }
            buffer.setString(x: x, y: axis.y, l.text, style: style)
            nextFree = x + w + 2
        }
    }

    /// The x-axis tick labels with the buffer column each is centred on; the last one carries
    /// the unit.
    func xTickLabels(layout: ElevationChartLayout) -> [(text: String, column: Int)] {
        let maxTicks = max(2, layout.plot.width / 8)
        var out: [(String, Int)] = []
        switch series.axis {
        case .distance:
            let system = environment.format.system
            let unit = system.metresPerDistanceUnit
            let ticks = NiceTicks(min: 0, max: series.maxX / unit, maxTicks: maxTicks)
            let values = ticks.values.filter { $0 * unit <= series.maxX + 1e-9 }
            for (i, v) in values.enumerated() {
                var text = environment.format.decimal(v, decimals: ticks.decimals)
                if i == values.count - 1 { text += " " + system.distanceSymbol }
                out.append((text, layout.column(forX: v * unit)))
            }
        case .time:
            let step = ElevationChart.timeStep(atLeast: series.maxX / Double(max(1, maxTicks - 1)))
            var t = 0.0
            while t <= series.maxX + 1e-9 {
                let m = Int(t / 60)
                out.append((String(format: "%d:%02d", m / 60, m % 60), layout.column(forX: t)))
                t += step
            }
            if !out.isEmpty { out[out.count - 1].0 += " h" }
        }
        return out
    }

    /// The smallest of 1, 2, 5, 10, 15, 30 min, 1, 2, 3, 6, 12, 24 h that is ≥ `seconds`.
    static func timeStep(atLeast seconds: Double) -> Double {
        let steps: [Double] = [60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400]
        return steps.first { $0 >= seconds } ?? (seconds / 86400).rounded(.up) * 86400
    }

    func drawRange(layout: ElevationChartLayout, into buffer: inout Buffer) {
        guard let r = range, !layout.plot.isEmpty else { return }
        let a = hike.clampedIndex(r.lowerBound), b = hike.clampedIndex(r.upperBound)
        let c0 = layout.column(forX: series.xs[a]), c1 = layout.column(forX: series.xs[b])
        let style = environment.style(ThemeRole.selection)
        buffer.setStyle(style, in: Rect(x: c0, y: layout.plot.y, width: c1 - c0 + 1, height: layout.plot.height))
    }

    /// The range edges as dotted vertical lines and the cursor as a solid one, in dot columns
    /// of the plot (so they show in plain text too).
    func drawMarks(layout: ElevationChartLayout, canvas: inout BrailleCanvas) {
        let rows = canvas.dotHeight
        if let r = range {
            let ink = Ink(environment.style(ThemeRole.selection), priority: 3)
            for i in [r.lowerBound, r.upperBound] {
                let x = layout.dotColumn(forX: series.xs[hike.clampedIndex(i)])
                for y in stride(from: 0, to: rows, by: 2) { canvas.setDot(x: x, y: y, ink: ink) }
            }
        }
        if let s = scrubIndex {
            let x = layout.dotColumn(forX: series.xs[hike.clampedIndex(s)])
            let ink = Ink(environment.style(ThemeRole.chartCursor), priority: 4)
            for y in 0..<rows { canvas.setDot(x: x, y: y, ink: ink) }
        }
    }

    /// The cursor readouts, joined by " · ": distance (or elapsed time and distance), elevation
    /// (with the terrain's line shown: "GPS 1 650 m · terrain 1 632 m", "fill 1 640 m · …" where
    /// the file has no height and the profile's is the terrain fill's), time of day, grade.
    public func readoutText() -> String? {
        guard let s = scrubIndex, hike.pointCount > 0 else { return nil }
        let i = hike.clampedIndex(s)
        let f = environment.format
        var parts = [f.distance(hike.profile.distances[i])]
        if terrainSeries != nil, let t = hike.terrain {
            // Both lines drawn: both heights under the cursor, each named ("--" where one has none).
            // A height the file lacks is the fill's (terrain + the file's offset): "fill", not "GPS".
            parts.append((t.isFilled(i) ? L("fill") + " " : "GPS ") + f.elevation(hike.profile.elevations[i]))
            parts.append(L("terrain") + " " + f.elevation(t.elevations.indices.contains(i) ? t.elevations[i] : nil))
        } else if let e = hike.profile.elevations[i] {
            parts.append(f.elevation(e))
        }
        if let t = hike.profile.times[i] { parts.append(f.time(t)) }
        if let g = ProfileGrade.grade(in: hike.profile, at: i) { parts.append(f.grade(g)) }
        return parts.joined(separator: " · ")
    }

    func drawReadout(layout: ElevationChartLayout, into buffer: inout Buffer) {
        let r = layout.readout
        guard r.height > 0, r.width > 0 else { return }
        var x = r.x
        if let text = readoutText() {
            x = buffer.setString(x: r.x, y: r.y, "▸ " + text, style: environment.style(ThemeRole.text), maxWidth: r.width)
        }
        if let range, hike.pointCount > 0 {
            let f = environment.format
            let a = hike.profile.distances[hike.clampedIndex(range.lowerBound)]
            let b = hike.profile.distances[hike.clampedIndex(range.upperBound)]
            let text = L("range %s–%s", f.distance(a), f.distance(b))
            let w = DisplayWidth.of(text)
            if r.maxX - w >= x + 2 {
                buffer.setString(x: r.maxX - w, y: r.y, text, style: environment.style(ThemeRole.selection))
            }
        }
    }

    func drawCentered(_ text: String, in rect: Rect, style: Style, into buffer: inout Buffer) {
        guard !rect.isEmpty else { return }
        let w = min(DisplayWidth.of(text), rect.width)
        buffer.setString(x: rect.x + (rect.width - w) / 2, y: rect.y + rect.height / 2, text, style: style, maxWidth: rect.width)
    }
}

/// The elevation axis of the chart, in the display unit (see
/// ``ElevationChart/elevationAxis(plotHeight:)``).
struct ElevationAxis: Sendable {
    /// Value at the bottom dot row.
    var lower: Double
    /// Value at the top dot row.
    var upper: Double
    /// The label step.
    var ticks: NiceTicks

    /// Tick values inside the axis.
    var labelValues: [Double] { ticks.values.filter { $0 >= lower && $0 <= upper } }

    /// The dot row (0 at the top) of `value` on a plot `rows` dots high.
    @inline(__always)
    func dotRow(_ value: Double, rows: Int) -> Int {
        let span = upper - lower
        guard span > 0, rows > 1 else { return 0 }
        return min(rows - 1, max(0, Int((upper - value) * Double(rows - 1) / span + 0.5)))
    }
}

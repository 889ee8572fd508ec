import TermUI

/// Where the parts of an ``ElevationChart`` go inside its area, and the mapping between x
/// values and plot columns (for the cursor, range marks and mouse clicks).
///
/// Parts, as space allows: the readout line on top (height ≥ 3), the x-axis labels at the
/// bottom (height ≥ 4), the y-axis labels on the left (width ≥ 16 and a plot of at least 8
/// columns left); the plot takes the rest.
public struct ElevationChartLayout: Hashable, Sendable {
    /// The whole chart area.
    public var area: Rect
    /// The readout line (height 0 when there is no room).
    public var readout: Rect
    /// The row of the terrain line's legend under the readout (height 0 when not asked for or
    /// no room: the legend then goes on the plot's top row).
    public var legend: Rect
    /// The braille plot.
    public var plot: Rect
    /// The y-axis labels, left of the plot.
    public var yAxis: Rect
    /// The x-axis labels, under the plot.
    public var xAxis: Rect
    /// The largest x value of the series (metres or seconds); x = 0 is at the plot's left edge.
    public var maxX: Double

    /// Lays out a chart in `area` whose y labels are at most `yLabelWidth` columns wide.
    /// `legendRow`: a row of its own for a legend under the readout when the plot keeps at
    /// least 3 rows (the terrain line's, so it does not hide the profile's top).
    public init(area: Rect, yLabelWidth: Int, maxX: Double, legendRow: Bool = false) {
        self.area = area
        self.maxX = maxX
        var rest = area
        if area.height >= 3 {
            let s = rest.splitTop(1)
            readout = s.top
            rest = s.rest
        } else {
            readout = Rect(x: area.x, y: area.y, width: area.width, height: 0)
        }
        if legendRow && readout.height > 0 && rest.height >= 5 {
            let s = rest.splitTop(1)
            legend = s.top
            rest = s.rest
        } else {
            legend = Rect(x: area.x, y: rest.y, width: area.width, height: 0)
        }
        if area.height >= 4 {
            let s = rest.splitBottom(1)
            xAxis = s.bottom
            rest = s.rest
        } else {
            xAxis = Rect(x: area.x, y: rest.maxY, width: area.width, height: 0)
        }
        let labelWidth = yLabelWidth + 1
        if area.width >= 16 && rest.width - labelWidth >= 8 {
            let s = rest.splitLeft(labelWidth)
            yAxis = s.left
            rest = s.rest
        } else {
            yAxis = Rect(x: rest.x, y: rest.y, width: 0, height: rest.height)
        }
        plot = rest
        xAxis = Rect(x: plot.x, y: xAxis.y, width: plot.width, height: xAxis.height)
    }

    /// Plot width in braille dots.
    public var dotColumns: Int { plot.width * 2 }

    /// The dot column (0-based, within the plot) of x value `x`, as in
    /// ``ProfileSeries/columnEnvelope(columns:)``.
    public func dotColumn(forX x: Double) -> Int {
        let n = dotColumns
        guard n > 0 else { return 0 }
        let scale = maxX > 0 ? Double(n - 1) / maxX : 0
        return min(n - 1, max(0, Int(x * scale + 0.5)))
    }

    /// The buffer column of x value `x` (inside the plot).
    public func column(forX x: Double) -> Int { plot.x + dotColumn(forX: x) / 2 }

    /// The x value at the middle of buffer column `column` (clamped to the plot).
    public func x(atColumn column: Int) -> Double {
        let n = dotColumns
        guard n > 1, maxX > 0 else { return 0 }
        let c = min(max(column, plot.x), plot.maxX - 1) - plot.x
        let dot = Double(c * 2) + 0.5
        return min(maxX, max(0, (dot - 0.5) * maxX / Double(n - 1)))
    }
}

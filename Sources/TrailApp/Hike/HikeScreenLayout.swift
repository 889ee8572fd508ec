import TermUI

/// Where the map, the elevation chart and the statistics go on a screen of a given size.
///
/// - **Wide** (≥ 100 × 24): map top left, statistics top right (30 % of the width, 30 to 44
///   columns), chart along the bottom (30 % of the height, 8 to 16 rows), with one-cell
///   separators.
/// - **Narrow** (≥ 40 × 18, or taller than wide enough): stacked — map, chart (8 rows),
///   statistics (up to 8 rows), with separators.
/// - **Tiny**: the most important first: the map, then the chart when at least 8 rows are
///   left for both (chart 4 rows below a map), no statistics, no separators. A pane under
///   4 rows shows the map alone.
public struct HikeScreenLayout: Hashable, Sendable {
    /// Which arrangement was chosen.
    public enum Arrangement: Hashable, Sendable { case wide, narrow, tiny }

    /// The arrangement.
    public var arrangement: Arrangement
    /// The map's area.
    public var map: Rect
    /// The chart's area (may be empty).
    public var chart: Rect
    /// The statistics' area (may be empty).
    public var stats: Rect
    /// A one-cell line between panels.
    public struct Separator: Hashable, Sendable {
        /// Where it is.
        public var rect: Rect
        /// True for a vertical line.
        public var isVertical: Bool
    }
    /// The separator lines.
    public var separators: [Separator]

    /// The layout for `area`.
    public init(area: Rect) {
        separators = []
        if area.width >= 100 && area.height >= 24 {
            arrangement = .wide
            let chartHeight = min(16, max(8, area.height * 3 / 10))
            let (top, bottomWithLine) = area.splitBottom(chartHeight + 1)
            let (line, bottom) = bottomWithLine.splitTop(1)
            let statsWidth = min(44, max(30, area.width * 3 / 10))
            let (mapRect, rightWithLine) = top.splitRight(statsWidth + 1)
            let (vline, right) = rightWithLine.splitLeft(1)
            map = mapRect
            stats = right
            chart = bottom
            separators = [Separator(rect: vline, isVertical: true), Separator(rect: line, isVertical: false)]
        } else if area.width >= 40 && area.height >= 18 {
            arrangement = .narrow
            let statsHeight = min(8, max(0, area.height - 16))
            let chartHeight = 8
            var rest = area
            let s = rest.splitBottom(statsHeight + 1)
            rest = s.rest
            let (l1, statsRect) = s.bottom.splitTop(1)
            let c = rest.splitBottom(chartHeight + 1)
            let (l2, chartRect) = c.bottom.splitTop(1)
            map = c.rest
            chart = chartRect
            stats = statsRect
            separators = [Separator(rect: l2, isVertical: false), Separator(rect: l1, isVertical: false)]
        } else {
            arrangement = .tiny
            if area.height >= 8 {
                let c = area.splitBottom(4)
                map = c.rest
                chart = c.bottom
            } else {
                map = area
                chart = Rect(x: area.x, y: area.maxY, width: area.width, height: 0)
            }
            stats = Rect(x: area.x, y: area.maxY, width: area.width, height: 0)
        }
    }
}

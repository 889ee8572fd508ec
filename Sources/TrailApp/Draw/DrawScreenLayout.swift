import TermUI

/// Where the drawing screen puts the map and the side panel (readouts, stop list, pin card
/// or search).
///
/// - **Wide** (≥ 70 columns): the panel on the right after a one-column separator: a third
///   of the width, at least 40 columns (fewer below 76 columns, so the map keeps 35), so stop
///   names and leg notes have room in a wide window.
/// - **Stacked** (narrower, ≥ 16 rows): the panel below the map (up to 12 rows, at most half).
/// - **Tiny**: the map alone (the status line still says what the keys do).
public struct DrawScreenLayout: Hashable, Sendable {
    /// The map.
    public var map: Rect
    /// The side panel (may be empty).
    public var panel: Rect
    /// The separator line between them (may be empty).
    public var separator: Rect
    /// True when the separator is vertical (panel on the right).
    public var isSideBySide: Bool

    /// The layout for `area`.
    public init(area: Rect) {
        if area.width >= 70 && area.height >= 6 {
            let panelWidth = max(min(40, area.width - 36), area.width / 3)
            let (left, right) = area.splitRight(panelWidth + 1)
            let (line, panelRect) = right.splitLeft(1)
            map = left
            separator = line
            panel = panelRect
            isSideBySide = true
        } else if area.height >= 16 {
            let panelHeight = min(12, area.height / 2)
            let (top, bottom) = area.splitBottom(panelHeight + 1)
            let (line, panelRect) = bottom.splitTop(1)
            map = top
            separator = line
            panel = panelRect
            isSideBySide = false
        } else {
            map = area
            separator = Rect(x: area.x, y: area.maxY, width: 0, height: 0)
            panel = separator
            isSideBySide = false
        }
    }
}

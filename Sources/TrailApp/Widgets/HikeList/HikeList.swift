import Localization
import TermUI
import TrailStore

/// The list of stored hikes: a header line, then one ``HikeListRow`` per hike, scrolled so the
/// selected row is visible, with the selection highlighted. An empty store says how to import.
public struct HikeList: Sendable {
    /// The hikes, in display order.
    public var summaries: [HikeSummary]
    /// Index of the selected hike (clamped), or nil.
    public var selectedIndex: Int?
    /// Index of the first row shown (from ``scrollOffset(selected:count:visibleRows:current:)``).
    public var scrollOffset: Int
    /// Theme, units.
    public var environment: WidgetEnvironment

    /// Creates a list.
    public init(summaries: [HikeSummary], selectedIndex: Int?, scrollOffset: Int = 0, environment: WidgetEnvironment) {
        self.summaries = summaries
        self.selectedIndex = selectedIndex
        self.scrollOffset = scrollOffset
        self.environment = environment
    }

    /// The first row to show so that `selected` is visible, moving `current` as little as
    /// possible (the usual list behaviour: the view scrolls only when the selection leaves it).
    /// Never negative and never past the point where the last row is at the bottom.
    public static func scrollOffset(selected: Int?, count: Int, visibleRows: Int, current: Int) -> Int {
        guard visibleRows > 0, count > 0 else { return 0 }
        let maxOffset = max(0, count - visibleRows)
        var o = min(max(0, current), maxOffset)
        if let s = selected.map({ min(max(0, $0), count - 1) }) {
            if s < o { o = s }
            if s >= o + visibleRows { o = s - visibleRows + 1 }
        }
        return min(max(0, o), maxOffset)
    }

    /// Rows available for hikes in an area `height` rows high (one goes to the header from 3
    /// rows up).
    public static func visibleRows(height: Int) -> Int { height >= 3 ? height - 1 : max(0, height) }

    /// Draws the list into `area` (cleared first).
    public func render(area: Rect, into buffer: inout Buffer) {
        let area = area.intersection(buffer.area)
        buffer.clear(area)
        guard !area.isEmpty else { return }
        guard !summaries.isEmpty else {
            buffer.setString(x: area.x, y: area.y, L("No hikes yet — import one with `cairn import FILE`"),
                             style: environment.style(ThemeRole.muted), maxWidth: area.width)
            return
        }
        var y = area.y
        let wideGain = summaries.contains { $0.partialElevationCoverage != nil }
        let showsKind = Set(summaries.map(\.kind)).count > 1
        let distinctions = HikeListRow.distinctions(summaries)
        if area.height >= 3 {
            let header = Rect(x: area.x, y: y, width: area.width, height: 1)
            HikeListRow.draw(cells: [L("Name")] + HikeListRow.columns.map { Localization.translate($0.title) }, in: header, into: &buffer,
                             style: environment.style(ThemeRole.heading), wideGain: wideGain, showsKind: showsKind)
            y += 1
        }
        let rows = HikeList.visibleRows(height: area.height)
        let selected = selectedIndex.map { min(max(0, $0), summaries.count - 1) }
        let offset = HikeList.scrollOffset(selected: selected, count: summaries.count, visibleRows: rows, current: scrollOffset)
        for i in offset..<min(summaries.count, offset + rows) {
            HikeListRow(summary: summaries[i], isSelected: i == selected, environment: environment, wideGain: wideGain,
                        showsKind: showsKind, distinction: distinctions[i])
                .render(area: Rect(x: area.x, y: y, width: area.width, height: 1), into: &buffer)
            y += 1
        }
    }
}

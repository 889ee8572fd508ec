import Foundation
import TermUI
import TrailCore
import TrailStore

/// One row of the hike list: name, start date, distance, gain, duration and kind, in columns
/// of fixed width after a name column that takes the rest.
///
/// Columns are dropped from the right of the priority order kind, duration, gain, date as the
/// row gets narrower, so the name and distance always show (the name cut with "…"). The
/// duration is the elapsed time, or "~" and the walking-time estimate for untimed hikes; the
/// gain is marked "~" when it is the terrain's (``HikeSummary/elevationFromTerrain``), and
/// followed by the share of the hike it covers when the terrain lies under only part of it
/// ("~+311 m (50 %)", the Gain column then wider on every row).
public struct HikeListRow: Sendable {
    /// The hike.
    public var summary: HikeSummary
    /// True for the selected row (drawn with the `highlight` style across the full width).
    public var isSelected: Bool
    /// Theme, units.
    public var environment: WidgetEnvironment
    /// True when the list has a gain over part of its hike ("~+311 m (50 %)"): the Gain
    /// column is ``wideGainWidth`` wide on every row, so the columns stay aligned.
    public var wideGain: Bool

    /// Creates a row.
    public init(summary: HikeSummary, isSelected: Bool = false, environment: WidgetEnvironment, wideGain: Bool = false) {
        self.summary = summary
        self.isSelected = isSelected
        self.environment = environment
        self.wideGain = wideGain
    }

    /// The columns after the name: (title, width, right-aligned), in display order.
    public static let columns: [(title: String, width: Int, rightAligned: Bool)] = [
        ("Date", 10, false), ("Distance", 9, true), ("Gain", 8, true), ("Time", 11, true), ("Kind", 8, false),
    ]
    /// The Gain column's width when a gain carries its coverage: "~+1234 m (50 %)".
    public static let wideGainWidth = 15

    /// ``columns``, with the Gain column ``wideGainWidth`` wide when `wideGain`.
    public static func columns(wideGain: Bool) -> [(title: String, width: Int, rightAligned: Bool)] {
        guard wideGain else { return columns }
        var c = columns
        c[2].width = wideGainWidth
        return c
    }
    /// Narrowest name column kept before a column is dropped.
    public static let minimumNameWidth = 12

    /// The order in which columns are kept as the row narrows (indices into ``columns``):
    /// distance, date, gain, time, kind.
    public static let keepOrder = [1, 0, 2, 3, 4]

    /// The indices of the ``columns`` that fit next to a name column in `width` cells, in
    /// display order.
    public static func visibleColumns(width: Int, wideGain: Bool = false) -> [Int] {
        let columns = columns(wideGain: wideGain)
        var n = keepOrder.count
        while n > 0 {
            let used = keepOrder.prefix(n).reduce(0) { $0 + columns[$1].width + 1 }
            if width - used >= minimumNameWidth { break }
            n -= 1
        }
        return keepOrder.prefix(n).sorted()
    }

    /// The values of the columns for this hike.
    public func values() -> [String] {
        let f = environment.format, s = summary.statistics
        return [
            summary.startedAt.map { f.date($0) } ?? "undated",
            Self.distance(s, f),
            // "~": the terrain's gain for a hike with no or only some own elevations (see `?`);
            // "(50 %)": the share of the hike it covers, when not all.
            s.elevationGain.map { (summary.elevationFromTerrain ? "~" : "") + f.elevationChange($0) + Self.coverageSuffix(summary) }
                ?? UnitFormatter.unknown,
            Self.duration(s, f),
            summary.kind.rawValue,
        ]
    }

    /// The length, "--" for a hike without a track (a file of places only): nothing was walked
    /// or planned, so no "0 m" (DECISIONS 20). `cairn list` writes the same.
    public static func distance(_ s: TrackStatistics, _ f: UnitFormatter) -> String {
        s.pointCount > 0 ? f.distance(s.distance) : UnitFormatter.unknown
    }

    /// The elapsed time, or "~" and the DIN 33466 walking-time estimate for an untimed line,
    /// or "--" when there is neither (no track, or a line of one point: never "~0 s").
    /// `cairn list` writes the same (in `style` `.clock`).
    public static func duration(_ s: TrackStatistics, _ f: UnitFormatter,
                                style: UnitFormatter.DurationStyle = .words) -> String {
        if let e = s.elapsedTime { return f.duration(e, style: style) }
        if s.pointCount > 0 && s.estimatedWalkingTime > 0 { return "~" + f.duration(s.estimatedWalkingTime, style: style) }
        return UnitFormatter.unknown
    }

    /// " (50 %)" after a terrain gain over part of its hike (``HikeSummary/partialElevationCoverage``), else "".
    public static func coverageSuffix(_ summary: HikeSummary) -> String {
        summary.partialElevationCoverage.map { " (\(HikeTerrain.percent($0)) %)" } ?? ""
    }

    /// Draws the row on the first line of `area`.
    public func render(area: Rect, into buffer: inout Buffer) {
        let area = area.intersection(buffer.area)
        guard !area.isEmpty else { return }
        let row = Rect(x: area.x, y: area.y, width: area.width, height: 1)
        buffer.clear(row)
        HikeListRow.draw(cells: [summary.name] + values(), in: row, into: &buffer,
                         style: environment.style(ThemeRole.text), wideGain: wideGain)
        if isSelected { buffer.setStyle(environment.style(ThemeRole.highlight), in: row) }
    }

    /// Draws a name and column values (or titles) laid out for `row`'s width.
    static func draw(cells: [String], in row: Rect, into buffer: inout Buffer, style: Style, wideGain: Bool = false) {
        let columns = columns(wideGain: wideGain)
        let visible = visibleColumns(width: row.width, wideGain: wideGain)
        let fixed = visible.reduce(0) { $0 + columns[$1].width + 1 }
        let nameWidth = max(0, row.width - fixed)
        buffer.setString(x: row.x, y: row.y, cells[0], style: style, maxWidth: nameWidth)
        var x = row.x + nameWidth
        for i in visible {
            let c = columns[i]
            x += 1
            let text = cells[i + 1]
            let w = min(DisplayWidth.of(TextSanitizer.sanitize(text)), c.width)
            buffer.setString(x: c.rightAligned ? x + c.width - w : x, y: row.y, text, style: style, maxWidth: c.width)
            x += c.width
        }
    }
}

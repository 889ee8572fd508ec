import Localization
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
    /// True when the list holds more than one kind of hike: only then has the Kind column
    /// something to tell (a column repeating "imported" on every row takes the name's room).
    public var showsKind: Bool
    /// What tells this hike from another of the same name in the list (its file, or its id
    /// when the file is the same too), shown after the name; nil when the name is unique.
    public var distinction: String?

    /// Creates a row.
    public init(summary: HikeSummary, isSelected: Bool = false, environment: WidgetEnvironment, wideGain: Bool = false,
                showsKind: Bool = true, distinction: String? = nil) {
        self.summary = summary
        self.isSelected = isSelected
        self.environment = environment
        self.wideGain = wideGain
        self.showsKind = showsKind
        self.distinction = distinction
    }

    /// The columns after the name: (title, width, right-aligned), in display order.
    public static let columns: [(title: String, width: Int, rightAligned: Bool)] = [
        (N("Date"), 10, false), (N("Distance"), 9, true), (N("Gain"), 9, true), (N("Time"), 12, true), (N("Kind"), 8, false),
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
    /// display order (without Kind unless `showsKind`).
    public static func visibleColumns(width: Int, wideGain: Bool = false, showsKind: Bool = true) -> [Int] {
        let columns = columns(wideGain: wideGain)
        let order = showsKind ? keepOrder : keepOrder.filter { $0 != 4 }
        var n = order.count
        while n > 0 {
            let used = order.prefix(n).reduce(0) { $0 + columns[$1].width + 1 }
            if width - used >= minimumNameWidth { break }
            n -= 1
        }
        return order.prefix(n).sorted()
    }

    /// For each hike of `summaries`, what tells it from the others of the same name: the
    /// source file's name where the files differ, else the hike's id (DECISIONS 763); nil for
    /// a name no other hike has.
    public static func distinctions(_ summaries: [HikeSummary]) -> [String?] {
        var byName: [String: [Int]] = [:]
        for (i, s) in summaries.enumerated() { byName[s.name, default: []].append(i) }
        var out = [String?](repeating: nil, count: summaries.count)
        for indices in byName.values where indices.count > 1 {
            let files = indices.map { summaries[$0].sourceFileName ?? "" }
            for (k, i) in indices.enumerated() {
                let file = files[k]
                let sameFileElsewhere = files.enumerated().contains { $0.offset != k && $0.element == file }
                out[i] = file.isEmpty || sameFileElsewhere ? summaries[i].id.rawValue : file
            }
        }
        return out
    }

    /// The values of the columns for this hike.
    public func values() -> [String] {
        let f = environment.format, s = summary.statistics
        return [
            summary.startedAt.map { f.date($0) } ?? L("undated"),
            Self.distance(s, f),
            // "~": the terrain's gain for a hike with no or only some own elevations (see `?`);
            // "(50 %)": the share of the hike it covers, when not all.
            s.elevationGain.map { (summary.elevationFromTerrain ? "~" : "") + f.elevationChange($0) + Self.coverageSuffix(summary) }
                ?? UnitFormatter.unknown,
            Self.duration(s, f),
            HikeKindWords.word(summary.kind.rawValue),
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
                         style: environment.style(ThemeRole.text), wideGain: wideGain, showsKind: showsKind,
                         nameSuffix: distinction.map { " · " + $0 }, idSuffix: distinction.map { _ in " · " + summary.id.rawValue })
        if isSelected { buffer.setStyle(environment.style(ThemeRole.highlight), in: row) }
    }

    /// Draws a name and column values (or titles) laid out for `row`'s width.
    /// `nameSuffix` (what tells a repeated name apart) is kept whole after the name, the name
    /// cut with "…" to make room while 6 columns are left for it; else `idSuffix` stands in.
    static func draw(cells: [String], in row: Rect, into buffer: inout Buffer, style: Style, wideGain: Bool = false,
                     showsKind: Bool = true, nameSuffix: String? = nil, idSuffix: String? = nil) {
        let columns = columns(wideGain: wideGain)
        let visible = visibleColumns(width: row.width, wideGain: wideGain, showsKind: showsKind)
        let fixed = visible.reduce(0) { $0 + columns[$1].width + 1 }
        let nameWidth = max(0, row.width - fixed)
        var name = cells[0]
        if let suffix = nameSuffix {
            // The name keeps at least 6 columns. A file name too long for the rest gives way to
            // the hike's id, which is short and never the same for two hikes (a cut file name
            // can be: "…ser-test.tcx" for "tcxparser-test.tcx" and "cut-tcxparser-test.tcx").
            let room = nameWidth - TextFit.width(suffix)
            if TextFit.width(name) <= room {
                name += suffix
            } else if room >= 6 {
                name = TextFit.truncate(name, toWidth: room) + suffix
            } else if let idSuffix {
                name = TextFit.truncate(name, toWidth: max(1, nameWidth - TextFit.width(idSuffix))) + idSuffix
            }
        }
        buffer.setString(x: row.x, y: row.y, name, style: style, maxWidth: nameWidth)
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

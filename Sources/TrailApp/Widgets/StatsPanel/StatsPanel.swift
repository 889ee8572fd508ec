import Localization
import Foundation
import TermUI
import TrailCore

/// The hike's numbers: a heading with the name, then pairs of label and value — distance and
/// elapsed time, gain and loss, lowest and highest point, moving time and pace, moving and
/// overall average speed, steepest grade and max speed, points, start — and, when a range of
/// the profile is selected, the same numbers for that range under a "Range" heading right
/// below (the hike's lines give way to it); then,
/// when the map had something to say about the ground under the line, the SAC grade and
/// surface shares as bars (``GroundBars``) under a "Ground" heading.
///
/// Each line holds two pairs when the area is wide enough, else the pairs are stacked (left
/// pair first). Lines are in order of importance and whatever does not fit at the bottom is
/// left out. All values go through the ``WidgetEnvironment/format`` (user's units). Untimed
/// hikes show the DIN 33466 walking-time estimate instead of the times and speeds.
public struct StatsPanel: Sendable {
    /// The hike.
    public var hike: PreparedHike
    /// The selected range (point indices), or nil.
    public var range: ClosedRange<Int>?
    /// Statistics of the selected range (``HikeScreenState/rangeStatistics``), or nil.
    public var rangeStatistics: TrackStatistics?
    /// Theme, units.
    public var environment: WidgetEnvironment
    /// Trail completion of the hike's line over the other walks, drawn as its own rows below
    /// the figures (nil: none).
    public var completion: CompletionFigures?

    /// Creates a panel.
    public init(hike: PreparedHike, range: ClosedRange<Int>? = nil, rangeStatistics: TrackStatistics? = nil,
                environment: WidgetEnvironment) {
        self.hike = hike
        self.range = range
        self.rangeStatistics = rangeStatistics
        self.environment = environment
    }

    /// One line of the panel: up to two (label, value) pairs.
    public typealias Line = [(label: String, value: String)]

    /// The lines for `s` (most important first: what a hiker reads first, and what a selected
    /// range is for — the distance, the time and the climb — before speeds and counts).
    /// `full` adds the terrain's lines, start date and kind.
    ///
    /// Times and speeds: "Time" is elapsed, "Moving" the moving time; "Speed" and "Pace" are
    /// over the moving time (as the hiking and running apps give them), "Overall" the average
    /// over the elapsed time (DECISIONS 762).
    public func lines(for s: TrackStatistics, full: Bool) -> [Line] {
        let f = environment.format
        var out: [Line] = []
        let timed = s.elapsedTime != nil
        out.append([(L("Distance"), f.distance(s.distance)),
                    timed ? (L("Time"), f.duration(s.elapsedTime)) : (L("Est. time"), f.duration(s.estimatedWalkingTime))])
        var steepest: (label: String, value: String)?
        if s.minElevation != nil {
            // The terrain's figures (partly): "~" and the coverage as `cairn show` marks them (TerrainMarks).
            let t = full ? hike.terrain : nil
            let marks = TerrainMarks(fromTerrain: t.map { $0.source == .terrain || $0.source == .fileAndTerrain } ?? false,
                                     coverage: t?.elevationCoverage, own: t?.fileStatistics)
            let part = marks.partialCoverage.map { " " + "(\(HikeTerrain.percent($0)) %)" } ?? ""
            out.append([(L("Gain"), marks.change(s.elevationGain) + f.elevationChange(s.elevationGain) + part),
                        (L("Loss"), marks.change(s.elevationLoss) + f.elevationChange(s.elevationLoss.map { -$0 }))])
            out.append([(L("Lowest"), marks.lowest(s) + f.elevation(s.minElevation)),
                        (L("Highest"), marks.highest(s) + f.elevation(s.maxElevation))])
            steepest = (L("Steepest"), marks.steepest(s) + f.grade(s.steepestGrade))
        } else {
            out.append([(L("Elevation"), L("no data"))])
        }
        if timed {
            out.append([(L("Moving"), f.duration(s.movingTime)), (L("Pace"), f.pace(speed: s.movingAverageSpeed))])
            out.append([(L("Speed"), f.speed(s.movingAverageSpeed)), (L("Overall"), f.speed(s.averageSpeed))])
            out.append((steepest.map { [$0] } ?? []) + [(L("Max speed"), f.speed(s.maxSpeed))])
        } else if let steepest {
            out.append([steepest])
        }
        var counts: Line = [(L("Points"), "\(s.pointCount)")]
        if s.segmentCount > 1 { counts.append((L("Segments"), "\(s.segmentCount)")) }
        out.append(counts)
        if full, let t = hike.terrain { out += terrainLines(t) }
        if full {
            var last: Line = [(L("Start"), hike.startDate.map { f.dateTime($0) } ?? UnitFormatter.unknown)]
            if let k = hike.kind { last.append((L("Kind"), HikeKindWords.word(k))) }
            out.append(last)
        }
        return out
    }

    /// Where the elevations come from and, for a hike with its own, the terrain's gain beside
    /// the file's (the "gain by either source" comparison).
    func terrainLines(_ t: HikeTerrain) -> [Line] {
        let f = environment.format
        var out: [Line] = []
        if t.source != .file { out.append([(L("Source"), t.sourceText)]) }
        // Beside the file's heights, filled or not (the preview's filled hike has no terrain line: no comparison).
        if t.source == .file || (t.source == .fileAndTerrain && t.hasLineBeside), let g = t.gain, let l = t.loss {
            // Half off the tiles: said, and the file's gain compared over the covered part only.
            if t.coversPart, let c = t.coverage { out.append([(L("Terrain"), L("covers %s %% of the hike", HikeTerrain.percent(c)))]) }
            var line: Line = [(t.coversPart ? L("Terrain there") : L("Terrain"), f.elevationChange(g) + " / " + f.elevationChange(-l))]
            if let fg = t.fileGain ?? hike.statistics.elevationGain {
                // Signed as the figure is shown: "0 m", never "−0 m" for a difference under one unit.
                line.append((L("Δ gain"), f.elevationChange(fg - g)))
            }
            out.append(line)
        }
        return out
    }

    /// Draws the panel into `area` (cleared first).
    /// - Returns: the first row below what it drew (what comes under it starts there).
    @discardableResult
    public func render(area: Rect, into buffer: inout Buffer) -> Int {
        let area = area.intersection(buffer.area)
        buffer.clear(area)
        guard !area.isEmpty else { return area.y }
        var y = area.y
        let heading = environment.style(ThemeRole.heading)
        buffer.setString(x: area.x, y: y, hike.name.isEmpty ? L("Unnamed hike") : hike.name, style: heading, maxWidth: area.width)
        y += 1
        let main = lines(for: hike.statistics, full: true)
        var rangeLines: [Line] = []
        var rangeTitle = ""
        if let r = range, let rs = rangeStatistics, hike.pointCount > 0 {
            rangeLines = lines(for: rs, full: false)
            let f = environment.format
            rangeTitle = L("Range %s – %s", f.distance(hike.profile.distances[hike.clampedIndex(r.lowerBound)]),
                           f.distance(hike.profile.distances[hike.clampedIndex(r.upperBound)]))
        }
        let geometry = Columns(lines: main + rangeLines)
        let twoColumns = area.width >= geometry.twoColumnWidth
        // With a range, the range's block comes right below the hike's, and the hike's lines
        // give way to it: the hike keeps its first two lines (distance, time, climb) and the
        // range gets the rows it needs, so its climb shows even when the pairs are stacked.
        var mainRows = area.maxY - y
        if !rangeLines.isEmpty {
            let rangeRows = 2 + rows(rangeLines, twoColumns: twoColumns)
            mainRows = max(rows(Array(main.prefix(2)), twoColumns: twoColumns), mainRows - rangeRows)
        }
        y = draw(main, from: y, area: Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, y - area.y + mainRows)),
                 columns: geometry, twoColumns: twoColumns, into: &buffer)
        if !rangeLines.isEmpty && y + 1 < area.maxY {
            y += 1
            buffer.setString(x: area.x, y: y, rangeTitle, style: heading.patched(with: environment.style(ThemeRole.selection)),
                             maxWidth: area.width)
            y += 1
            y = draw(rangeLines, from: y, area: area, columns: geometry, twoColumns: twoColumns, into: &buffer)
        }
        // Where the line has no terrain: which tile is missing and how to import it.
        // (A hike with its own elevations needs no terrain: its gaps show only as breaks in
        // the terrain's line.)
        if let t = hike.terrain, t.source != .file, !t.gaps.isEmpty {
            let gaps = t.gaps
            let warning = environment.style(ThemeRole.warning)
            for part in gaps.noteLines(environment.format, width: area.width) where y < area.maxY {
                buffer.setString(x: area.x, y: y, part, style: warning, maxWidth: area.width)
                y += 1
            }
        }
        if let c = completion {
            // A walk's own points are not counted in its completion: say the figures are others'.
            let ofAWalk = hike.kind == HikeKind.recorded.rawValue || hike.statistics.startTime != nil
            for row in c.rows(environment.format, width: area.width, maxRows: area.maxY - y, ofAWalk: ofAWalk) {
                buffer.setString(x: area.x, y: y, row, style: environment.style(ThemeRole.highlight), maxWidth: area.width)
                y += 1
            }
        }
        // The ground shares (issue 16) where the map said something, when two bars fit.
        if let shares = hike.groundShares, y + 3 < area.maxY {
            y += 1
            buffer.setString(x: area.x, y: y, L("Ground"), style: heading, maxWidth: area.width)
            y = GroundBars(shares: shares, environment: environment)
                .render(area: Rect(x: area.x, y: y + 1, width: area.width, height: area.maxY - y - 1), into: &buffer)
        }
        return min(y, area.maxY)
    }

    /// Column widths: label and value widths of the left and right pair, measured on the lines
    /// that have two pairs (a single pair, like the start date, may run across the line).
    struct Columns {
        var leftLabel = 0, leftValue = 0, rightLabel = 0, rightValue = 0
        /// Widest label of all (stacked layout).
        var anyLabel = 0
        /// Gap between the pairs.
        static let gap = 2

        init(lines: [Line]) {
            for line in lines {
                for p in line { anyLabel = max(anyLabel, DisplayWidth.of(p.label)) }
                guard line.count == 2 else { continue }
                leftLabel = max(leftLabel, DisplayWidth.of(line[0].label))
                leftValue = max(leftValue, DisplayWidth.of(line[0].value))
                rightLabel = max(rightLabel, DisplayWidth.of(line[1].label))
                rightValue = max(rightValue, DisplayWidth.of(line[1].value))
            }
        }

        /// Width needed for two pairs per line.
        var twoColumnWidth: Int { leftLabel + 1 + leftValue + Columns.gap + rightLabel + 1 + rightValue }
    }

    /// Rows `lines` take (a stacked pair takes one row each; wrapping of long single values aside).
    func rows(_ lines: [Line], twoColumns: Bool) -> Int {
        twoColumns ? lines.count : lines.reduce(0) { $0 + $1.count }
    }

    /// Draws `lines` from row `y`; returns the row after the last one drawn.
    func draw(_ lines: [Line], from start: Int, area: Rect, columns: Columns, twoColumns: Bool,
              into buffer: inout Buffer) -> Int {
        var y = start
        let labelStyle = environment.style(ThemeRole.muted), valueStyle = environment.style(ThemeRole.text)
        /// `wraps`: the pair is alone on its row, so a value too long for it goes on below
        /// (at the value's column, while rows are left) instead of being cut.
        func pair(_ p: (label: String, value: String), x: Int, labelWidth: Int, width: Int, wraps: Bool = false) {
            guard width > 0 else { return }
            let lw = min(labelWidth, max(0, width - 2))
            buffer.setString(x: x, y: y, p.label, style: labelStyle, maxWidth: lw)
            let vx = x + lw + 1, room = max(0, x + width - vx)
            let parts = wraps && DisplayWidth.of(p.value) > room && room >= 8 ? TextFit.wrap(p.value, toWidth: room) : [p.value]
            for (i, part) in parts.enumerated() {
                if i > 0 { guard y + 1 < area.maxY else { break }; y += 1 }
                buffer.setString(x: vx, y: y, part, style: valueStyle, maxWidth: room)
            }
        }
        for line in lines {
            if twoColumns {
                guard y < area.maxY else { return y }
                pair(line[0], x: area.x, labelWidth: columns.leftLabel, width: area.width, wraps: line.count == 1)
                if line.count > 1 {
                    let x = area.x + columns.leftLabel + 1 + columns.leftValue + Columns.gap
                    pair(line[1], x: x, labelWidth: columns.rightLabel, width: area.maxX - x)
                }
                y += 1
            } else {
                for p in line {
                    guard y < area.maxY else { return y }
                    pair(p, x: area.x, labelWidth: columns.anyLabel, width: area.width, wraps: true)
                    y += 1
                }
            }
        }
        return y
    }
}

import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
@testable import TrailApp
@testable import TrailMap

/// The ground shares as bars in the stats panel and the line coloured by SAC grade (issue 16).
@Suite struct GroundDisplayTests {
    let center = Coordinate(latitude: 46.0, longitude: 7.0)

    /// A 100-point line north whose first half is on T1 gravel and second half on T5 rock.
    func twoGradeHike() -> PreparedHike {
        var hike = TestSupport.northbound(count: 100, spacing: 10, start: center)
        hike.setGround(GroundLine(tags: (0..<100).map { i in
            i == 99 ? nil : (i < 50 ? GroundTag(grade: .t1, surface: .gravel) : GroundTag(grade: .t5, surface: .rock))
        }))
        return hike
    }

    @Test func barCellsSumToTheWidthByLargestRemainder() {
        let items = [GroundBars.Item(name: "a", percent: 33.4, role: "x", letter: "a"),
                     GroundBars.Item(name: "b", percent: 33.3, role: "x", letter: "b"),
                     GroundBars.Item(name: "c", percent: 33.3, role: "x", letter: "c")]
        #expect(GroundBars.cells(items, width: 10) == [4, 3, 3])
        #expect(GroundBars.cells(items, width: 0) == [0, 0, 0])
        #expect(GroundBars.percentText(0.2) == "<1%")
        #expect(GroundBars.percentText(49.6) == "50%")
    }

    @Test func sharesOfTheTwoGradeLine() throws {
        let s = try #require(twoGradeHike().groundShares)
        #expect(abs(s.percent(grade: .t1) - 50.5) < 0.01)   // 50 of the 99 stretches
        #expect(abs(s.percent(surface: .rock) - 49.5) < 0.01)
        #expect(s.offMapPercent == 0)
    }

    @Test func statsPanelDrawsBothBarsWithLegends() {
        let env = TestSupport.environment()
        var buffer = Buffer(width: 40, height: 24)
        StatsPanel(hike: twoGradeHike(), environment: env).render(area: buffer.area, into: &buffer)
        let text = buffer.textDump()
        #expect(text.contains("Ground"))
        let sacRow = try! #require(text.split(separator: "\n").first { $0.hasPrefix("SAC") })
        // 32 bar cells: 16 T1, 16 T5 (50.5 / 49.5 % of 32 = 16.2 / 15.8).
        #expect(sacRow.filter { $0 == "█" }.count == 32)
        #expect(text.contains("T1 51%"))
        #expect(text.contains("T5 49%"))
        #expect(text.contains("gravel 51%"))
        #expect(text.contains("rock 49%"))
        let y = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("SAC") }!
        #expect(buffer[8, y]!.fg == env.style("sac-1").fg)
        #expect(buffer[39, y]!.fg == env.style("sac-5").fg)
    }

    @Test func withoutColourTheBarsUseLetters() {
        var buffer = Buffer(width: 40, height: 24)
        StatsPanel(hike: twoGradeHike(), environment: TestSupport.environment("mono")).render(area: buffer.area, into: &buffer)
        let row = buffer.textDump().split(separator: "\n").first { $0.hasPrefix("SAC") }!
        #expect(row.hasSuffix(String(repeating: "1", count: 16) + String(repeating: "5", count: 16)))
    }

    /// Issue 16's tester: without colour the "no path" share was drawn as blanks (and the
    /// surface bar likewise), so the bar looked shorter and the share went unseen. Every share
    /// has its mark in the bar and in the legend. 75 of 99 stretches on T1 gravel, 24 with no
    /// way near: 32 cells give 24.24 → 24 and 7.76 → 8.
    @Test func withoutColourEveryShareHasItsMarkIncludingNoPath() throws {
        var hike = TestSupport.northbound(count: 100, spacing: 10, start: center)
        hike.setGround(GroundLine(tags: (0..<100).map { i in i < 75 ? GroundTag(grade: .t1, surface: .gravel) : nil }))
        for mode in [CanvasMode.braille, .ascii] {
            var env = TestSupport.environment("mono")
            env.canvasMode = mode
            var buffer = Buffer(width: 40, height: 24)
            StatsPanel(hike: hike, environment: env).render(area: buffer.area, into: &buffer)
            let rows = buffer.textDump().split(separator: "\n").map(String.init)
            let sac = try #require(rows.first { $0.hasPrefix("SAC") })
            let surface = try #require(rows.first { $0.hasPrefix("Surface") })
            #expect(sac.hasSuffix(String(repeating: "1", count: 24) + String(repeating: ".", count: 8)), "\(mode): \(sac)")
            #expect(surface.hasSuffix(String(repeating: "G", count: 24) + String(repeating: ".", count: 8)), "\(mode): \(surface)")
            let text = rows.joined(separator: "\n")
            #expect(text.contains("1:T1 76%") && text.contains(".:no path 24%"), "\(mode):\n\(text)")
            #expect(text.contains("G:gravel 76%"), "\(mode):\n\(text)")
        }
    }

    @Test func noGroundNoBars() {
        var buffer = Buffer(width: 40, height: 24)
        StatsPanel(hike: TestSupport.northbound(count: 10, start: center), environment: TestSupport.environment())
            .render(area: buffer.area, into: &buffer)
        #expect(!buffer.textDump().contains("Ground"))
    }

    func renderMap(_ hike: PreparedHike, _ colouring: LineColouring, theme: String = "dark") -> Buffer {
        var buffer = Buffer(width: 80, height: 30)
        var map = MapWidget(viewport: HikeScreenState.fittedViewport(hike, width: 80, height: 30), basemap: nil, hike: hike,
                            environment: TestSupport.environment(theme))
        map.lineColouring = colouring
        map.render(area: buffer.area, into: &buffer)
        return buffer
    }

    @Test func lineColouredByGradeStretchByStretch() {
        let env = TestSupport.environment()
        let buffer = renderMap(twoGradeHike(), .grade)
        // The line runs north: the bottom half (start) in T1's colour, the top half in T5's.
        func fgs(rows: Range<Int>) -> Set<Color?> {
            var out: Set<Color?> = []
            for y in rows { for x in 0..<80 where buffer[x, y]!.symbol.unicodeScalars.first!.value > 0x2800
                && buffer[x, y]!.symbol.unicodeScalars.first!.value <= 0x28FF { out.insert(buffer[x, y]!.fg) } }
            return out
        }
        #expect(fgs(rows: 20..<28).contains(env.style("sac-1").fg))
        #expect(!fgs(rows: 20..<28).contains(env.style("sac-5").fg))
        #expect(fgs(rows: 3..<12).contains(env.style("sac-5").fg))
        // The legend in the top row names the grades.
        let top = buffer.textDump().split(separator: "\n").first!
        #expect(top.contains("SAC") && top.contains("T1") && top.contains("T6") && top.contains("no path"))
        #expect(!renderMap(twoGradeHike(), .plain).textDump().contains("T1"))
    }

    @Test func withoutColourGradesAreDashPatterns() {
        // Solid T1 sets a dot on every row it crosses; T5 is dotted (1 on, 1 off).
        let buffer = renderMap(twoGradeHike(), .grade, theme: "mono")
        func dots(rows: Range<Int>) -> Int {
            var n = 0
            for y in rows { for x in 0..<80 {
                let v = buffer[x, y]!.symbol.unicodeScalars.first!.value
                if v > 0x2800 && v <= 0x28FF { n += (v - 0x2800).nonzeroBitCount }
            } }
            return n
        }
        let lower = dots(rows: 18..<28), upper = dots(rows: 4..<14)
        #expect(lower > 0 && upper > 0)
        #expect(Double(upper) < Double(lower) * 0.7, "dotted T5 \(upper) vs solid T1 \(lower)")
        #expect(LineClass.isOn(1, at: 7))
        #expect(LineClass.isOn(5, at: 0) && !LineClass.isOn(5, at: 1))
    }

    /// Braille dots of `buffer` in rows `rows`.
    static func dotCount(_ buffer: Buffer, rows: Range<Int>) -> Int {
        var n = 0
        for y in rows { for x in 0..<buffer.area.width {
            let v = buffer[x, y]!.symbol.unicodeScalars.first!.value
            if v > 0x2800 && v <= 0x28FF { n += (v - 0x2800).nonzeroBitCount }
        } }
        return n
    }

    @Test func withoutColourTheRouteIsTwoDotsWideWhereAPathIsOne() {
        // Issue 16's tester: in mono a waymarked route (and solid T1 under `o`) looked like the
        // paths, which are one dot wide. Since issue 31 the hike's line is two dots wide in
        // colour too (DECISIONS 600): the line runs north, two dot columns side by side in the
        // same cell, as many dots with colour as without.
        let hike = twoGradeHike()
        for colouring in [LineColouring.plain, .grade] {
            let colour = Self.dotCount(renderMap(hike, colouring), rows: 18..<28)
            let mono = Self.dotCount(renderMap(hike, colouring, theme: "mono"), rows: 18..<28)
            #expect(colour > 0)
            // T1 is solid in both; the rest of the grade line is dashed in mono only.
            #expect(Double(mono) > Double(colour) * (colouring == .plain ? 0.95 : 0.3) && Double(mono) <= Double(colour) * 1.05,
                    "\(colouring): \(mono) dots in mono vs \(colour) in colour")
        }
        // Every lit cell of the plain line is two dot columns wide (mask left | right column).
        for theme in ["dark", "mono"] {
            let buffer = renderMap(hike, .plain, theme: theme)
            var both = 0, one = 0
            for y in 18..<28 { for x in 0..<80 {
                let v = buffer[x, y]!.symbol.unicodeScalars.first!.value
                guard v > 0x2800 && v <= 0x28FF else { continue }
                let m = v - 0x2800
                let left = m & 0x47 != 0, right = m & 0xB8 != 0  // dots 1 2 3 7 | 4 5 6 8
                if left && right { both += 1 } else { one += 1 }
            } }
            #expect(both + one > 0)
            #expect(both > one * 3, "\(theme): \(both) cells with both columns, \(one) with one")
        }
    }

    @Test func oCyclesTheColouringAndTheHelpListsIt() {
        #expect(HikeAction.keyMap.action(for: .character("o")) == .lineColouring)
        #expect(LineColouring.plain.next == .slope && LineColouring.slope.next == .grade
                && LineColouring.grade.next == .walked && LineColouring.walked.next == .plain)
        var state = HikeScreenState(hike: twoGradeHike())
        state.setLineColouring(.slope)
        #expect(state.routeGrades != nil)
        state.setLineColouring(.grade)
        #expect(state.routeGrades == nil && state.lineColouring == .grade)
    }

    /// Issue 16's tester: the grade legend sat over the map's top row and lost "no path" at 100
    /// columns. On the hike screen at 100 and 80 columns, in colour and without, the legend has
    /// every entry and the map (the line, its markers) is drawn below it, never under it.
    @Test func theLegendHasEveryEntryAndHidesNoMap() throws {
        let names = ["T1", "T2", "T3", "T4", "T5", "T6", "ungraded", "no path"]
        for (width, height) in [(100, 32), (80, 30)] {
            for theme in ["dark", "mono"] {
                var state = HikeScreenState(hike: twoGradeHike(), mapWidth: 60, mapHeight: 20)
                state.setLineColouring(.grade)
                var buffer = Buffer(width: width, height: height)
                let frame = HikeScreenView.render(state: state, environment: TestSupport.environment(theme), into: &buffer)
                let map = frame.layout.map
                let rows = buffer.textLines()
                // The legend: the rows from the map's top down to the first one without an entry.
                var legendRows = 0
                while legendRows < 3, names.contains(where: { Self.text(rows[map.y + legendRows], map).contains($0) }) { legendRows += 1 }
                let legend = (0..<legendRows).map { Self.text(rows[map.y + $0], map) }.joined(separator: "\n")
                #expect(legend.hasPrefix("SAC "), "\(width) \(theme): \(legend)")
                for n in names { #expect(legend.contains(n), "\(width) columns, \(theme): \(n) missing from\n\(legend)") }
                let cells = frame.map.routeCells.union([frame.map.startCell, frame.map.finishCell].compactMap { $0 })
                #expect(!cells.isEmpty)
                #expect(cells.allSatisfy { $0.y >= map.y + legendRows }, "\(width) \(theme): the line under the legend")
                // Zoomed in on the line's middle, it runs off the top of the map: drawn from the
                // first row below the legend, none of it under the legend (which used to be
                // drawn over the map's top row and hid the line there).
                state.viewport.zoom += 1.5
                state.viewport.center = state.hike.coordinates[50]
                buffer = Buffer(width: width, height: height)
                let zoomed = HikeScreenView.render(state: state, environment: TestSupport.environment(theme), into: &buffer)
                let drawn = zoomed.map.routeCells
                #expect(drawn.contains { $0.y == map.y + legendRows }, "\(width) \(theme): the line does not reach the map's top row")
                #expect(!drawn.contains { $0.y < map.y + legendRows }, "\(width) \(theme): line cells under the legend")
                let top = (0..<legendRows).map { Self.text(buffer.textLines()[map.y + $0], map) }.joined(separator: "\n")
                for n in names { #expect(top.contains(n), "\(width) \(theme): \(n) missing over the zoomed map\n\(top)") }
            }
        }
    }

    /// The hike map's fit (on opening, on `0`, and when the colouring changes a fitted view)
    /// puts the line in the rows below the legend with the one-cell margin, at 80, 100 and 60
    /// columns; a tall narrow map (30 columns) has three legend rows. The line runs north, so the fit is
    /// set by its height: fitted to the whole map's rows (as before), its ends touched or
    /// passed the legend.
    @Test func theFittedLineLiesBelowTheLegend() throws {
        for (width, height, rows) in [(80, 24, 1), (100, 32, 2), (60, 24, 2), (30, 40, 3), (100, 14, 1)] {
            let layout = HikeScreenLayout(area: Rect(x: 0, y: 0, width: width, height: height))
            let map = layout.map
            // Opened fitted (plain), then `o` to SAC grade: the fitted view stays fitted.
            var state = HikeScreenState(hike: twoGradeHike(), mapWidth: map.width, mapHeight: map.height)
            state.setLineColouring(.grade)
            var moved = state
            moved.viewport.zoom -= 2
            moved.viewport.center = moved.hike.coordinates[10]
            var refitted = moved
            refitted.fitMap(width: map.width, height: map.height)   // the `0` key
            #expect(refitted.viewport == state.viewport)
            for (name, s) in [("opened", state), ("0", refitted)] {
                var buffer = Buffer(width: width, height: height)
                let frame = HikeScreenView.render(state: s, environment: TestSupport.environment(), into: &buffer)
                let legendRows = try #require(MapWidget.legend(.grade, hasGround: true, area: map)).height
                #expect(legendRows == rows, "\(width)×\(height): \(legendRows) legend rows")
                let cells = frame.map.routeCells
                let top = try #require(cells.map(\.y).min()), bottom = try #require(cells.map(\.y).max())
                // The line's north end a free row below the legend (the margin of 4 dot rows ends
                // where row 1 of the map area begins); its south end on the map: the margin at
                // the bottom ends at the map's last row, whose top dot row it may just reach.
                #expect(top >= map.y + legendRows + 1, "\(width)×\(height) \(name): top row \(top), legend \(legendRows) rows from \(map.y)")
                #expect(bottom <= map.maxY - 1, "\(width)×\(height) \(name): bottom row \(bottom), map ends \(map.maxY)")
                #expect(frame.map.startCell != nil && frame.map.finishCell != nil)
                // And it fills the rows it has (a fit, not a shrink): within a row of them.
                #expect(bottom - top >= map.height - legendRows - 4, "\(width)×\(height) \(name): rows \(top)...\(bottom)")
            }
            // The hiker's own view stays when the colouring changes.
            var own = moved
            own.setLineColouring(.slope)
            #expect(own.viewport == moved.viewport)
        }
    }

    /// The map cursor (and the place marks, placed the same way) sits where the map drew the
    /// point under it, below a legend of one to three rows: centred on a point of the line, the
    /// ╋ lands on one of the line's cells, in the middle of the rows below the legend (before,
    /// it was placed with the full-size viewport, half the legend's height off; the line runs
    /// north, so that was still on it).
    @Test func theMapCursorSitsOnTheLineBelowTheLegend() throws {
        for (width, height) in [(80, 24), (60, 24), (30, 40)] {
            for colouring in [LineColouring.plain, .grade] {
                let layout = HikeScreenLayout(area: Rect(x: 0, y: 0, width: width, height: height))
                var state = HikeScreenState(hike: twoGradeHike(), mapWidth: layout.map.width, mapHeight: layout.map.height)
                state.setLineColouring(colouring)
                state.focus = .map
                state.viewport.center = state.hike.coordinates[30]
                var buffer = Buffer(width: width, height: height)
                let frame = HikeScreenView.render(state: state, environment: TestSupport.environment(), into: &buffer)
                var cursor: MapWidget.CellPosition?
                for y in 0..<height { for x in 0..<width where buffer[x, y]?.symbol == "╋" { cursor = MapWidget.CellPosition(x: x, y: y) } }
                let c = try #require(cursor, "\(width)×\(height) \(colouring): no cursor")
                #expect(frame.map.routeCells.contains(c), "\(width)×\(height) \(colouring): cursor at \(c.x),\(c.y) off the line")
                // The view's centre is dot (W, 2H) of a W × H-cell map (2 × 4 dots a cell), in
                // the rows below the legend: the cell holding that dot, either one where it
                // falls on the line between two cells.
                let below = MapWidget.mapArea(in: layout.map, colouring: colouring, hasGround: true)
                func cells(dot: Int, per: Int) -> Set<Int> { dot % per == 0 ? [dot / per - 1, dot / per] : [dot / per] }
                #expect(cells(dot: below.width, per: 2).contains(c.x - below.x) && cells(dot: 2 * below.height, per: 4).contains(c.y - below.y),
                        "\(width)×\(height) \(colouring): cursor at \(c.x),\(c.y), map \(below)")
            }
        }
    }

    /// Narrower maps: colour and mono give the same entries, each whole (a sample and its full
    /// name), in up to two rows (three on a tall map); the last ones left out only when even
    /// those rows cannot hold them, and then counted ("+3 more").
    @Test func narrowMapsKeepWholeLegendEntries() {
        let names = ["T1", "T2", "T3", "T4", "T5", "T6", "ungraded", "no path"]
        for width in [69, 60, 45, 30, 20, 14] {
            var shown: [String: [String]] = [:]
            for theme in ["dark", "mono"] {
                var buffer = Buffer(width: width, height: 12)
                var map = MapWidget(viewport: HikeScreenState.fittedViewport(twoGradeHike(), width: width, height: 12), basemap: nil,
                                    hike: twoGradeHike(), environment: TestSupport.environment(theme))
                map.lineColouring = .grade
                map.render(area: buffer.area, into: &buffer)
                let legend = map.legend(for: buffer.area)
                let height = legend?.height ?? 0
                #expect(height <= 2)
                #expect(map.mapArea(in: buffer.area) == Rect(x: 0, y: height, width: width, height: 12 - height))
                // Words of the legend rows (the samples are braille, the rest names).
                let words = buffer.textLines().prefix(height).flatMap { row in
                    row.split(separator: " ").map { String($0).filter { !(0x2800...0x28FF).contains($0.unicodeScalars.first!.value) } }
                }.filter { !$0.isEmpty && $0 != "SAC" }
                let joined = words.joined(separator: " ").replacingOccurrences(of: "no path", with: "no_path")
                var entries = joined.split(separator: " ").map { $0.replacingOccurrences(of: "_", with: " ") }
                // Those left out are counted at the end ("+3 more"), never dropped silently.
                if entries.last == "more" { entries.removeLast() }
                let more = entries.last.flatMap { $0.hasPrefix("+") ? Int($0.dropFirst()) : nil } ?? 0
                if more > 0 { entries.removeLast() }
                #expect(entries.count + more == names.count, "\(width) \(theme): \(entries) and +\(more)")
                for e in entries { #expect(names.contains(e), "\(width) \(theme): '\(e)' is no whole entry") }
                #expect(entries == Array(names.prefix(entries.count)), "\(width) \(theme): \(entries)")
                shown[theme] = entries
            }
            #expect(shown["dark"] == shown["mono"], "\(width): colour \(shown["dark"] ?? []) vs mono \(shown["mono"] ?? [])")
            // 2 rows of width - 4 cells hold every entry from 40 columns on (7 × 6 + 13 + 12).
            if width >= 45 { #expect(shown["dark"] == names, "\(width): \(shown["dark"] ?? [])") }
        }
    }

    /// Maps under 8 rows (issue 16's tester: `render --grade --size 60x24`, a short terminal)
    /// keep every entry: two legend rows from 6 map rows (the map keeps 4); on 3 to 5 rows
    /// one row, and the entries that do not fit counted at its end ("+1 more"), in colour and
    /// mono alike; the map is drawn below whatever the legend takes.
    @Test func shortMapsLoseNoLegendEntrySilently() throws {
        let names = ["T1", "T2", "T3", "T4", "T5", "T6", "ungraded", "no path"]
        // (map columns, rows) → (legend rows, entries shown, "+N more").
        let cases: [(Int, Int, Int, Int, Int)] = [(56, 7, 2, 8, 0), (56, 6, 2, 8, 0), (56, 5, 1, 6, 2), (69, 4, 1, 7, 1),
                                                  (75, 3, 1, 8, 0), (30, 6, 2, 5, 3)]
        for (width, height, rows, shown, more) in cases {
            for theme in ["dark", "mono"] {
                var buffer = Buffer(width: width, height: height)
                var map = MapWidget(viewport: HikeScreenState.fittedViewport(twoGradeHike(), width: width, height: height), basemap: nil,
                                    hike: twoGradeHike(), environment: TestSupport.environment(theme))
                map.lineColouring = .grade
                map.render(area: buffer.area, into: &buffer)
                let legend = try #require(map.legend(for: buffer.area))
                #expect(legend.height == rows && legend.more == more, "\(width)×\(height) \(theme): \(legend)")
                #expect(legend.rows.joined().map(\.name) == Array(names.prefix(shown)), "\(width)×\(height) \(theme)")
                let text = buffer.textLines().prefix(rows).joined(separator: "\n")
                if more > 0 {
                    #expect(text.contains("+\(more) more"), "\(width)×\(height) \(theme):\n\(text)")
                } else {
                    #expect(!text.contains("more") && text.contains("no path"), "\(width)×\(height) \(theme):\n\(text)")
                }
                #expect(map.mapArea(in: buffer.area).y == rows)
            }
        }
    }

    /// The text of `row` within `rect`'s columns.
    static func text(_ row: String, _ rect: Rect) -> String {
        String(Array(row).dropFirst(rect.x).prefix(rect.width))
    }
}

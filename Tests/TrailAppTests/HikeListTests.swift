import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
import TrailStore
@testable import TrailApp

@Suite struct HikeListTests {
    let env = TestSupport.environment()

    func summaries(_ n: Int) -> [HikeSummary] {
        (0..<n).map { i in
            var stats = TrackStatistics(distance: 1000 * Double(i + 1), pointCount: 10)
            stats.elevationGain = 100 * Double(i)
            stats.elapsedTime = 3600 + 60 * Double(i)
            return HikeSummary(id: HikeID(rowID: Int64(i + 1)), name: "Hike number \(i)", description: nil,
                               kind: i % 2 == 0 ? .imported : .recorded, sourceFileName: nil,
                               createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                               startedAt: Date(timeIntervalSince1970: 1_600_000_000 + 86_400 * Double(i)),
                               statistics: stats, waypointCount: 0)
        }
    }

    /// A hike without any timestamp is "undated", never dated with the day it was imported
    /// (as `cairn list` says; tester finding).
    @Test func aHikeWithoutTimesIsUndated() {
        var s = summaries(1)[0]
        s.startedAt = nil
        let row = HikeListRow(summary: s, environment: env).values()
        #expect(row[0] == "undated")
        #expect(HikeListRow(summary: summaries(1)[0], environment: env).values()[0] != "undated")
    }

    @Test func scrollKeepsTheSelectionVisibleAndMovesLittle() {
        for count in [0, 1, 5, 30] {
            for rows in [0, 1, 3, 10] {
                var offset = 0
                for selected in Array(0..<count) + Array((0..<count).reversed()) {
                    let new = HikeList.scrollOffset(selected: selected, count: count, visibleRows: rows, current: offset)
                    if rows > 0 {
                        #expect(selected >= new && selected < new + rows, "\(selected) visible in \(new)..<\(new + rows)")
                        // It moves only as far as needed.
                        #expect(new == offset || new == selected || new == selected - rows + 1)
                    }
                    #expect(new >= 0 && new <= max(0, count - rows))
                    offset = new
                }
            }
        }
    }

    @Test func narrowRowsDropColumnsButKeepDistance() {
        #expect(HikeListRow.visibleColumns(width: 120) == [0, 1, 2, 3, 4])
        #expect(HikeListRow.visibleColumns(width: 40) == [0, 1])   // date, distance
        #expect(HikeListRow.visibleColumns(width: 24) == [1])      // distance only
        #expect(HikeListRow.visibleColumns(width: 10) == [])
        let s = summaries(3)[2]
        var buffer = Buffer(width: 24, height: 1)
        HikeListRow(summary: s, environment: env).render(area: buffer.area, into: &buffer)
        #expect(buffer.textDump().hasSuffix("3.00 km"))
        #expect(buffer.textDump().hasPrefix("Hike number 2"))
    }

    @Test func selectedRowIsHighlighted() {
        var buffer = Buffer(width: 80, height: 6)
        HikeList(summaries: summaries(10), selectedIndex: 7, environment: env).render(area: buffer.area, into: &buffer)
        let lines = buffer.textLines()
        let row = lines.firstIndex { $0.hasPrefix("Hike number 7") }!
        let highlight = env.style(ThemeRole.highlight)
        #expect((0..<80).allSatisfy { buffer[$0, row]?.bg == highlight.bg })
        #expect(buffer[0, row - 1]?.bg != highlight.bg)
        #expect(lines[0].hasPrefix("Name"))
    }

    @Test func emptyListSaysHowToImportAndTinySizesWork() {
        var buffer = Buffer(width: 70, height: 3)
        HikeList(summaries: [], selectedIndex: nil, environment: env).render(area: buffer.area, into: &buffer)
        #expect(buffer.textDump().contains("cairn import"))
        for (w, h) in [(0, 0), (1, 1), (2, 2), (6, 2), (30, 3)] {
            var b = Buffer(width: w, height: h)
            HikeList(summaries: summaries(4), selectedIndex: 3, environment: env).render(area: b.area, into: &b)
            #expect(b.textLines().count == h)
        }
    }

    @Test func controlCharactersInNamesAreNeutralised() {
        var s = summaries(1)[0]
        s.name = "evil\u{1b}[31mred\u{8}\u{9b}"
        var buffer = Buffer(width: 80, height: 1)
        HikeListRow(summary: s, environment: env).render(area: buffer.area, into: &buffer)
        #expect(!TestSupport.scalars(buffer).contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(buffer.textDump().hasPrefix("evil�[31mred��"))
    }

    @Test func snapshotList() {
        var buffer = Buffer(width: 80, height: 6)
        HikeList(summaries: summaries(8), selectedIndex: 6, scrollOffset: 0, environment: env).render(area: buffer.area, into: &buffer)
        Snapshot.check(buffer, named: "hike-list-80x6")
    }
}

/// The library at the widths people use (issue 34): the name gets the room a Kind column
/// repeating "imported" took, repeated names are told apart, long durations and gains are whole.
@Suite struct HikeListWidthTests {
    let env = TestSupport.environment()

    func summary(_ i: Int, name: String, file: String?, kind: HikeKind = .imported, elapsed: Double = 3600,
                 gain: Double = 500) -> HikeSummary {
        var stats = TrackStatistics(distance: 12_345, pointCount: 10)
        stats.elevationGain = gain
        stats.elapsedTime = elapsed
        return HikeSummary(id: HikeID(rowID: Int64(i)), name: name, description: nil, kind: kind, sourceFileName: file,
                           createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                           startedAt: Date(timeIntervalSince1970: 1_600_000_000), statistics: stats, waypointCount: 0)
    }

    func render(_ s: [HikeSummary], width: Int) -> [String] {
        var buffer = Buffer(width: width, height: s.count + 2)  // the header from 3 rows up
        HikeList(summaries: s, selectedIndex: nil, environment: env).render(area: buffer.area, into: &buffer)
        return buffer.textLines()
    }

    @Test func oneKindOnlyGivesTheKindColumnsRoomToTheName() {
        let name = "Kilimanjaro - Machame route day 3"  // 33 characters
        let lines = render([summary(1, name: name, file: "a.gpx"), summary(2, name: "Other", file: "b.gpx")], width: 66)
        #expect(!lines[0].contains("Kind") && !lines.joined().contains("imported"), "\(lines)")
        // 66 − (10 + 9 + 9 + 12 + 4 separators) = 22 columns of name.
        #expect(lines[1].hasPrefix(String(name.prefix(21)) + "…"), "\(lines)")
        let mixed = render([summary(1, name: name, file: "a.gpx"), summary(2, name: "Other", file: nil, kind: .recorded)], width: 120)
        #expect(mixed[0].contains("Kind") && mixed[1].contains("imported") && mixed[2].contains("recorded"), "\(mixed)")
    }

    @Test func repeatedNamesShowTheirFileOrId() {
        let s = [summary(1, name: "ACTIVE LOG #2", file: "adrutas-180430_a.gpx"),
                 summary(2, name: "ACTIVE LOG #2", file: "adrutas-180502.gpx"),
                 summary(3, name: "Unique", file: "adrutas-180502.gpx")]
        let lines = render(s, width: 100)
        #expect(lines[1].hasPrefix("ACTIVE LOG #2 · adrutas-180430_a.gpx"), "\(lines)")
        #expect(lines[2].hasPrefix("ACTIVE LOG #2 · adrutas-180502.gpx"), "\(lines)")
        #expect(lines[3].hasPrefix("Unique "), "\(lines)")
        // The same file imported twice (--again): the ids tell them apart.
        let again = HikeListRow.distinctions([summary(1, name: "A", file: "f.gpx"), summary(2, name: "A", file: "f.gpx")])
        #expect(again == [HikeID(rowID: 1).rawValue, HikeID(rowID: 2).rawValue])
        // Narrow: the name is cut and the ids stand in for file names too long for the row, so
        // the rows still differ (tester: "…ser-test.tcx" twice for tcxparser-test.tcx and
        // cut-tcxparser-test.tcx).
        let narrow = render(s, width: 70)
        #expect(narrow[1].contains(HikeID(rowID: 1).rawValue) && narrow[2].contains(HikeID(rowID: 2).rawValue), "\(narrow)")
        let tcx = [summary(1, name: "Aerobics", file: "tcxparser-test.tcx"), summary(2, name: "Aerobics", file: "cut-tcxparser-test.tcx")]
        for w in [60, 66, 70, 80, 120] {
            let rows = render(tcx, width: w)
            #expect(rows[1] != rows[2], "\(w): \(rows)")
        }
        let mid = render(s, width: 82)  // 82 − 44 = 38 columns of name: 15 for the name
        #expect(mid[1].hasPrefix("ACTIVE LOG #2 · adrutas-180430_a.gpx"), "\(mid)")
    }

    @Test func longDurationsAndTerrainGainsAreWhole() {
        // 27 h 41 min estimated ("~27 h 41 min", 12 columns) and a terrain gain of 1319 m.
        var long = summary(1, name: "Kilimanjaro", file: "k.gpx", elapsed: 27 * 3600 + 41 * 60, gain: 1319)
        long.elevationFromTerrain = true
        let lines = render([long], width: 120)
        let f = env.format
        #expect(lines[1].contains(f.duration(27 * 3600 + 41 * 60)), "\(lines)")
        #expect(lines[1].contains("~+1319 m"), "\(lines)")
        #expect(!lines[1].contains("…"), "\(lines)")
        let narrow = render([long], width: 60)
        #expect(narrow[1].contains("~+1319 m"), "\(narrow)")
    }
}

import CairnTestSupport
import Foundation
import TermUI
import Testing
import TrailCore
@testable import TrailApp

/// The follow screen's profile against the hike screen's for the same hike and the same cursor
/// point: the y-axis labels, the blank column after them, and the plot's first column are the
/// same cells (a tester read the hike screen's cursor at the first point, `1500 m ⣏…`, as an
/// axis the follow screen lacked; DECISIONS 1086).
@Suite struct FollowProfileAxisTests {
    let app = CairnApp()

    /// The text of `columns` in each plot row of `buffer`.
    static func cells(_ buffer: Buffer, columns: Range<Int>, rows: Range<Int>) -> [String] {
        rows.map { y in columns.map { buffer[$0, y]?.symbol ?? "" }.joined() }
    }

    @Test func theFollowProfileHasTheHikeScreensAxisColumns() throws {
        let width = 120, height = 40
        let env = FollowFixture.environment()
        let chartArea = HikeScreenLayout(area: AppLayout(width: width, height: height).content).chart
        let layout = ElevationChart(hike: FollowFixture.hike(), environment: env).layout(in: chartArea)
        try #require(layout.yAxis.width > 1 && layout.plot.height > 2)
        let rows = layout.plot.y..<layout.plot.maxY
        let axisColumns = chartArea.x..<(layout.plot.x + 1)

        // The hike screen as it opens: the cursor at the first point fills the plot's first
        // column (every cell has the braille left column, dots 1 2 3 7 = bits 0x47).
        var hike = FollowFixture.hikeOpen(app, width: width, height: height)
        let opened = app.view(hike, width: width, height: height)
        for y in rows {
            let scalar = try #require(opened[layout.plot.x, y]?.symbol.unicodeScalars.first?.value)
            #expect((0x2800...0x28FF).contains(scalar) && (scalar - 0x2800) & 0x47 == 0x47, "row \(y): \(scalar)")
        }
        // Both screens with the cursor on the same point: where a fix on point 50 puts the
        // follow screen's, about half way.
        var follow = FollowFixture.following(app, width: width, height: height)
        FollowFixture.send(FollowFixture.fix(50), app, &follow)
        guard case .follow(let f, _) = follow.screen else { Issue.record("not following"); return }
        #expect((45...55).contains(f.progressIndex))
        let followBuffer = app.view(follow, width: width, height: height)
        hike.hike?.screen.scrub(to: f.progressIndex)
        let hikeBuffer = app.view(hike, width: width, height: height)

        let hikeAxis = Self.cells(hikeBuffer, columns: axisColumns, rows: rows)
        let followAxis = Self.cells(followBuffer, columns: axisColumns, rows: rows)
        #expect(hikeAxis == followAxis, "hike:\n\(hikeAxis.joined(separator: "\n"))\nfollow:\n\(followAxis.joined(separator: "\n"))")
        // Labels in the unit ("1050 m"), right-aligned before one blank column, then the plot.
        #expect(followAxis.filter { $0.contains(" m ") }.count >= 2)
        #expect(followAxis.allSatisfy { $0.dropLast().last == " " })
    }
}

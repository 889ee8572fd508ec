import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
@testable import TrailApp

@Suite struct ElevationChartTests {
    let env = TestSupport.environment()

    /// The highest dot row set anywhere in `rect` and the buffer columns where it is set.
    func topDots(_ buffer: Buffer, in rect: Rect) -> (row: Int, columns: Set<Int>) {
        var best = Int.max, columns = Set<Int>()
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let m = TestSupport.brailleMask(buffer, x: x, y: y)
                for c in 0..<2 {
                    guard let r = TestSupport.dotRows(mask: m, column: c).first else { continue }
                    let row = y * 4 + r
                    if row < best { best = row; columns = [x] } else if row == best { columns.insert(x) }
                }
            }
        }
        return (best, columns)
    }

    @Test func highestDotIsAboveTheHighestPoint() throws {
        let hike = try TestSupport.sampleHike("gpxpy-Mojstrovka.gpx")
        // The highest point, found from the elevations directly.
        let elevations = hike.profile.elevations.map { $0 ?? -.infinity }
        let top = elevations.indices.max { elevations[$0] < elevations[$1] }!
        let area = Rect(x: 0, y: 0, width: 90, height: 14)
        var buffer = Buffer(area: area)
        let chart = ElevationChart(hike: hike, environment: env)
        chart.render(area: area, into: &buffer)
        let layout = chart.layout(in: area)
        let (row, columns) = topDots(buffer, in: layout.plot)
        // The axis is the data range padded by 5 % on each side, so the top lies
        // (rows − 1) · 0.05 / 1.1 dot rows below the plot's top edge.
        let rows = Double(layout.plot.height * 4)
        #expect(row == layout.plot.y * 4 + Int((rows - 1) * 0.05 / 1.1 + 0.5))
        // The column holding the highest point, by the stated x mapping: distance / length of
        // the dot columns, rounded.
        let dotColumns = Double(layout.plot.width * 2)
        let expected = layout.plot.x + Int(hike.profile.distances[top] / hike.profile.length * (dotColumns - 1) + 0.5) / 2
        #expect(columns.contains(expected), "top dots at \(columns.sorted()), highest point in column \(expected)")
    }

    /// Buffer columns of the plot where every row has one full dot column set (the cursor).
    func cursorColumns(_ buffer: Buffer, plot: Rect) -> [Int] {
        (plot.x..<plot.maxX).filter { x in
            (0..<2).contains { c in
                (plot.y..<plot.maxY).allSatisfy { y in
                    TestSupport.dotRows(mask: TestSupport.brailleMask(buffer, x: x, y: y), column: c).count == 4
                }
            }
        }
    }

    @Test func cursorMovesRightAsScrubGrows() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        let area = Rect(x: 0, y: 0, width: 80, height: 12)
        var previous = -1
        for fraction in stride(from: 0.0, through: 1.0, by: 0.125) {
            var buffer = Buffer(area: area)
            let chart = ElevationChart(hike: hike, scrubIndex: hike.index(atFraction: fraction), environment: env)
            chart.render(area: area, into: &buffer)
            let columns = cursorColumns(buffer, plot: chart.layout(in: area).plot)
            #expect(columns.count == 1, "one cursor column at \(fraction), got \(columns)")
            guard let c = columns.first else { continue }
            #expect(c > previous, "cursor at \(c) for \(fraction), before it was \(previous)")
            previous = c
        }
    }

    @Test func gradeReadoutOfAConstantSlope() {
        // 10 % up: 1.10574 m of climb per 11.0574 m step north.
        let hike = TestSupport.northbound(count: 100, elevation: { 1000 + Double($0) * 1.10574 })
        #expect(abs(ProfileGrade.grade(in: hike.profile, at: 50)! - 0.10) < 0.001)
        #expect(abs(ProfileGrade.grade(in: hike.profile, at: 0)! - 0.10) < 0.001, "cut window at the start")
        let chart = ElevationChart(hike: hike, scrubIndex: 50, environment: env)
        let text = chart.readoutText() ?? ""
        #expect(text.contains("+10 %"), "\(text)")
        #expect(text.contains("553 m"), "distance along: 50 steps of 11.0574 m = 552.9 m; \(text)")
        #expect(text.contains("1055 m"), "elevation 1000 + 50 × 1.10574; \(text)")
    }

    @Test func elevationBetweenPointsIsInterpolated() {
        let hike = TestSupport.northbound(count: 3, spacing: 100, elevation: { [100, nil, 300][$0] })
        let mid = ProfileGrade.elevation(in: hike.profile, atDistance: hike.profile.distances[1])!
        #expect(abs(mid - 200) < 0.01, "halfway between 100 m and 300 m, skipping the point without elevation")
        #expect(ProfileGrade.elevation(in: hike.profile, atDistance: -5) == 100)
    }

    /// Issue 13: a hike half off the tile (no `ele` there) read "0%" at the cursor in the part
    /// without heights, both window ends taking the last height. Now no grade there, and the
    /// grade where both ends have heights is still (e(d+50) − e(d−50)) / 100.
    @Test func noGradeWhereAWindowEndHasNoHeight() {
        // 200 points 10 m apart, heights (+5 % : 0.5 m per 10 m) on the first 100 only.
        let hike = TestSupport.northbound(count: 200, spacing: 10, elevation: { $0 < 100 ? 1000 + 0.5 * Double($0) : nil })
        let step = hike.profile.distances[1]
        #expect(abs(ProfileGrade.grade(in: hike.profile, at: 50)! - 0.5 / step) < 0.001)
        #expect(ProfileGrade.grade(in: hike.profile, at: 150) == nil, "both ends past the last height")
        #expect(ProfileGrade.grade(in: hike.profile, at: 97) == nil, "the window's far end past the last height")
        let text = ElevationChart(hike: hike, scrubIndex: 150, environment: env).readoutText() ?? ""
        #expect(!text.contains("%"), "\(text)")
        #expect(ProfileGrade.elevation(in: hike.profile, atDistance: hike.profile.distances[150]) == 1049.5, "nearest still for the readout")
    }

    @Test func trackWithoutElevationSaysSoAndKeepsTheDistanceAxis() {
        let hike = TestSupport.northbound(count: 200, spacing: 10)
        var buffer = Buffer(width: 60, height: 10)
        ElevationChart(hike: hike, scrubIndex: 100, environment: env).render(area: buffer.area, into: &buffer)
        let text = buffer.textDump()
        #expect(text.contains("No elevation data"))
        #expect(text.contains("km"), "distance axis")
        #expect(text.contains("1.00 km"), "readout distance: 100 × 10 m; \(text)")
    }

    @Test func noPointsSaysSo() {
        let hike = PreparedHike(name: "empty", tracks: [])
        var buffer = Buffer(width: 30, height: 5)
        ElevationChart(hike: hike, scrubIndex: 0, range: 0...3, environment: env).render(area: buffer.area, into: &buffer)
        #expect(buffer.textDump().contains("No track points"))
    }

    @Test func rendersAtAnySize() throws {
        let hike = try TestSupport.sampleHike("gpxpy-Mojstrovka.gpx")
        for (w, h) in [(0, 0), (1, 1), (2, 2), (3, 3), (5, 2), (8, 3), (15, 4), (16, 5), (30, 6)] {
            var buffer = Buffer(width: w, height: h)
            ElevationChart(hike: hike, scrubIndex: 10, range: 5...50, environment: env).render(area: buffer.area, into: &buffer)
            #expect(buffer.textLines().count == h)
        }
    }

    @Test func imperialAxisUsesFeet() throws {
        let hike = try TestSupport.sampleHike("gpxpy-Mojstrovka.gpx")
        var buffer = Buffer(width: 80, height: 12)
        ElevationChart(hike: hike, environment: TestSupport.environment(units: .imperial)).render(area: buffer.area, into: &buffer)
        let text = buffer.textDump()
        #expect(text.contains(" ft"))
        #expect(text.contains(" mi"))
        #expect(!text.contains(" km"))
    }

    @Test func columnsMapBackToPoints() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        let area = Rect(x: 3, y: 2, width: 70, height: 10)
        let chart = ElevationChart(hike: hike, environment: env)
        let layout = chart.layout(in: area)
        var last = -1
        for column in layout.plot.x..<layout.plot.maxX {
            let i = chart.index(atColumn: column, in: area)!
            #expect(i >= last)
            #expect(layout.column(forX: hike.profile.distances[i]) == column || abs(layout.column(forX: hike.profile.distances[i]) - column) <= 1)
            last = i
        }
    }

    @Test func timeAxisLabelsHoursAndMinutes() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        let series = ProfileSeries(profile: hike.profile, axis: .time)
        #expect(series.axis == .time)
        #expect(zip(series.xs, series.xs.dropFirst()).allSatisfy { $0 <= $1 })
        var buffer = Buffer(width: 80, height: 10)
        ElevationChart(hike: hike, series: series, environment: env).render(area: buffer.area, into: &buffer)
        #expect(buffer.textLines().last!.contains(" h"))
    }

    @Test func snapshotMojstrovka() throws {
        let hike = try TestSupport.sampleHike("gpxpy-Mojstrovka.gpx")
        var buffer = Buffer(width: 80, height: 12)
        ElevationChart(hike: hike, scrubIndex: hike.index(atFraction: 0.5), range: hike.index(atFraction: 0.2)...hike.index(atFraction: 0.4),
                       environment: env).render(area: buffer.area, into: &buffer)
        Snapshot.check(buffer, named: "chart-mojstrovka-80x12")
    }

    @Test func snapshotOybinASCII() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        var buffer = Buffer(width: 70, height: 10)
        ElevationChart(hike: hike, scrubIndex: hike.index(atFraction: 0.3), environment: TestSupport.environment(mode: .ascii))
            .render(area: buffer.area, into: &buffer)
        Snapshot.check(buffer, named: "chart-oybin-ascii-70x10")
    }
}

@Suite struct NiceTicksTests {
    @Test func stepsAreOneTwoFive() {
        #expect(NiceTicks.niceStep(atLeast: 0.3) == 0.5)
        #expect(NiceTicks.niceStep(atLeast: 1) == 1)
        #expect(NiceTicks.niceStep(atLeast: 1.01) == 2)
        #expect(NiceTicks.niceStep(atLeast: 176) == 200)
        #expect(NiceTicks.niceStep(atLeast: 211) == 500)
        #expect(NiceTicks.niceStep(atLeast: 600) == 1000)
        #expect(NiceTicks.niceStep(atLeast: 0) == 1)
    }

    @Test func ticksCoverTheData() {
        let t = NiceTicks(min: 1792, max: 2849, maxTicks: 7)  // (2849 − 1792) / 6 = 176 → 200
        #expect(t.step == 200)
        #expect(t.lower == 1600)
        #expect(t.upper == 3000)
        #expect(t.values == [1600, 1800, 2000, 2200, 2400, 2600, 2800, 3000])
        let k = NiceTicks(min: 0, max: 2.7, maxTicks: 6)  // 0.54 → 1
        #expect(k.values == [0, 1, 2, 3])
        #expect(k.decimals == 0)
        let small = NiceTicks(min: 0, max: 0.9, maxTicks: 4)  // 0.3 → 0.5
        #expect(small.step == 0.5)
        #expect(small.decimals == 1)
        let flat = NiceTicks(min: 500, max: 500, maxTicks: 5)
        #expect(flat.lower < 500 && flat.upper > 500)
    }
}

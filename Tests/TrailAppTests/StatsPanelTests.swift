import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
import TrailStore
@testable import TrailApp

@Suite struct StatsPanelTests {
    let env = TestSupport.environment()
    let format = UnitFormatter(system: .metric)

    /// The row of `buffer` containing `text`, or nil.
    func row(_ buffer: Buffer, containing text: String) -> Int? {
        buffer.textLines().firstIndex { $0.contains(text) }
    }

    @Test func overallAndMovingSpeedsSideBySideWhenWide() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        let s = hike.statistics
        var wide = Buffer(width: 60, height: 12)
        StatsPanel(hike: hike, environment: env).render(area: wide.area, into: &wide)
        let overall = format.speed(s.averageSpeed), moving = format.speed(s.movingAverageSpeed)
        let r = try #require(row(wide, containing: "Speed"))
        #expect(wide.textLines()[r].contains(overall) && wide.textLines()[r].contains(moving))
        // Narrow: the pairs are stacked, moving speed on the next line.
        var narrow = Buffer(width: 26, height: 30)
        StatsPanel(hike: hike, environment: env).render(area: narrow.area, into: &narrow)
        let n = try #require(row(narrow, containing: "Speed"))
        #expect(narrow.textLines()[n].contains(overall))
        #expect(narrow.textLines()[n + 1].contains(moving))
    }

    @Test func rangeStatisticsMatchTheSlicedTrack() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        var state = HikeScreenState(hike: hike)
        state.setRange(start: 300, end: 100)
        #expect(state.range == 100...300)
        // Independently: the statistics of a segment made of points 100…300 only.
        let points = hike.track.segments.flatMap(\.points)
        let sliced = StatisticsCalculator().statistics(for: TrackSegment(points: Array(points[100...300])))
        let range = try #require(state.rangeStatistics)
        #expect(abs(range.distance - sliced.distance) < 1e-6)
        #expect(range.elevationGain == sliced.elevationGain)
        var buffer = Buffer(width: 60, height: 20)
        StatsPanel(hike: hike, range: state.range, rangeStatistics: state.rangeStatistics, environment: env)
            .render(area: buffer.area, into: &buffer)
        let text = buffer.textDump()
        let title = "Range " + format.distance(hike.profile.distances[100]) + " – " + format.distance(hike.profile.distances[300])
        let titleRow = try #require(row(buffer, containing: title))
        let distanceRow = try #require(buffer.textLines()[(titleRow + 1)...].firstIndex { $0.contains("Distance") })
        #expect(buffer.textLines()[distanceRow].contains(format.distance(sliced.distance)), "\(text)")
        state.setRange(start: nil, end: 5)
        #expect(state.range == nil && state.rangeStatistics == nil)
    }

    @Test func untimedHikeShowsTheWalkingEstimate() {
        let hike = TestSupport.northbound(count: 101, spacing: 40, elevation: { 1000 + Double($0) * 4 })  // 4 km, +400 m
        var buffer = Buffer(width: 60, height: 10)
        StatsPanel(hike: hike, environment: env).render(area: buffer.area, into: &buffer)
        let text = buffer.textDump()
        // DIN 33466: 4 km at 4 km/h = 60 min; 400 m at 300 m/h = 80 min; 80 + 60 / 2 = 110 min.
        #expect(text.contains("Est. time 1 h 50 min"), "\(text)")
        #expect(!text.contains("Moving"))
    }

    @Test func rendersAtAnySizeAndSanitisesTheName() throws {
        var hike = try TestSupport.sampleHike("gpxpy-Mojstrovka.gpx")
        hike.name = "Bad\u{1b}]0;title\u{7}name"
        for (w, h) in [(0, 0), (1, 1), (2, 2), (5, 3), (12, 4), (20, 30)] {
            var buffer = Buffer(width: w, height: h)
            StatsPanel(hike: hike, range: 3...40, rangeStatistics: TrackStatistics(), environment: env)
                .render(area: buffer.area, into: &buffer)
            #expect(buffer.textLines().count == h)
            #expect(!TestSupport.scalars(buffer).contains { $0.value < 0x20 })
        }
    }

    @Test func snapshotOybinWithRange() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        var state = HikeScreenState(hike: hike)
        state.setRange(start: 50, end: 250)
        var buffer = Buffer(width: 44, height: 18)
        StatsPanel(hike: hike, range: state.range, rangeStatistics: state.rangeStatistics, environment: env)
            .render(area: buffer.area, into: &buffer)
        Snapshot.check(buffer, named: "stats-oybin-range-44x18")
    }
}

/// The range's figures at the sizes people use (issue 34: at 120x40 only Range, Distance,
/// Points and Time showed; the climb is why a range is selected).
@Suite struct StatsPanelRangeRoomTests {
    let env = TestSupport.environment()
    let format = UnitFormatter(system: .metric)

    @Test(arguments: [(120, 40), (100, 30), (80, 24)])
    func rangeClimbShowsInTheHikeScreensPanel(width: Int, height: Int) throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        var state = HikeScreenState(hike: hike)
        state.setRange(start: 50, end: 250)
        let area = HikeScreenLayout(area: Rect(x: 0, y: 0, width: width, height: height - 1)).stats
        guard area.height >= 8 else { return }  // 80x24: no room for a panel at all is another matter
        var buffer = Buffer(width: width, height: height)
        StatsPanel(hike: hike, range: state.range, rangeStatistics: state.rangeStatistics, environment: env)
            .render(area: area, into: &buffer)
        let lines = buffer.textLines()
        let title = try #require(lines.firstIndex { $0.contains("Range ") }, "\(lines.joined(separator: "\n"))")
        let below = lines[title...].joined(separator: "\n")
        // Independently: the statistics of points 50…250 alone.
        let points = hike.track.segments.flatMap(\.points)
        let sliced = StatisticsCalculator().statistics(for: TrackSegment(points: Array(points[50...250])))
        #expect(below.contains(format.distance(sliced.distance)), "\(below)")
        #expect(below.contains(format.elevationChange(sliced.elevationGain)), "gain missing at \(width)x\(height):\n\(below)")
        #expect(below.contains(format.elevationChange(sliced.elevationLoss.map { -$0 })), "\(below)")
        // The hike's own distance and gain stay above it.
        let above = lines[..<title].joined(separator: "\n")
        #expect(above.contains(format.distance(hike.statistics.distance)) && above.contains("Gain"), "\(above)")
    }

    @Test func movingTimeAndSpeedHaveTheirOwnLabels() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        let labels = StatsPanel(hike: hike, environment: env).lines(for: hike.statistics, full: true).flatMap { $0 }.map(\.label)
        #expect(labels.filter { $0 == "Moving" }.count == 1, "\(labels)")
        #expect(Set(labels).count == labels.count, "\(labels)")
        let pairs = Dictionary(uniqueKeysWithValues: StatsPanel(hike: hike, environment: env).lines(for: hike.statistics, full: true)
            .flatMap { $0 }.map { ($0.label, $0.value) })
        let s = hike.statistics
        #expect(pairs["Moving"] == format.duration(s.movingTime))
        #expect(pairs["Speed"] == format.speed(s.movingAverageSpeed))
        #expect(pairs["Overall"] == format.speed(s.averageSpeed))
        // Overall = distance ÷ elapsed time, independently.
        let overall = try #require(s.elapsedTime).isZero ? nil : s.distance / s.elapsedTime!
        #expect(pairs["Overall"] == format.speed(overall))
    }

    /// "Δ gain" is signed as it is shown: a difference under half a metre is "0 m", not "−0 m".
    @Test func gainDifferenceUnderOneUnitIsZeroWithoutSign() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        let panel = StatsPanel(hike: hike, environment: env)
        for (file, terrain, expected) in [(500.2, 500.4, "0 m"), (500.4, 500.2, "0 m"), (512.0, 500.0, "+12 m"), (488.0, 500.0, "-12 m")] {
            let t = HikeTerrain(source: .file, gain: terrain, loss: 400, fileGain: file, fileLoss: 400)
            let value = panel.terrainLines(t).flatMap { $0 }.first { $0.label == "Δ gain" }?.value
            #expect(value == expected, "file \(file), terrain \(terrain): \(value ?? "nil")")
        }
    }
}

/// The walk history starts below everything the statistics panel drew: its lines, the
/// completion rows and the ground shares (a screenshot of stop 44 showed "Walks" written over
/// the completion's second row, "Walks km of 18.1 km").
@Suite struct WalkHistoryPlacementTests {
    let env = TestSupport.environment()

    @Test func walksComeBelowTheCompletionRows() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        var panel = StatsPanel(hike: hike, environment: env)
        let length = hike.statistics.distance
        panel.completion = CompletionFigures(share: 1, length: length, walked: length, walkedRanges: [0...length], missing: [],
                                             hikesRead: 2, walksRead: 0)
        // Narrow enough that the headline and "X of Y" take a row each.
        var buffer = Buffer(width: 34, height: 40)
        let bottom = panel.render(area: buffer.area, into: &buffer)
        let walk = WalkRecord(id: WalkID(rawValue: 1), hikeID: HikeID(rowID: 1), startedAt: Date(timeIntervalSince1970: 1_764_500_000),
                              pointCount: 3, summary: FollowSummary(routeLength: length, coverage: 0.11, coveredLength: 0.11 * length,
                                                                    furthestProgress: 100, activeTime: 600, distanceWalked: 1910))
        WalkHistoryView.render([walk], from: bottom, environment: env, area: buffer.area, into: &buffer)
        let lines = buffer.textLines()
        let u = env.format
        let ofRow = try #require(lines.firstIndex { $0.contains(u.distance(length) + " of " + u.distance(length)) }, "\(lines)")
        let walksRow = try #require(lines.firstIndex { $0.hasPrefix("Walks") }, "\(lines)")
        #expect(walksRow > ofRow, "\(lines)")
        #expect(lines[walksRow] == "Walks")
        #expect(lines[walksRow + 1].contains("11 % covered, 1.91 km"), "\(lines)")
        #expect(walksRow >= bottom + 1)
    }
}

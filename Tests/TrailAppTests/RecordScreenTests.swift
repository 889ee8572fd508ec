import Foundation
import TermUI
import Testing
import TrailCore
@testable import TrailApp

/// The recording screen rendered into a Buffer and compared as text: the panel's figures
/// against values computed from the fixture's geometry, the map's marker on the last fix,
/// the growing profile, and a snapshot of the whole frame.
@Suite struct RecordScreenTests {
    /// 30 fixes due north, 11.0574 m and 10 s apart, climbing 1 m each (``FollowFixture``).
    static func recorded(_ n: Int = 30) -> RecordDriver {
        var d = RecordDriver(width: 100, height: 30)
        _ = d.start()
        for k in 0..<n { d.send(FollowFixture.fix(Double(k))) }
        return d
    }

    static func row(_ label: String, in text: String) -> String? {
        guard let line = text.split(separator: "\n").first(where: { $0.contains(label) }),
              let r = line.range(of: label) else { return nil }
        return line[r.upperBound...].trimmingCharacters(in: .whitespaces)
    }

    @Test func panelShowsTheFiguresOfTheCommittedPoints() {
        let d = Self.recorded()
        let text = d.text
        // 29 × 11.0574 m = 320.66 m; 290 s walked without a stop; +29 m (1 m a fix, below any
        // smoothing threshold it is still the sum of the rises: StatisticsCalculator's 29 m).
        #expect(Self.row("Distance", in: text)?.hasPrefix("321 m") == true, "\(text)")
        #expect(Self.row("Elapsed", in: text)?.hasPrefix("0:04:50") == true)
        #expect(Self.row("Moving", in: text)?.hasPrefix("0:04:50") == true)
        // 320.66 m in 290 s = 1.1057 m/s: 1000 / 1.1057 = 904 s = 15:04 min/km.
        #expect(Self.row("Average pace", in: text)?.hasPrefix("15:04 min/km") == true)
        #expect(Self.row("Points", in: text)?.hasPrefix("30 recorded") == true)
        #expect(Self.row("Rejected", in: text)?.hasPrefix("0") == true)
        #expect(Self.row("Fix", in: text)?.hasPrefix("3D ±5 m, 0 s ago") == true)
        #expect(Self.row("Elevation", in: text)?.hasPrefix("1029 m") == true)
        #expect(text.contains("● recording"))
    }

    @Test func theMarkerIsOnTheMapAndTheProfileGrows() {
        var d = Self.recorded(3)
        var scratch = Buffer(width: 100, height: 29)
        var frame = RecordScreenView.render(model: d.model!, environment: d.state.environment,
                                            area: Rect(x: 0, y: 0, width: 100, height: 29), into: &scratch)
        #expect(frame.layout.chart.height > 0)
        let before = d.model!.drawable.pointCount
        for k in 3..<40 { d.send(FollowFixture.fix(Double(k))) }
        frame = RecordScreenView.render(model: d.model!, environment: d.state.environment,
                                        area: Rect(x: 0, y: 0, width: 100, height: 29), into: &scratch)
        #expect(d.model!.drawable.pointCount == 40 && before == 3)
        #expect(d.model!.drawable.profile.length > 400)
        #expect(d.text.contains("◉"))
        #expect(!d.text.contains("The profile grows as you walk"))
        _ = frame
    }

    @Test func beforeAnyFixTheScreenSaysWhyNothingIsRecorded() {
        var d = RecordDriver(width: 100, height: 30)
        _ = d.start()
        _ = d.app.update(&d.state, .record(.position(.connection(.connecting(attempt: 3)), at: FollowFixture.t0, source: 1)))
        let text = d.text
        #expect(text.contains("Waiting for the first fix from gpsd://127.0.0.1:2947"))
        #expect(text.contains("connecting (attempt 3)"))
        #expect(text.contains("Nothing is recorded until a fix is accepted"))
        #expect(text.contains("The profile grows as you walk"))
        // The panel is narrow at 100 columns: the screen shows the row's start, the model all of it.
        #expect(Self.row("Fix", in: text)?.hasPrefix("none yet: conn") == true)
        #expect(d.model?.panel(units: d.state.environment.format).rows.first { $0.label == "Fix" }?.value
                == "none yet: connecting (attempt 3)")
    }

    @Test func snapshotOfARecordingScreen() {
        let d = Self.recorded()
        Snapshot.check(d.app.view(d.state, width: 100, height: 30), named: "record-north-100x30")
    }
}

/// The drawing line stays bounded however long the walk, keeps each stretch's ends and the
/// newest point.
@Suite struct DecimatedLineTests {
    func point(_ i: Int) -> Trackpoint { Trackpoint(latitude: Double(i) * 1e-5, longitude: 10) }

    @Test func aLongWalkKeepsAtMostTheCapacityAndItsEnds() {
        var line = DecimatedLine(capacity: 100)
        for i in 0..<43_200 { line.append(point(i), newStretch: false) }
        #expect(line.count <= 100)
        #expect(line.count >= 50)
        #expect(line.stretches[0].first == point(0))
        #expect(line.stretches[0].last == point(43_199))
        // Kept points stay in walking order.
        let lats = line.stretches[0].map(\.latitude)
        #expect(lats == lats.sorted())
    }

    @Test func shortWalksKeepEveryPointAndStretchesStaySeparate() {
        var line = DecimatedLine(capacity: 100)
        for i in 0..<30 { line.append(point(i), newStretch: false) }
        for i in 30..<50 { line.append(point(i), newStretch: i == 30) }
        #expect(line.stretches.map(\.count) == [30, 20])
        #expect(line.stride == 1)
        line.reset([[point(1), point(2)], [], [point(3)]])
        #expect(line.stretches.map(\.count) == [2, 1])
    }

    /// The screen's line has the stored hike's segments (DECISIONS.md 420), also once halved:
    /// a walked leg across a pause is drawn, a ride (1.2 km in 41 s) is a gap.
    @Test func aLegFasterThanAWalkIsAGapInTheLine() {
        let t0 = Date(timeIntervalSince1970: 1_714_557_600)
        func timed(_ i: Int, _ s: Double) -> Trackpoint {
            Trackpoint(latitude: Double(i) * 1e-5, longitude: 10, time: t0.addingTimeInterval(s))
        }
        var line = DecimatedLine(capacity: 40)
        for i in 0..<30 { line.append(timed(i, Double(i)), newStretch: false) }
        for i in 30..<60 { line.append(timed(i, 600 + Double(i)), newStretch: i == 30) }  // 1 m in 10 min: walked
        for i in 1_160..<1_190 { line.append(timed(i, 700 + Double(i - 1_160)), newStretch: i == 1_160) }  // 1.2 km in 41 s: a ride
        #expect(line.stride > 1 && line.stretches.count == 3)
        #expect(line.track.segments.count == 2)
        #expect(line.track.segments[0].points.first == timed(0, 0) && line.track.segments[1].points.first == timed(1_160, 700))
        let all = line.stretches.flatMap { $0 }
        #expect(RecordingSession.segments(of: line.stretches).map(\.count) == [all.count - line.stretches[2].count, line.stretches[2].count])
    }
}

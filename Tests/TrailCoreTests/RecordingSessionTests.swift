import Foundation
import Testing
@testable import TrailCore

/// The recording state machine on its own (no store): record, pause, resume, finish, restore.
@Suite struct RecordingSessionTests {
    let t0 = Date(timeIntervalSince1970: 1_714_557_600)

    func fix(_ c: Coordinate, at s: Double) -> PositionFix {
        PositionFix(time: t0.addingTimeInterval(s), coordinate: c, altitude: 1000 + s, source: .replay)
    }

    /// Judges and commits, as the store would after writing.
    @discardableResult
    func feed(_ r: inout RecordingSession, _ f: PositionFix) -> RecordingJudgement {
        let j = r.judge(f)
        if case .accept(let p) = j { r.commit(p) }
        return j
    }

    @Test func acceptedPointsCountOnlyWhenCommitted() {
        var r = RecordingSession()
        guard case .accept(let p) = r.judge(fix(KnownPoints.origin, at: 0)) else { Issue.record("not accepted"); return }
        #expect(p.sequence == 0 && p.stretch == 0)
        #expect(r.pointCount == 0 && r.stretches.isEmpty)  // not yet committed
        r.commit(p)
        #expect(r.pointCount == 1)
        guard case .accept(let q) = r.judge(fix(KnownPoints.north20, at: 10)) else { Issue.record("not accepted"); return }
        #expect(r.distance == 0)
        r.commit(q)
        #expect(abs(r.distance - 20) < 1e-3)  // GeographicLib: 20 m north
        // A point the store could not write never counts.
        guard case .accept = r.judge(fix(KnownPoints.north100, at: 20)) else { Issue.record("not accepted"); return }
        r.discardPending()
        #expect(r.pointCount == 2)
    }

    /// A recording restored after a crash and resumed from a source that starts again (a
    /// replay played from its beginning): fixes not after the newest stored point are
    /// `outOfOrder`, so nothing already recorded is walked twice; later fixes are accepted.
    @Test func aResumedRecordingRefusesFixesFromBeforeItsLastPoint() throws {
        let stored = [[fix(KnownPoints.origin, at: 0).trackpoint, fix(KnownPoints.north20, at: 10).trackpoint]]
        var r = RecordingSession(restoring: stored, counters: nil, rules: .recording)
        try r.apply(.resume)
        #expect(feed(&r, fix(KnownPoints.origin, at: 0)) == .reject(.outOfOrder))
        #expect(feed(&r, fix(KnownPoints.north20, at: 10)) == .reject(.outOfOrder))
        guard case .accept = feed(&r, fix(KnownPoints.north100, at: 60)) else { Issue.record("not accepted"); return }
        #expect(r.pointCount == 3 && r.stretches.count == 2)
        #expect(r.filter.counters.rejected[.outOfOrder] == 2)
    }

    @Test func pauseResumeFinishAndWhatEachAllows() throws {
        var r = RecordingSession(rules: .recording)
        feed(&r, fix(KnownPoints.origin, at: 0))
        feed(&r, fix(KnownPoints.north20, at: 10))
        try r.apply(.pause)
        #expect(r.state == .paused)
        #expect(r.judge(fix(KnownPoints.north100, at: 20)) == .ignored(.paused))
        #expect(throws: RecordingTransitionError(action: .pause, state: .paused)) { try r.apply(.pause) }
        try r.apply(.resume)
        #expect(r.state == .recording && r.stretch == 1)
        // After resuming the anchor is forgotten: a point 80 m on in 1 s (80 m/s) is accepted.
        #expect(feed(&r, fix(KnownPoints.north100, at: 21)) == .accept(PendingPoint(
            sequence: 2, stretch: 1, point: fix(KnownPoints.north100, at: 21).trackpoint)))
        // 80 m in 11 s across the pause (7.3 m/s) is faster than a walk: the leg does not count
        // and the resume begins a second segment (DECISIONS.md 420).
        #expect(abs(r.distance - 20) < 1e-3)
        #expect(r.stretches.map(\.count) == [2, 1])
        #expect(r.track.segments.map(\.points.count) == [2, 1] && r.statistics().segmentCount == 2)
        try r.apply(.finish)
        #expect(r.state == .finished)
        #expect(r.judge(fix(KnownPoints.origin, at: 30)) == .ignored(.finished))
        for a in [RecordingAction.pause, .resume, .finish] {
            #expect(throws: RecordingTransitionError.self) { try r.apply(a) }
        }
    }

    @Test func resumeWithoutPointsKeepsTheStretch() throws {
        var r = RecordingSession()
        try r.apply(.pause)
        try r.apply(.resume)
        #expect(r.stretch == 0)
        feed(&r, fix(KnownPoints.origin, at: 0))
        #expect(r.stretches.count == 1)
    }

    @Test func restoredRecordingIsPausedWithEverything() throws {
        var original = RecordingSession()
        for (i, c) in [KnownPoints.origin, KnownPoints.north20, KnownPoints.north100].enumerated() {
            feed(&original, fix(c, at: Double(i) * 30))
        }
        _ = original.judge(fix(Coordinate(latitude: 0, longitude: 0), at: 100))  // a stray, counted
        var restored = RecordingSession(restoring: original.stretches, counters: original.filter.counters)
        #expect(restored.state == .paused)
        #expect(restored.pointCount == 3 && restored.distance == original.distance)
        #expect(restored.filter.counters.rejected[.strayFix] == 1)
        try restored.apply(.resume)
        feed(&restored, fix(KnownPoints.north20, at: 200))
        #expect(restored.stretches.map(\.count) == [3, 1])
        #expect(restored.pointCount == 4)
    }

    @Test func figuresMatchTheStatisticsOfTheSamePoints() throws {
        // Distance, elapsed and moving time equal StatisticsCalculator on the committed points
        // (what `cairn stats` prints for them), across a pause.
        var r = RecordingSession(rules: PositionFilterRules(minimumSpacing: 10))
        var c = KnownPoints.origin
        for i in 0..<300 {
            if i == 150 { try r.apply(.pause); try r.apply(.resume) }
            c = c.coordinate(at: i % 7 == 0 ? 4 : 13, bearing: Double(i % 90))
            feed(&r, fix(c, at: Double(i * 10)))
        }
        let stats = StatisticsCalculator().statistics(for: r.track)
        #expect(r.distance == stats.distance)
        #expect(r.statistics() == stats)
        // Two stretches, one segment: the pause does not cut the walk (DECISIONS.md 420).
        #expect(r.stretches.count == 2 && stats.segmentCount == 1)
        let apart = StatisticsCalculator().statistics(for: Track(segments: r.stretches.map { TrackSegment(points: $0) }))
        #expect(r.distance > apart.distance)
        #expect(r.pointCount == stats.pointCount && r.pointCount < 300)  // the 4 m steps were too close
    }

    /// DECISIONS.md 420: the leg across a pause counts when it could have been walked. On the
    /// meridian 7.5° E from 46.5° to 46.5009°: GeographicLib 2.1 `Geodesic.WGS84.Inverse(46.5,
    /// 7.5, 46.5009, 7.5)['s12']` = 100.04498328562578 m, at 25 km/h (6.944 m/s) 14.4065 s.
    @Test func theLegAcrossAPauseCountsWhenItCouldHaveBeenWalked() {
        func point(_ lat: Double, _ s: Double?) -> Trackpoint {
            Trackpoint(latitude: lat, longitude: 7.5, elevation: nil, time: s.map { t0.addingTimeInterval($0) })
        }
        let a = point(46.5, 0)
        #expect(RecordingSession.legCounts(from: a, to: point(46.5009, 14.5)))  // 6.90 m/s
        #expect(!RecordingSession.legCounts(from: a, to: point(46.5009, 14.3)))  // 7.00 m/s
        #expect(RecordingSession.legCounts(from: a, to: point(46.5, 86_400)))  // a day at the same place
        #expect(!RecordingSession.legCounts(from: a, to: point(46.5, 86_401)))  // longer: a break (70)
        #expect(!RecordingSession.legCounts(from: a, to: point(46.5, -1)))  // back in time
        #expect(RecordingSession.legCounts(from: point(46.5, nil), to: point(46.5009, nil)))  // nothing to judge
        // Stretches joined into segments by that rule.
        let s1 = [a, point(46.5001, 5)], s2 = [point(46.5002, 600), point(46.5003, 605)], s3 = [point(46.6, 610)]
        #expect(RecordingSession.segments(of: [s1, [], s2, s3]) == [s1 + s2, s3])
    }

    /// DECISIONS.md 423: a jump while recording (no pause) adds no distance. On the meridian
    /// 7.5° E, 11.1 m a second from 46.5° (t 0-9 s), then the fixes jump 3.4 km north to 46.531°
    /// (t 10-20 s): five are rejected as too fast, the sixth (t 15 s) re-anchors and opens a
    /// stretch whose leg (3,402 m in 6 s) could not have been walked, so a new segment.
    /// GeographicLib 2.1 `Geodesic.WGS84.Inverse`: 46.5 → 46.5009 = 100.04498328562578 m,
    /// 46.5315 → 46.532 = 55.5808518115713 m; together 155.62583509719707 m.
    @Test func aJumpWhileRecordingStartsANewSegmentAndCountsInNothing() {
        var r = RecordingSession()
        for i in 0..<10 { feed(&r, fix(Coordinate(latitude: 46.5 + Double(i) * 0.0001, longitude: 7.5), at: Double(i))) }
        var stretches: [Int] = []
        for i in 10...20 {
            let j = feed(&r, fix(Coordinate(latitude: 46.53 + Double(i) * 0.0001, longitude: 7.5), at: Double(i)))
            if case .accept(let p) = j { stretches.append(p.stretch) }
        }
        #expect(r.filter.counters.reanchors == 1)
        #expect(stretches == [1, 1, 1, 1, 1, 1])  // t 15-20 s, after the walk's stretch 0
        #expect(r.track.segments.map(\.points.count) == [10, 6])
        #expect(abs(r.distance - 155.62583509719707) < 0.01)
        #expect(abs(r.statistics().distance - 155.62583509719707) < 0.01)
    }

    @Test func currentPaceOverTheLastStretchOfTrail() {
        var r = RecordingSession(rules: PositionFilterRules(minimumSpacing: 0))
        var c = KnownPoints.origin
        // 100 m per minute (10:00 per km) for 10 minutes.
        for i in 0...10 {
            feed(&r, fix(c, at: Double(i * 60)))
            c = c.coordinate(at: 100, bearing: 0)
        }
        // 100 m per 60 s between every pair: 1.667 m/s whatever the window.
        #expect(r.currentSpeed(over: 500).map { abs($0 - 100.0 / 60) < 1e-3 } == true)
        #expect(r.currentSpeed(over: 5000) == nil)
    }

    /// The last 500 m walked span a pause, as a watch measures them: the steps before it count,
    /// the pause's time and the leg across it do not (DECISIONS.md 494; the pace used to
    /// restart at each resume and show nothing for the first 500 m after it).
    @Test func currentPaceSpansAPauseWithoutItsTime() throws {
        var r = RecordingSession(rules: PositionFilterRules(minimumSpacing: 0))
        var c = KnownPoints.origin
        // Before the pause: 5 steps of 100 m, 60 s each.
        for i in 0...5 {
            feed(&r, fix(c, at: Double(i * 60)))
            if i < 5 { c = c.coordinate(at: 100, bearing: 0) }
        }
        try r.apply(.pause)
        try r.apply(.resume)
        // 20 minutes later and 100 m on (a leg that counts in the distance, DECISIONS.md 420),
        // then 3 steps of 50 m, 60 s each.
        c = c.coordinate(at: 100, bearing: 0)
        let t1 = 300 + 1200
        for i in 0...3 {
            feed(&r, fix(c, at: Double(t1 + i * 60)))
            c = c.coordinate(at: 50, bearing: 0)
        }
        #expect(r.keptStretches.map(\.count) == [6, 4])
        // Back from the last point in whole steps: 3 × 50 m (180 s) after the pause, then
        // 4 × 100 m (240 s) before it reach 550 m ≥ 500 m: 550 m / 420 s.
        let v = try #require(r.currentSpeed(over: 500))
        #expect(abs(v - 550.0 / 420) < 1e-6, "\(v)")
        // A window within the stretch after the pause stays within it: 100 m / 120 s.
        #expect(abs((r.currentSpeed(over: 100) ?? 0) - 100.0 / 120) < 1e-6)
        // More than was walked: none.
        #expect(r.currentSpeed(over: 700) == nil)
    }
}

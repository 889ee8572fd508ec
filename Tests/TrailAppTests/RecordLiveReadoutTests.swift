import Foundation
import TermUI
import Testing
import TrailCore
import TrailLive
@testable import TrailApp

/// The recording screen's live readout between points: the clock ticks, a silent source's fix
/// is marked stale, a recovered source clears the error, and a backtrack started while
/// recording shows the way back with the time left and the arrival.
@Suite struct RecordLiveReadoutTests {
    typealias F = FollowFixture
    static func row(_ label: String, in text: String) -> String? { RecordScreenTests.row(label, in: text) }

    /// 30 fixes 10 s apart (``FollowFixture``): the last at t0 + 290 s, moving at 1.1 m/s.
    @Test func theClockTicksBetweenPointsAndAStaleFixIsMarked() {
        var d = RecordScreenTests.recorded()
        _ = d.app.update(&d.state, .record(.tick(F.t0.addingTimeInterval(295))))
        // 5 s of wall clock after the last point, walking: both run on.
        #expect(Self.row("Elapsed", in: d.text)?.hasPrefix("0:04:55") == true, "\(d.text)")
        #expect(Self.row("Moving", in: d.text)?.hasPrefix("0:04:55") == true)
        #expect(Self.row("Fix", in: d.text)?.contains("stale") == false)
        _ = d.app.update(&d.state, .record(.tick(F.t0.addingTimeInterval(350))))
        // 60 s silent: elapsed runs on (5:50); moving ran on only while the fix was fresh (10 s
        // after it arrived: 4:50 + 0:10) and does not go back; the fix is stale.
        #expect(Self.row("Elapsed", in: d.text)?.hasPrefix("0:05:50") == true)
        #expect(Self.row("Moving", in: d.text)?.hasPrefix("0:05:00") == true)
        #expect(Self.row("Fix", in: d.text)?.hasPrefix("stale, 60 s ago") == true, "\(d.text)")
        // Paused: the clock stands where it was at the pause, ticks or not.
        _ = d.answer(d.key(.character("p")))
        #expect(Self.row("Elapsed", in: d.text)?.hasPrefix("0:05:50") == true)
        _ = d.app.update(&d.state, .record(.tick(F.t0.addingTimeInterval(400))))
        #expect(Self.row("Elapsed", in: d.text)?.hasPrefix("0:05:50") == true)
        #expect(Self.row("Moving", in: d.text)?.hasPrefix("0:05:00") == true)
    }

    /// The newcomer's case: one point accepted (elapsed 0 by the points), 5 s of clock, `p`:
    /// Elapsed stands at 0:00:05 (it read 0:00:00 before), 20 s later still; after `p` again it
    /// runs on from 0:00:05 (3 s later 0:00:08), not from the pause's start nor from the point.
    /// Moving (the fix at 1.1 m/s, fresh for 10 s) likewise: 5 s at the pause, 8 s after.
    @Test func aPauseFreezesTheClockAndAResumeGoesOnFromThere() {
        var d = RecordScreenTests.recorded(1)
        _ = d.app.update(&d.state, .record(.tick(F.t0.addingTimeInterval(5))))
        #expect(Self.row("Elapsed", in: d.text)?.hasPrefix("0:00:05") == true, "\(d.text)")
        _ = d.answer(d.key(.character("p")))
        #expect(d.model?.figures.state == .paused)
        #expect(Self.row("Elapsed", in: d.text)?.hasPrefix("0:00:05") == true, "\(d.text)")
        #expect(Self.row("Moving", in: d.text)?.hasPrefix("0:00:05") == true)
        _ = d.app.update(&d.state, .record(.tick(F.t0.addingTimeInterval(25))))
        #expect(Self.row("Elapsed", in: d.text)?.hasPrefix("0:00:05") == true)
        _ = d.answer(d.key(.character("p")))
        #expect(d.model?.figures.state == .recording)
        #expect(Self.row("Elapsed", in: d.text)?.hasPrefix("0:00:05") == true)
        _ = d.app.update(&d.state, .record(.tick(F.t0.addingTimeInterval(28))))
        #expect(Self.row("Elapsed", in: d.text)?.hasPrefix("0:00:08") == true, "\(d.text)")
        // The fix arrived at t0 and turned stale at t0 + 10 s, before the resume: moving stands.
        #expect(Self.row("Moving", in: d.text)?.hasPrefix("0:00:05") == true)
        #expect(d.model?.liveStatus.elapsed == 8)
    }

    @Test func aRecoveredSourceClearsTheError() {
        var d = RecordScreenTests.recorded(3)
        let lost = PositionEvent.connection(.disconnected(reason: "Connection refused", retryIn: 2))
        _ = d.app.update(&d.state, .record(.position(lost, at: F.t0.addingTimeInterval(30), source: 1)))
        #expect(d.state.status.text.contains("Position source lost: Connection refused"))
        d.send(F.fix(3))
        #expect(d.state.status.text == "Position source back: fixes arriving again")
        #expect(!d.state.status.isError)
    }

    /// A fix at ±45 m (HDOP 2.4 × 19 m) over the 30 m limit: the status line says so once,
    /// with the setting to change (45 m rounded up to 50 m, plus 10 m: 60 m); later
    /// rejections keep the line as it is.
    @Test func accuracyRejectionsAreExplainedOnce() {
        var d = RecordScreenTests.recorded(3)
        var poor = F.fix(3)
        poor.horizontalAccuracy = 45
        d.send(poor)
        #expect(d.state.status.text.hasPrefix("Fixes rejected for accuracy: ±45 m is worse than the 30 m allowed"), "\(d.state.status.text)")
        #expect(d.state.status.text.contains("--max-accuracy 60m"))
        #expect(d.state.status.isError)
        d.state.status = StatusMessage(text: "", isError: false)
        var again = F.fix(4)
        again.horizontalAccuracy = 45
        d.send(again)
        #expect(d.state.status.text.isEmpty)
        #expect(d.model?.figures.counters.rejected[.poorAccuracy] == 2)
    }

    /// `b` after 29 × 11.0574 m = 320.66 m walked north, climbing 29 m: the way back is 321 m;
    /// its DIN 33466 time lies between the horizontal time alone (320.66 m at 4 km/h = 288.6 s)
    /// and that plus half the descent time (29 m at 500 m/h = 208.8 s: 393 s); arrival = now + it.
    @Test func aBacktrackWhileRecordingShowsTheWayBackItsTimeAndArrival() throws {
        var d = RecordScreenTests.recorded()
        _ = d.answer(d.key(.character("b")))
        let text = d.text
        #expect(Self.row("Way back", in: text)?.hasPrefix("0 m of 321 m") == true, "\(text)")
        let left = try #require(Self.row("Left", in: text))
        #expect(left.hasPrefix("321 m · "))
        let minutes = try #require(Int(left.dropFirst("321 m · ".count).prefix { $0.isNumber }))
        #expect((5...7).contains(minutes), "\(left)")
        let eta = try #require(d.model?.backtrack?.estimatedTimeRemaining.seconds)
        #expect(eta >= 288 && eta <= 394)
        let arrival = UnitFormatter(system: .metric).time(F.t0.addingTimeInterval(290 + eta))
        #expect(Self.row("Arrival", in: text)?.hasPrefix(arrival) == true)
    }
}

/// The off-route words: distance and side from the signed cross-track distance.
@Suite struct OffRouteWordsTests {
    @Test func sideAndDistanceShownAndSpoken() {
        let m = UnitFormatter(system: .metric), i = UnitFormatter(system: .imperial)
        #expect(OffRouteWords.shown(42, m) == "42 m off, trail to your left")
        #expect(OffRouteWords.shown(-42.4, m) == "42 m off, trail to your right")
        #expect(OffRouteWords.spoken(-150, m) == "150 metres off route, trail to your right")
        #expect(OffRouteWords.spoken(1250, m, again: true) == "Still 1.25 kilometres off route, trail to your left")
        // 42 m = 137.8 ft (0.3048 m a foot).
        #expect(OffRouteWords.spoken(42, i) == "138 feet off route, trail to your left")
    }
    /// `b`, then walking away east of the way back's start (the last point, 29 × 1e-4° N at
    /// 10° E) by 60…140 m: once the alert is on, the banner, the panel and `cairn status` give
    /// one off-route distance, that of the last fix (the east offset: the way back's nearest
    /// point is its start), and the distance left is the way back (320.66 m, 29 steps of
    /// 11.0574 m) plus the straight line to its start, growing with every fix (DECISIONS.md 971).
    @Test func walkingAwayFromTheWayBackUpdatesLeftAndOneOffRouteDistance() throws {
        var d = RecordScreenTests.recorded()
        _ = d.answer(d.key(.character("b")))
        var lefts: [Double] = []
        for (i, east) in [60.0, 80, 100, 120, 140].enumerated() {
            d.send(FollowFixture.fix(29, east: east, second: 300 + Double(i) * 10))
            _ = d.app.update(&d.state, .record(.tick(FollowFixture.t0.addingTimeInterval(300 + Double(i) * 10))))
            guard let back = d.model?.backtrackProgress, back.offRoute != nil else { continue }
            lefts.append(back.left)
            #expect(abs(back.left - (320.66 + east)) < 1, "\(back.left) at \(east) m east")
            let status = try #require(d.model?.liveStatus)
            #expect(abs((status.offRoute ?? 0) - east) < 0.5, "status \(String(describing: status.offRoute)) at \(east) m east")
            #expect(status.offRoute == back.offRoute && status.left == back.left)
            let text = d.text
            #expect(text.contains("OFF THE WAY BACK — \(Int(east.rounded())) m off"), "\(text)")
            #expect(RecordLiveReadoutTests.row("Left", in: text)?.hasPrefix("\(Int((320.66 + east).rounded())) m · ") == true, "\(text)")
            #expect(RecordLiveReadoutTests.row("Off route", in: text)?.hasPrefix("\(Int(east.rounded())) m") == true, "\(text)")
        }
        #expect(lefts.count >= 2, "the off-route alert never came on")
        #expect(zip(lefts, lefts.dropFirst()).allSatisfy { $0 < $1 }, "\(lefts)")
    }
}

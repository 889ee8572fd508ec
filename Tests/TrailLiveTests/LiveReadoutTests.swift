import Foundation
import Testing
import TrailCore
@testable import TrailLive

/// The live readout shared by following, recording and `cairn status` (DECISIONS.md 920):
/// freshness and "stale", a lost source cleared by the next fix, the clock between points,
/// and a followed route's time left and arrival.
@Suite struct LiveReadoutTests {
    static let t0 = Date(timeIntervalSince1970: 1_780_000_000)

    static func fix(_ s: Double, speed: Double? = 1.2) -> PositionFix {
        PositionFix(time: t0.addingTimeInterval(s), coordinate: Coordinate(latitude: 46.5, longitude: 7.5), speed: speed, mode: .threeD, source: .gpsd)
    }

    @Test func theFixAgeGrowsWithTheClockAndIsStaleAfterTenSeconds() {
        var r = LiveReadout()
        #expect(r.fixAge == nil && !r.isStale && r.fixProblem == nil)
        #expect(r.receive(.fix(Self.fix(0)), at: Self.t0) == .none)
        r.tick(Self.t0.addingTimeInterval(10))
        #expect(r.fixAge == 10 && !r.isStale)
        r.tick(Self.t0.addingTimeInterval(10.5))
        #expect(r.isStale && r.fixProblem == "stale")
        // The clock never goes back (a late tick).
        r.tick(Self.t0.addingTimeInterval(3))
        #expect(r.fixAge == 10.5)
        _ = r.receive(.fix(Self.fix(11)), at: Self.t0.addingTimeInterval(11))
        #expect(r.fixAge == 0 && !r.isStale)
    }

    @Test func aLostSourceIsSaidOnceAndClearedWhenFixesFlowAgain() {
        var r = LiveReadout()
        let down = PositionEvent.connection(.disconnected(reason: "Connection refused", retryIn: 2))
        // Before any fix a failed connection is not "lost" (nothing was there to lose).
        #expect(r.receive(down, at: Self.t0) == .none)
        _ = r.receive(.connection(.connected(detail: nil)), at: Self.t0)
        _ = r.receive(.fix(Self.fix(1)), at: Self.t0.addingTimeInterval(1))
        #expect(r.receive(down, at: Self.t0.addingTimeInterval(5)) == .lost("Connection refused"))
        #expect(r.fixProblem == "lost" && r.linkState == "lost")
        // Every retry fails the same way: said once.
        _ = r.receive(.connection(.connecting(attempt: 2)), at: Self.t0.addingTimeInterval(7))
        #expect(r.receive(down, at: Self.t0.addingTimeInterval(7)) == .none)
        r.tick(Self.t0.addingTimeInterval(8))
        #expect(r.linkText == "retrying in 1 s (lost: Connection refused)")
        _ = r.receive(.connection(.connected(detail: "3.25")), at: Self.t0.addingTimeInterval(20))
        #expect(r.receive(.fix(Self.fix(21)), at: Self.t0.addingTimeInterval(21)) == .recovered)
        #expect(r.fixProblem == nil && r.linkText == "connected" && r.lostReason == nil)
        // Lost again later: said again.
        #expect(r.receive(down, at: Self.t0.addingTimeInterval(30)) == .lost("Connection refused"))
    }

    /// Elapsed runs on by the clock; moving only while the fix is fresh and at walking speed,
    /// at most 30 s, and never back; a pause freezes both, a resume goes on from there.
    @Test func theClockRunsBetweenPoints() {
        var r = LiveReadout()
        _ = r.receive(.fix(Self.fix(0)), at: Self.t0)
        var clock = WalkClock()
        clock.point(at: Self.t0)
        r.tick(Self.t0.addingTimeInterval(7))
        var t = r.runningTimes(elapsed: 100, moving: 90, clock: clock, speed: nil)
        #expect(t.elapsed == 107 && t.moving == 97)
        // Before any point nothing runs on.
        t = r.runningTimes(elapsed: 100, moving: 90, clock: WalkClock(), speed: nil)
        #expect(t.elapsed == 100 && t.moving == 90)
        // Standing (0.2 m/s): elapsed only.
        var standing = LiveReadout()
        _ = standing.receive(.fix(Self.fix(0, speed: 0.2)), at: Self.t0)
        standing.tick(Self.t0.addingTimeInterval(7))
        t = standing.runningTimes(elapsed: 100, moving: 90, clock: clock, speed: nil)
        #expect(t.elapsed == 107 && t.moving == 90)
        // Silent 40 s: moving ran on while the fix was fresh (10 s) and stands there.
        r.tick(Self.t0.addingTimeInterval(40))
        t = r.runningTimes(elapsed: 100, moving: 90, clock: clock, speed: nil)
        #expect(t.elapsed == 140 && t.moving == 100)
        // Fixes keep coming (not accepted as points): moving stops at 30 s after the point.
        _ = r.receive(.fix(Self.fix(45)), at: Self.t0.addingTimeInterval(45))
        t = r.runningTimes(elapsed: 100, moving: 90, clock: clock, speed: nil)
        #expect(t.elapsed == 145 && t.moving == 120)
        // Paused at +50 s, 100 s of pause, resumed at +150, read at +160: 60 s of run-on.
        r.tick(Self.t0.addingTimeInterval(50))
        clock.pause(at: Self.t0.addingTimeInterval(50), readout: r, speed: nil)
        r.tick(Self.t0.addingTimeInterval(149))
        t = r.runningTimes(elapsed: 100, moving: 90, clock: clock, speed: nil)
        #expect(t.elapsed == 150 && t.moving == 120)
        clock.resume(at: Self.t0.addingTimeInterval(150))
        _ = r.receive(.fix(Self.fix(155)), at: Self.t0.addingTimeInterval(155))
        r.tick(Self.t0.addingTimeInterval(160))
        t = r.runningTimes(elapsed: 100, moving: 90, clock: clock, speed: nil)
        #expect(t.elapsed == 160 && t.moving == 120)
        // The next point starts over; a finished walk runs on no more.
        clock.point(at: Self.t0.addingTimeInterval(160))
        t = r.runningTimes(elapsed: 200, moving: 150, clock: clock, speed: nil)
        #expect(t.elapsed == 200 && t.moving == 150)
        clock.finish()
        r.tick(Self.t0.addingTimeInterval(170))
        t = r.runningTimes(elapsed: 200, moving: 150, clock: clock, speed: nil)
        #expect(t.elapsed == 200 && t.moving == 150)
    }

    /// A flat route of 0.009° of latitude: DIN 33466 on the flat is the horizontal time alone,
    /// length / (4 km/h); the arrival is the clock plus it; `cairn status` carries the same.
    @Test func aFollowedRouteGivesTimeLeftAndArrival() throws {
        let coords = (0...9).map { Coordinate(latitude: 46.5 + Double($0) * 0.001, longitude: 7.5) }
        let session = FollowSession(route: FollowRoute(coordinates: coords, elevations: coords.map { _ in 1000 }))
        var r = LiveReadout()
        r.tick(Self.t0)
        let p = r.route(session)
        let expected = session.route.length / (4000.0 / 3600.0)
        #expect(abs(p.timeLeft - expected) < 0.5, "\(p.timeLeft) vs \(expected)")
        #expect(p.left == session.route.length && p.along == 0 && !p.matched)
        #expect(p.arrival == Self.t0.addingTimeInterval(p.timeLeft))
        var status = LiveStatus(activity: "following", state: "following")
        status.take(r, route: p)
        #expect(status.left == p.left && status.timeLeft == p.timeLeft)
        #expect(abs((status.arrival ?? 0) - (Self.t0.timeIntervalSince1970 + p.timeLeft)) < 1e-3)
        #expect(status.link == "starting")
        let json = try #require(String(data: JSONEncoder().encode(status), encoding: .utf8))
        #expect(json.contains("\"time_left\""))
    }
}

import Foundation
import Testing
@testable import TrailCore

/// A 1000 m route due north from (46, 7), a vertex every 100 m, climbing from 1000 m to
/// 1100 m evenly. Expected values are worked out by hand from the documented rules.
@Suite struct FollowSessionTests {
    let sketch = Sketch()
    let t0 = Date(timeIntervalSince1970: 1_714_557_600)

    var route: FollowRoute {
        let ys = (0...10).map { Double($0) * 100 }
        return FollowRoute(coordinates: ys.map { sketch.point(0, $0) }, elevations: ys.map { 1000 + $0 / 10 })
    }

    func fix(x: Double = 0, y: Double, t: Double, alt: Double? = nil) -> PositionFix {
        PositionFix(time: t0.addingTimeInterval(t), coordinate: sketch.point(x, y), altitude: alt ?? 1000 + y / 10,
                    horizontalAccuracy: 5, speed: 1, source: .gpsd)
    }

    /// Walks 0…`to` m north at 1 m/s, a fix every 10 m.
    func walk(_ s: inout FollowSession, to: Double = 500) {
        for y in stride(from: 0.0, through: to, by: 10) { _ = s.receive(fix(y: y, t: y)) }
    }

    @Test func progressDistanceTimeCoverageAndGain() {
        var s = FollowSession(route: route)
        walk(&s)
        #expect(abs(s.progress - 500) < 0.01)
        #expect(abs(s.remainingDistance - 500) < 0.01)
        #expect(abs(s.distanceWalked - 500) < 0.01)
        #expect(s.activeTime == 500)
        // Ground: samples 0…520 m (525 m); walked 500 m; covered the smaller (DECISIONS 440).
        #expect(abs(s.coverage.coveredLength - 500) < 1e-6)
        #expect(abs(s.coverageFraction - 0.5) < 1e-6)
        #expect(abs(s.elevationGain - 50) < 1e-9)
        #expect(s.elevationNow == 1050)
        #expect(abs(s.furthestProgress - 500) < 0.01)
        #expect(s.walkedSegments.count == 1 && s.walkedSegments[0].count == 51)
        #expect(s.summary.acceptedFixes == 51)
    }

    @Test func etaUsesTheHikingRuleThenTheMovingSpeed() {
        var s = FollowSession(route: route)
        // Before any fix: the whole route, 1000 m with 100 m of climb, DIN 33466:
        // t_h = 1000 / (4000/3600) = 900 s, t_v = 100 / (300/3600) = 1200 s → 1200 + 450 = 1650 s.
        let start = s.estimatedTimeRemaining
        #expect(start.method == .hikingRule && abs(start.seconds - 1650) < 0.5)
        walk(&s, to: 200)
        // 180 s of moving chunks so far (< 300 s): still DIN for 800 m and 80 m up:
        // t_h = 720 s, t_v = 960 s → 960 + 360 = 1320 s.
        let early = s.estimatedTimeRemaining
        #expect(early.method == .hikingRule && abs(early.seconds - 1320) < 0.5)
        for y in stride(from: 210.0, through: 500, by: 10) { _ = s.receive(fix(y: y, t: y)) }
        // Eight 60 s chunks at 1 m/s: 480 s, 480 m. The hiker's ratio to DIN 33466: pace 1 s/m
        // over the DIN pace of the 500 m done (50 m up: t_h = 450 s, t_v = 600 s → 825 s, 1.65 s/m)
        // = 0.60606; the 500 m ahead (50 m up) take 825 s by the rule → 825 × 0.60606 = 500 s.
        #expect(s.moving.movingTime == 480 && abs(s.moving.movingDistance - 480) < 0.01)
        let late = s.estimatedTimeRemaining
        #expect(late.method == .hikersRatio && abs(late.seconds - 500) < 0.5, "\(late)")
    }

    @Test func detourRaisesAndClearsTheAlertWithoutAdvancingFurthest() {
        var s = FollowSession(route: route)
        walk(&s, to: 300)
        var alerts: [(Double, OffRouteAlert)] = []
        // 50 m east of the route from y = 310 to 450, a fix every 10 s.
        for y in stride(from: 310.0, through: 450, by: 10) {
            let u = s.receive(fix(x: 50, y: y, t: y))
            if let a = u.alert { alerts.append((y, a)) }
        }
        #expect(s.isOffRoute)
        #expect(abs((s.crossTrackDistance ?? 0) - 50) < 0.05)
        for y in stride(from: 460.0, through: 480, by: 10) {
            if let a = s.receive(fix(y: y, t: y)).alert { alerts.append((y, a)) }
        }
        // Third fix beyond 30 m, 20 s after the first: alert at 330; repeats every 60 s (390,
        // 450); the second fix back within 20 m clears it (470).
        #expect(alerts.map(\.0) == [330, 390, 450, 470])
        if case .leftRoute(let d)? = alerts.first?.1 { #expect(abs(d - 50) < 0.05) } else { Issue.record("no leftRoute") }
        #expect(alerts.last?.1 == .backOnRoute)
        // Furthest: 300 m from the walk, then 470 and 480 back on the route.
        #expect(abs(s.furthestProgress - 480) < 0.01)
    }

    @Test func pauseExcludesTimeDistanceAndCoverage() {
        var s = FollowSession(route: route)
        walk(&s, to: 100)
        s.pause(at: t0.addingTimeInterval(100))
        for y in stride(from: 110.0, through: 300, by: 10) { _ = s.receive(fix(y: y, t: y)) }
        #expect(abs(s.distanceWalked - 100) < 0.01 && s.activeTime == 100)
        #expect(s.lastFix?.coordinate == sketch.point(0, 300))  // the marker still moves
        s.resume(at: t0.addingTimeInterval(300))
        for y in stride(from: 310.0, through: 400, by: 10) { _ = s.receive(fix(y: y, t: y)) }
        // Two stretches: 0…100 and 310…400; the first fix after resuming starts the second.
        #expect(s.walkedSegments.map(\.count) == [11, 10])
        #expect(abs(s.distanceWalked - 190) < 0.01)
        #expect(s.activeTime == 190)
        // Coverage: ground 0…120 m (125 m) and 290…420 m (140 m); walked 100 + 90 m (the first
        // fix after resuming is no step): 190 m.
        #expect(abs(s.coverage.coveredLength - 190) < 1e-6)
    }

    /// DECISIONS.md 423: a jump without a pause (to 600 m at once, then on at 5 m/s): five fixes
    /// are too fast, the sixth (625 m, 6 s after the 100 m fix: 84 m/s) re-anchors the filter and
    /// starts a new stretch; the 525 m leg is neither distance nor time, as in a recording.
    /// Walked: 0…100 m (100 m, 100 s) and 625…645 m (20 m, 4 s).
    @Test func aJumpWithoutAPauseIsNotWalked() {
        var s = FollowSession(route: route)
        walk(&s, to: 100)
        for k in 0..<10 { _ = s.receive(fix(y: 600 + 5 * Double(k), t: 101 + Double(k))) }
        #expect(s.filter.counters.reanchors == 1)
        #expect(s.walkedSegments.map(\.count) == [11, 5])
        #expect(abs(s.distanceWalked - 120) < 0.01)
        #expect(s.activeTime == 104)
    }

    @Test func restoringFromSavedStretchesGivesTheSameState() {
        var s = FollowSession(route: route)
        walk(&s, to: 100)
        s.pause(at: t0.addingTimeInterval(100))
        s.resume(at: t0.addingTimeInterval(150))
        for y in stride(from: 150.0, through: 400, by: 10) { _ = s.receive(fix(y: y, t: y)) }
        let r = FollowSession(route: route, restoring: s.walkedSegments)
        #expect(r.isPaused)
        #expect(r.walkedSegments == s.walkedSegments)
        #expect(r.distanceWalked == s.distanceWalked && r.activeTime == s.activeTime)
        #expect(r.coverage.coveredLength == s.coverage.coveredLength)
        #expect(r.furthestProgress == s.furthestProgress && r.elevationGain == s.elevationGain)
        // The filter counts the restored fixes and judges the next one against the last of them.
        #expect(r.filter.counters.accepted == s.walkedPoints.count)
        #expect(r.summary.acceptedFixes == s.summary.acceptedFixes)
        var next = r
        #expect(next.receive(fix(y: 400, t: 399)).decision == .rejected(.outOfOrder))
        #expect(next.receive(fix(y: 410, t: 410)).isAccepted)
    }

    @Test func backtrackIsTheSimplifiedWalkReversed() {
        // An L: 300 m north then 200 m east, fixes every 5 m with ±2 m noise.
        var jitter = Jitter(seed: 3, amplitude: 2)
        let walk = sketch.walk([(0, 0), (0, 300), (200, 300)], step: 5) { _ in jitter.next() }
        let straight = FollowRoute(coordinates: [sketch.point(0, 0), sketch.point(0, 300), sketch.point(200, 300)])
        var s = FollowSession(route: straight)
        for (i, w) in walk.enumerated() {
            _ = s.receive(PositionFix(time: t0.addingTimeInterval(Double(i) * 5), coordinate: w.coordinate, source: .replay))
        }
        guard let back = s.backtrackRoute() else { Issue.record("no backtrack"); return }
        let c = back.polyline.coordinates
        #expect(c.first == walk.last?.coordinate && c.last == walk.first?.coordinate)
        #expect(c.count >= 3 && c.count <= 6)  // the corner kept, the 2 m noise dropped
        #expect(abs(back.length - 500) < 5)
        // Every walked fix lies within the 10 m tolerance of the backtrack line.
        for w in walk {
            let d = back.polyline.closestPoint(to: w.coordinate)!.distance
            #expect(d <= 10.001)
        }
    }
}

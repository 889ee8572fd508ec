import Foundation
import TermUI
import Testing
import TrailCore
import TrailLive
import TrailStore
@testable import TrailApp

/// The follow screen's update loop: fixes in → readouts and stored points, off-route alert →
/// banner and bell (and speech), pause/resume, stop → saved summary, backtrack. Geometry and
/// expected distances are in ``FollowFixture``.
@Suite struct FollowUpdateTests {
    let app = CairnApp()
    typealias F = FollowFixture

    @Test func fAsksForTheSourcePrefilledFromGpsThenStartsTheSourceAndAWalk() throws {
        var s = F.hikeOpen(app)
        s.live.defaultSource = "replay:/tmp/walk.gpx"
        s.live.speedFactor = 50
        _ = app.update(&s, .input(.key(.character("f"))))
        guard case .prompt(let p) = s.modal else { Issue.record("no prompt"); return }
        #expect(p.text == "replay:/tmp/walk.gpx")
        #expect(p.purpose == .followSource(F.hikeID))
        let effects = F.enterSource(app, &s)
        #expect(s.screen.kind == .follow)
        #expect(effects.contains(.follow(.startSource(.replay(path: "/tmp/walk.gpx"), speed: 50, source: 1))))
        #expect(effects.contains(.follow(.beginWalk(F.hikeID, offRouteThreshold: 30, backtrackRoute: nil, request: 1))))
        expectScreen(F.text(app, s), contains: "Following North ridge")
    }

    @Test func aBadSourceIsRefusedWithItsReason() {
        var s = F.hikeOpen(app)
        _ = app.update(&s, .input(.key(.character("f"))))
        guard case .prompt(var p) = s.modal else { Issue.record("no prompt"); return }
        p.text = "replay:"
        s.modal = .prompt(p)
        let effects = app.update(&s, .input(.key(.enter)))
        #expect(effects == [.bell])
        #expect(s.screen.kind == .hike)
        #expect(s.status.isError && s.status.text.contains("replay needs a GPX file"))
    }

    @Test func anUnreadableSourceIsCheckedAndRefusedInTheStatusLine() {
        var s = F.hikeOpen(app)
        _ = app.update(&s, .input(.key(.character("f"))))
        guard case .prompt(var p) = s.modal else { Issue.record("no prompt"); return }
        p.text = "replay:/nonexistent.gpx"
        s.modal = .prompt(p)
        let asked = app.update(&s, .input(.key(.enter)))
        #expect(asked == [.follow(.checkSource(.replay(path: "/nonexistent.gpx"), text: "replay:/nonexistent.gpx",
                                               hike: F.hikeID))])
        #expect(s.screen.kind == .hike && s.following == nil)
        let effects = app.update(&s, .follow(.sourceChecked(F.hikeID, text: "replay:/nonexistent.gpx",
                                                             .replay(path: "/nonexistent.gpx"),
                                                             error: "cannot use --gps replay:/nonexistent.gpx: no such file")))
        #expect(effects == [.bell])
        #expect(s.screen.kind == .hike && s.following == nil)
        #expect(s.status.isError && s.status.text.contains("no such file"))
        #expect(s.live.defaultSource != "replay:/nonexistent.gpx")
    }

    @Test func fixesUpdateTheReadoutsAndAreWrittenAsTheyArrive() throws {
        var s = F.following(app)
        var written: [WalkPoint] = []
        for k in 0..<10 { written += F.written(F.send(F.fix(Double(k)), app, &s)) }
        // Under 5 minutes of moving time the ETA is the hiking rule's.
        expectScreen(F.text(app, s), contains: "ETA by    hiking rule (DIN 33466)")
        for k in 10..<40 { written += F.written(F.send(F.fix(Double(k)), app, &s)) }
        let f = try #require(s.following)
        // Every fix was accepted and written to walk 7, in one stretch, as it came.
        #expect(written.count == 40)
        #expect(written.allSatisfy { $0.stretch == 0 })
        #expect(written.map(\.point) == (0..<40).map { F.fix(Double($0)).trackpoint })
        // Progress: on point 39, 39 spacings along; the rest of the 99 spacings remain.
        #expect(abs(f.session.progress - 39 * F.spacing) < 0.5)
        #expect(abs(f.session.remainingDistance - 60 * F.spacing) < 0.5)
        // Coverage: what was walked near the route, 39 spacings (the ground reaches 25 m
        // further; covered is the smaller, DECISIONS 440).
        #expect(abs(f.session.coverage.coveredLength - 39 * F.spacing) < 0.5)
        #expect(abs(f.session.distanceWalked - 39 * F.spacing) < 0.5)
        #expect(f.session.elevationGain > 30 && f.session.elevationGain <= 39)
        _ = app.update(&s, .follow(.tick(F.fix(39).time.addingTimeInterval(3))))
        let text = F.text(app, s)
        expectScreen(text, contains: "Along     431 m of 1.09 km")
        expectScreen(text, contains: "Covered   39 % · 431 m")  // 39 of 99 spacings: 39.4 %, 431.2 m
        expectScreen(text, contains: "Off trail 0 m")
        expectScreen(text, contains: "GPS       3D · 9/12 sats · ±5 m")
        expectScreen(text, contains: "Fix age   3 s")
        expectScreen(text, contains: "Fixes     40 used, 0 rejected")
        expectScreen(text, contains: "p pause · b backtrack · x stop")
        // Over 300 s and 250 m of moving: DIN 33466 of the remaining 60 spacings (663 m, the
        // same grade as the part done) times the hiker's ratio to the rule; at one grade the
        // ratio cancels the rule and leaves the hiker's 11.06 m per 10 s: 600 s.
        expectScreen(text, contains: "Left      663 m · 10 min")
        expectScreen(text, contains: "ETA by    DIN 33466 × your pace")
        // The walk's time runs on by the clock: 39 steps of 10 s, plus 3 s since the last fix
        // (fresh, at 1.1 m/s: moving too).
        let times = try #require(s.following?.liveTimes)
        #expect(times.active == 393)
        #expect(times.moving == (s.following?.session.moving.movingTime ?? 0) + 3)
        // Arrival: the clock (3 s after the last fix) plus those 600 s (± a second for the ETA's fraction).
        let format = F.environment().format
        let arrivals = [602.0, 603, 604].map { "Arrival   " + format.time(F.fix(39).time.addingTimeInterval($0)) }
        #expect(arrivals.contains { text.contains($0) }, "\(text)")
        // The map follows: centred on the position at the first fix, zoomed in to at least z16.
        #expect(s.hike!.screen.viewport.zoom >= CairnApp.followZoom)
        var buffer = Buffer(width: 120, height: 39)
        let frame = FollowScreenView.render(follow: f, screen: s.hike!.screen, speaks: false, environment: F.environment(),
                                            area: buffer.area, into: &buffer)
        #expect(frame.map.positionCell != nil)
    }

    @Test func leavingTheTrailRaisesABannerAndTheBellRepeatedUntilBack() throws {
        var s = F.following(app)
        for k in 0..<10 { F.send(F.fix(Double(k)), app, &s) }
        var bells = 0
        var firstAlertAt: Int?
        for k in 10..<20 {
            let effects = F.send(F.fix(Double(k), east: 60), app, &s)
            if effects.contains(.bell) {
                bells += 1
                if firstAlertAt == nil { firstAlertAt = k }
            }
        }
        // Three fixes beyond 30 m spanning 10 s: the third off-route fix (k = 12) alerts; the
        // alert repeats 60 s (six fixes) later, at k = 18.
        #expect(firstAlertAt == 12)
        #expect(bells == 2)
        #expect(s.following?.alertCount == 1 && s.following?.repeatCount == 1)
        // 60 m east of a northbound route: the trail is to the hiker's left (DECISIONS.md 845).
        expectScreen(F.text(app, s), contains: "OFF ROUTE — 60 m off, trail to your left")
        // Two fixes back within 20 m clear it.
        F.send(F.fix(20), app, &s)
        expectScreen(F.text(app, s), contains: "OFF ROUTE")
        let back = F.send(F.fix(21), app, &s)
        #expect(!back.contains(.bell))
        #expect(s.following?.offRouteBanner == nil)
        #expect(!F.text(app, s).contains("OFF ROUTE"))
    }

    /// `alerts = none` (or speech): the banner and the counts as before, no bell (DECISIONS.md 921).
    @Test func withoutTheBellTheBannerStillShows() throws {
        var s = F.following(app)
        s.live.alertBell = false
        for k in 0..<10 { F.send(F.fix(Double(k)), app, &s) }
        var effects: [AppEffect] = []
        for k in 10..<20 { effects += F.send(F.fix(Double(k), east: 60), app, &s) }
        #expect(!effects.contains(.bell))
        #expect(s.following?.alertCount == 1 && s.following?.repeatCount == 1)
        expectScreen(F.text(app, s), contains: "OFF ROUTE — 60 m off, trail to your left")
    }

    @Test func spokenAlertsWhenOnAndEspeakIsThere() throws {
        var s = F.following(app)
        s.live.speechAvailable = true
        _ = app.update(&s, .input(.key(.character("v"))))
        #expect(s.live.speaks)
        var effects: [AppEffect] = []
        for k in 0..<5 { effects += F.send(F.fix(Double(k)), app, &s) }
        for k in 5..<8 { effects += F.send(F.fix(Double(k), east: 80), app, &s) }
        for k in 8..<10 { effects += F.send(F.fix(Double(k)), app, &s) }
        let spoken = effects.compactMap { e -> String? in if case .follow(.speak(let t)) = e { t } else { nil } }
        // 80 m east of the northbound route: how far, and the trail to the left; back on route.
        #expect(spoken == ["80 metres off route, trail to your left", "Back on route"])
        #expect(s.status.text == "Back on route")
    }

    @Test func speakWithoutEspeakIsTurnedOffWithANote() {
        var s = F.hikeOpen(app)
        s.live.speaks = true
        s.live.speechAvailable = false
        _ = app.update(&s, .input(.key(.character("f"))))
        _ = F.enterSource(app, &s)
        #expect(s.screen.kind == .follow)
        #expect(!s.live.speaks)
        #expect(s.status.isError && s.status.text == "Spoken alerts need espeak-ng, which is not installed")
    }

    @Test func vSaysWhenEspeakIsMissing() {
        var s = F.following(app)
        s.live.speechAvailable = false
        _ = app.update(&s, .input(.key(.character("v"))))
        #expect(!s.live.speaks)
        #expect(s.status.isError && s.status.text.contains("espeak-ng"))
        var effects: [AppEffect] = []
        for k in 0..<3 { effects += F.send(F.fix(Double(k)), app, &s) }
        for k in 3..<7 { effects += F.send(F.fix(Double(k), east: 80), app, &s) }
        #expect(effects.contains(.bell))
        #expect(!effects.contains { if case .follow(.speak) = $0 { true } else { false } })
    }

    @Test func pauseStopsAccruingAndResumeStartsANewStretch() throws {
        var s = F.following(app)
        for k in 0..<5 { F.send(F.fix(Double(k)), app, &s) }
        let walked = s.following!.session.distanceWalked
        _ = app.update(&s, .input(.key(.character("p"))))
        #expect(s.following!.session.isPaused)
        expectScreen(F.text(app, s), contains: "paused")
        var written: [WalkPoint] = []
        for k in 5..<10 { written += F.written(F.send(F.fix(Double(k)), app, &s)) }
        #expect(written.isEmpty)
        #expect(s.following!.session.distanceWalked == walked)
        // The marker still moves while paused.
        #expect(s.following!.session.lastFix?.coordinate == F.fix(9).coordinate)
        _ = app.update(&s, .input(.key(.character("p"))))
        for k in 10..<12 { written += F.written(F.send(F.fix(Double(k)), app, &s)) }
        #expect(written.map(\.stretch) == [1, 1])
        // Only the new stretch's own step counts: 4 + 1 spacings.
        #expect(abs(s.following!.session.distanceWalked - 5 * F.spacing) < 0.5)
    }

    @Test func stopShowsTheSummaryAndSavesIt() throws {
        var s = F.following(app)
        for k in 0..<30 { F.send(F.fix(Double(k)), app, &s) }
        let expected = s.following!.session.summary
        let effects = app.update(&s, .input(.key(.character("x"))))
        #expect(effects.contains(.follow(.stopSource)))
        #expect(effects.contains(.follow(.finishWalk(F.walkID, summary: expected, hike: F.hikeID))))
        #expect(s.following!.isStopped)
        let text = F.text(app, s)
        expectScreen(text, contains: "Walk stopped")
        expectScreen(text, contains: "Coverage         29 % of 1.09 km (321 m)")  // 29 of 99 spacings walked: 29.3 %, 320.7 m
        expectScreen(text, contains: "Distance walked  321 m")
        expectScreen(text, contains: "Furthest point   321 m along the route (29 %)")
        expectScreen(text, contains: "Active time      5 min")  // 29 × 10 s = 4.8 min
        // Fixes after stopping change nothing; Enter goes back to the hike screen.
        #expect(F.send(F.fix(31), app, &s).isEmpty)
        _ = app.update(&s, .input(.key(.enter)))
        #expect(s.screen.kind == .hike)
        #expect(s.following == nil)
        // The history arrives and is listed under the statistics.
        let record = WalkRecord(id: F.walkID, hikeID: F.hikeID, startedAt: F.t0, endedAt: F.t0.addingTimeInterval(600),
                                pointCount: 30, summary: expected)
        _ = app.update(&s, .follow(.walksLoaded(F.hikeID, [record], unfinished: nil)))
        let hikeText = F.text(app, s)
        expectScreen(hikeText, contains: "Walks")
        expectScreen(hikeText, contains: "2023-11-14  29 % covered, 321 m")
    }

    @Test func pointsWaitForTheWalkRowAndAStopBeforeItIsFinishedLater() throws {
        var s = F.hikeOpen(app)
        _ = app.update(&s, .input(.key(.character("f"))))
        _ = F.enterSource(app, &s)
        for k in 0..<3 { #expect(F.written(F.send(F.fix(Double(k)), app, &s)).isEmpty) }
        let effects = app.update(&s, .input(.key(.character("x"))))
        #expect(!effects.contains { if case .follow(.finishWalk) = $0 { true } else { false } })
        let summary = s.following!.session.summary
        let late = app.update(&s, .follow(.walkBegun(request: 1, F.walkID)))
        #expect(late == [.follow(.setWalkSource(F.walkID, "gpsd://127.0.0.1:2947")),
                         .follow(.appendPoints(F.walkID, (0..<3).map { WalkPoint(stretch: 0, point: F.fix(Double($0)).trackpoint) },
                                               summary: summary)),
                         .follow(.finishWalk(F.walkID, summary: summary, hike: F.hikeID))])
    }

    @Test func backtrackFollowsTheWalkBackToTheStart() throws {
        var s = F.following(app)
        for k in 0..<20 { F.send(F.fix(Double(k)), app, &s) }
        let outbound = s.following!.session.summary
        let effects = app.update(&s, .input(.key(.character("b"))))
        #expect(effects.contains(.follow(.finishWalk(F.walkID, summary: outbound, hike: F.hikeID))))
        let begin = effects.compactMap { e -> [Trackpoint]? in
            if case .follow(.beginWalk(F.hikeID, 30, let route?, 2)) = e { return route }
            return nil
        }.first
        let route = try #require(begin)
        // A straight walk simplifies to its two ends, reversed: from the last fix to the first.
        #expect(route.first?.coordinate == F.fix(19).coordinate)
        #expect(route.last?.coordinate == F.fix(0).coordinate)
        let f = try #require(s.following)
        #expect(f.isBacktrack)
        #expect(abs(f.session.route.length - 19 * F.spacing) < 0.5)
        expectScreen(F.text(app, s), contains: "Backtrack to the start")
        _ = app.update(&s, .follow(.walkBegun(request: 2, WalkID(rawValue: 8))))
        // Walking back: at point 10 the backtrack has covered 9 spacings.
        var written: [WalkPoint] = []
        for (i, k) in (10...19).reversed().enumerated() {
            written += F.written(F.send(F.fix(Double(k), second: 200 + Double(i) * 10), app, &s))
        }
        #expect(written.count == 10)
        #expect(abs(s.following!.session.progress - 9 * F.spacing) < 0.5)
    }

    @Test func eventsOfAnOldSourceAreIgnoredAndTheSourceStateIsShown() throws {
        var s = F.following(app)
        F.send(F.fix(3), app, &s, source: 99)
        #expect(s.following?.lastReceived == nil)
        _ = app.update(&s, .follow(.position(.connection(.disconnected(reason: "connection refused", retryIn: 2)),
                                             at: F.t0, source: 1)))
        expectScreen(F.text(app, s), contains: "Link      retrying in 2 s (lost: co")
        _ = app.update(&s, .follow(.position(.stale(lastFix: nil), at: F.t0, source: 1)))
        _ = app.update(&s, .follow(.position(.ended(SourceEnd(reason: "replay finished")), at: F.t0, source: 1)))
        #expect(s.status.text == "Position source ended: replay finished")
        expectScreen(F.text(app, s), contains: "Link      ended (replay finished)")
    }

    @Test func theHikerCanPanAwayAndCComesBack() throws {
        var s = F.following(app)
        F.send(F.fix(0), app, &s)
        #expect(s.hike!.screen.viewport.center == F.fix(0).coordinate)
        _ = app.update(&s, .input(.key(.left)))
        let panned = s.hike!.screen.viewport.center
        #expect(panned.longitude < 10)
        #expect(s.following!.detached)
        for k in 1..<60 { F.send(F.fix(Double(k)), app, &s) }
        #expect(s.hike!.screen.viewport.center == panned)
        _ = app.update(&s, .input(.key(.character("c"))))
        #expect(s.hike!.screen.viewport.center == F.fix(59).coordinate)
        #expect(!s.following!.detached)
    }
}

import Foundation
import TermUI
import Testing
import TrailCore
import TrailLive
import TrailStore
@testable import TrailApp

/// Issue 8's tester findings: empty walks are not history, skipped input is shown, pausing
/// holds a replay, a resumed walk offers its source, reconnection counts down, and the
/// off-route confirmation window is visible.
@Suite struct FollowFixesTests {
    let app = CairnApp()
    typealias F = FollowFixture

    @Test func stoppingWithNoFixDeletesTheWalkAndClosesTheScreen() {
        var s = F.following(app)
        let effects = app.update(&s, .input(.key(.character("x"))))
        #expect(effects.contains(.follow(.stopSource)))
        #expect(effects.contains(.follow(.deleteWalk(F.walkID))))
        #expect(!effects.contains { if case .follow(.finishWalk) = $0 { true } else { false } })
        #expect(s.screen.kind == .hike && s.following == nil)
        #expect(s.status.text.contains("nothing recorded"))
    }

    @Test func stoppingBeforeTheWalkRowComesDeletesItWhenItComes() {
        var s = F.hikeOpen(app)
        _ = app.update(&s, .input(.key(.character("f"))))
        _ = F.enterSource(app, &s)
        _ = app.update(&s, .input(.key(.character("x"))))
        #expect(s.screen.kind == .hike)
        #expect(app.update(&s, .follow(.walkBegun(request: 1, F.walkID))) == [.follow(.deleteWalk(F.walkID))])
        #expect(s.live.discardWalkRequest == nil)
    }

    @Test func fixesWhilePausedAreNotWrittenNorCountedAsUsed() {
        var s = F.following(app)
        for k in 0..<3 { F.send(F.fix(Double(k)), app, &s) }
        let pause = app.update(&s, .input(.key(.character("p"))))
        #expect(pause.contains(.follow(.pauseSource(true))))
        for k in 3..<6 { #expect(F.written(F.send(F.fix(Double(k)), app, &s)).isEmpty) }
        #expect(s.following?.session.usedFixes == 3)
        expectScreen(F.text(app, s), contains: "3 used, 0 rejected")
        let resume = app.update(&s, .input(.key(.character("p"))))
        #expect(resume.contains(.follow(.pauseSource(false))))
        #expect(F.written(F.send(F.fix(6), app, &s)).count == 1)
        _ = app.update(&s, .input(.key(.character("x"))))
        guard case .stopped(let summary)? = s.following?.phase else { Issue.record("not stopped"); return }
        #expect(summary.acceptedFixes == 4)
    }

    @Test func badSentencesAreShownInThePanelAndTheSummary() {
        var s = F.following(app)
        for k in 0..<3 { F.send(F.fix(Double(k)), app, &s) }
        _ = app.update(&s, .follow(.position(.skippedInput(badSentences: 2, garbageLines: nil), at: F.t0, source: 1)))
        let text = F.text(app, s)
        expectScreen(text, contains: "Fixes     3 used, 0 rejected")
        expectScreen(text, contains: "Skipped   bad sentences 2")
        let end = SourceEnd(reason: "end of file", nmeaCounters: {
            var c = NMEACounters(); c.badChecksum = 4; c.malformed = 1; return c
        }())
        _ = app.update(&s, .follow(.position(.ended(end), at: F.t0, source: 1)))
        _ = app.update(&s, .input(.key(.character("x"))))
        guard case .stopped(let summary)? = s.following?.phase else { Issue.record("not stopped"); return }
        #expect(summary.badSentences == 5)
        expectScreen(F.text(app, s), contains: "3 used, 0 rejected · bad sentences 5")
        _ = app.update(&s, .follow(.position(.skippedInput(badSentences: nil, garbageLines: 3), at: F.t0, source: 1)))
        #expect(FollowPanel.skippedText(badSentences: nil, garbageLines: 3) == " · garbage lines 3")
    }

    @Test func theReconnectionWaitIsCountedDown() {
        var s = F.following(app)
        let lost = F.t0.addingTimeInterval(100)
        _ = app.update(&s, .follow(.position(.connection(.disconnected(reason: "connection refused", retryIn: 4)),
                                             at: lost, source: 1)))
        expectScreen(F.text(app, s), contains: "retrying in 4 s")
        _ = app.update(&s, .follow(.tick(lost.addingTimeInterval(2.5))))
        expectScreen(F.text(app, s), contains: "retrying in 2 s")
    }

    @Test func theFirstFixBeyondTheThresholdSaysLeavingTheTrail() {
        var s = F.following(app)
        for k in 0..<10 { F.send(F.fix(Double(k)), app, &s) }
        let first = F.send(F.fix(10, east: 60), app, &s)
        #expect(!first.contains(.bell))  // the alert waits for 3 fixes over 10 s (by design)
        #expect(s.following?.session.isOffRoute == false)
        expectScreen(F.text(app, s), contains: "leaving the trail?")
        F.send(F.fix(11, east: 60), app, &s)
        #expect(F.send(F.fix(12, east: 60), app, &s).contains(.bell))
        let text = F.text(app, s)
        #expect(!text.contains("leaving the trail?"))
        expectScreen(text, contains: "OFF ROUTE")
    }

    @Test func resumingOffersTheWalksOwnSource() {
        var s = AppState(environment: F.environment(), storeLabel: "t", width: 120, height: 40)
        _ = app.update(&s, .hikeLoaded(F.hikeID, F.hike(), forPreview: false))
        var walk = FollowResumeTests.unfinished()
        walk.record.source = "replay:/tmp/walk.gpx"
        _ = app.update(&s, .follow(.walksLoaded(F.hikeID, [walk.record], unfinished: walk)))
        _ = app.update(&s, .input(.key(.character("y"))))
        guard case .prompt(let p) = s.modal else { Issue.record("no source prompt"); return }
        #expect(p.text == "replay:/tmp/walk.gpx")
        let effects = F.enterSource(app, &s)
        #expect(effects.contains(.follow(.setWalkSource(WalkID(rawValue: 3), "replay:/tmp/walk.gpx"))))
        #expect(s.following?.recordedPoints == 14)
    }

    /// A walk followed from a replay at 20x resumes at 20x (its fixes would otherwise be
    /// stamped in the future and all rejected), and keeps it stored; `--speed` wins over it.
    @Test func aResumedWalkKeepsItsReplaySpeed() {
        for (given, expected) in [(nil, 20.0), (5.0, 5.0)] as [(Double?, Double)] {
            var s = AppState(environment: F.environment(), storeLabel: "t", width: 120, height: 40)
            s.live.speedFactor = given
            _ = app.update(&s, .hikeLoaded(F.hikeID, F.hike(), forPreview: false))
            var walk = FollowResumeTests.unfinished()
            walk.record.source = "replay:/tmp/walk.gpx"
            walk.record.speed = 20
            _ = app.update(&s, .follow(.walksLoaded(F.hikeID, [walk.record], unfinished: walk)))
            _ = app.update(&s, .input(.key(.character("y"))))
            let effects = F.enterSource(app, &s)
            let started = effects.compactMap { e -> Double?? in
                if case .follow(.startSource(_, let speed, _)) = e { return speed } else { return nil }
            }
            #expect(started == [expected], "--speed \(given.map { String($0) } ?? "none")")
            #expect(effects.contains(.follow(.setWalkSource(WalkID(rawValue: 3), "replay:/tmp/walk.gpx", speed: expected))))
        }
    }
}

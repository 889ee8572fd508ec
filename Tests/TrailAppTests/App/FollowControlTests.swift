import Foundation
import Testing
import TrailCore
import TrailLive
import TrailStore
@testable import TrailApp

/// Requests from another shell to the walk being followed go through the screen's own paths,
/// and a fix older than the walk's last point says why it is not counted.
@Suite struct FollowControlTests {
    typealias F = FollowFixture
    let app = CairnApp()

    @Test func pauseStatusPlaceAndFinishFromAnotherShell() {
        var s = F.following(app)
        for k in 0..<4 { F.send(F.fix(Double(k)), app, &s) }
        let status = LiveControlAnswer()
        _ = app.update(&s, .follow(.control(.status, status)))
        let st = status.wait(timeout: 0)
        #expect(st.ok && st.status?.activity == "following" && st.status?.state == "following")
        // Three steps of 11.0574 m (the fixture's spacing) in 30 s.
        #expect(abs((st.status?.distance ?? 0) - 3 * F.spacing) < 0.01)
        #expect(st.status?.points == 4)

        let pause = LiveControlAnswer()
        let effects = app.update(&s, .follow(.control(.pause, pause)))
        #expect(pause.wait(timeout: 0).ok)
        #expect(effects.contains(.follow(.pauseSource(true))))  // as the key p
        #expect(s.following?.session.isPaused == true)
        let again = LiveControlAnswer()
        _ = app.update(&s, .follow(.control(.pause, again)))
        #expect(again.wait(timeout: 0).message == "already paused")

        let place = LiveControlAnswer()
        let placed = app.update(&s, .follow(.control(.place(name: "Spring"), place)))
        #expect(place.wait(timeout: 0).ok)
        let added = placed.compactMap { e -> Place? in if case .follow(.addPlace(_, let p)) = e { return p }; return nil }
        #expect(added.map(\.name) == ["Spring"])
        #expect(abs((added.first?.coordinate.latitude ?? 0) - 3e-4) < 1e-12)

        // "Photo here" (`cairn follow photo`, as the key i): a mark at the last fix, its time,
        // 3 spacings along the route and on it.
        let photo = LiveControlAnswer()
        let marked = app.update(&s, .follow(.control(.photo, photo)))
        #expect(photo.wait(timeout: 0).ok)
        let marks = marked.compactMap { e -> PhotoMark? in if case .follow(.markPhoto(_, let m)) = e { return m }; return nil }
        #expect(marks.count == 1)
        #expect(abs((marks.first?.coordinate.latitude ?? 0) - 3e-4) < 1e-12)
        #expect(marks.first?.time == F.t0.addingTimeInterval(30))
        #expect(abs((marks.first?.distanceAlong ?? 0) - 3 * F.spacing) < 0.01)
        #expect((marks.first?.distanceOff ?? 1) < 0.01)

        let named = LiveControlAnswer()
        _ = app.update(&s, .follow(.control(.finish(name: "X"), named)))
        #expect(!named.wait(timeout: 0).ok)
        let finish = LiveControlAnswer()
        _ = app.update(&s, .follow(.control(.finish(name: nil), finish)))
        #expect(finish.wait(timeout: 0).ok)
        guard case .stopped? = s.following?.phase else { Issue.record("not stopped"); return }
        let late = LiveControlAnswer()
        _ = app.update(&s, .follow(.control(.status, late)))
        #expect(!late.wait(timeout: 0).ok)
    }

    /// A replay fed again from its start to a restored walk: the fix 50 s before the last
    /// accepted one (fix 5 at 50 s after fix 10 at 100 s) is out of order, and the screen says why once.
    @Test func fixesBeforeTheWalksLastPointSayWhyTheyAreNotCounted() {
        var s = F.following(app)
        F.send(F.fix(10), app, &s)
        F.send(F.fix(5), app, &s)
        #expect(s.status.text.contains("not counted until they pass the walk's last point (this one is 50 s before it)"), "\(s.status.text)")
        #expect(s.status.isError)
        s.status = StatusMessage(text: "", isError: false)
        F.send(F.fix(6), app, &s)
        #expect(s.status.text.isEmpty)  // said once
        F.send(F.fix(11), app, &s)
        F.send(F.fix(7), app, &s)
        #expect(s.status.text.contains("(this one is 40 s before it)"))  // again after an accepted fix
    }
}

/// A second cairn process that cannot take requests from another shell (the control socket is
/// served by another recording or follow) says so as a note and goes on: not "walk history not
/// written", not a failed recording (the second newcomer of stop 42 met this).
@Suite struct LiveControlUnavailableTests {
    static let reason = "another cairn process (a recording or a followed walk) already takes commands at /tmp/cairn-0/live.sock"

    @Test func followingGoesOnAndSaysWhereCommandsGo() {
        let app = CairnApp()
        var s = FollowFixture.following(app)
        let effects = app.update(&s, .follow(.controlUnavailable(reason: Self.reason)))
        #expect(effects.isEmpty)  // no bell, nothing stopped
        #expect(!s.status.isError)
        #expect(s.status.text == "Commands from another shell do not reach this screen: " + Self.reason)
        #expect(!s.status.text.contains("Walk history"))
        #expect(s.following?.phase == .running)
    }

    @Test func recordingGoesOnAndSaysWhereCommandsGo() {
        var d = RecordDriver()
        _ = d.start()
        _ = d.app.update(&d.state, .record(.controlUnavailable(reason: Self.reason)))
        #expect(d.state.screen.kind == .record)
        #expect(d.model?.phase == .running)
        #expect(!d.state.status.isError)
        #expect(d.state.status.text == "Commands from another shell do not reach this screen: " + Self.reason)
    }
}

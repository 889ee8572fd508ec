import Foundation
import TermUI
import Testing
import TrailCore
import TrailLive
import TrailStore
@testable import TrailApp

/// The recording screen's update: starting from the library, fixes going to the recorder and
/// back, the map following the position, pause / resume / finish written before shown, the
/// backtrack's off-route alert, and the unfinished recording offered on start.
@Suite struct RecordUpdateTests {
    @Test func libraryRAsksForTheSourceThenOpensTheScreenWithTheRecorderBeforeTheSource() throws {
        var d = RecordDriver()
        d.state.live.defaultSource = "replay:walk.gpx"
        let (prompt, effects) = d.start()
        guard case .prompt(let p)? = prompt else { Issue.record("no source prompt"); return }
        #expect(p.purpose == .recordSource(resuming: nil))
        #expect(p.text == "replay:walk.gpx")
        #expect(d.state.screen.kind == .record)
        let spec = try PositionSourceSpec(parsing: "replay:walk.gpx")
        let begin = effects.firstIndex(of: .record(.begin(name: nil, source: "replay:walk.gpx", resuming: nil)))
        let source = effects.firstIndex(of: .record(.startSource(spec, speed: nil, source: 1)))
        #expect(begin != nil && source != nil && begin! < source!, "the recorder is made before the source starts: \(effects)")
        #expect(d.text.contains("Waiting for the first fix from replay:walk.gpx"))
    }

    @Test func aSourceThatCannotBeReadSaysWhyAndStaysInTheLibrary() {
        var d = RecordDriver()
        _ = d.app.update(&d.state, .input(.key(.character("R"))))
        _ = d.app.update(&d.state, .input(.key(.enter)))
        let effects = d.app.update(&d.state, .record(.sourceChecked(text: "replay:/nope.gpx", try! PositionSourceSpec(parsing: "replay:/nope.gpx"),
                                                                   resuming: nil, error: "/nope: no such file")))
        #expect(effects == [.bell])
        #expect(d.state.screen.kind == .library)
        #expect(d.state.status == StatusMessage(text: "/nope: no such file", isError: true))
    }

    @Test func aRecorderThatCannotBeMadeStopsTheSourceAndSaysWhy() {
        var d = RecordDriver()
        _ = d.app.update(&d.state, .input(.key(.character("R"))))
        var effects = d.app.update(&d.state, .input(.key(.enter)))
        for case .record(.checkSource(let spec, let text, let resuming)) in effects {
            effects = d.app.update(&d.state, .record(.sourceChecked(text: text, spec, resuming: resuming, error: nil)))
        }
        #expect(d.model?.phase == .starting)
        let failed = d.app.update(&d.state, .record(.failed(reason: "the store is read-only")))
        #expect(failed.contains(.record(.stopSource)) && failed.contains(.bell))
        #expect(d.state.screen.kind == .library)
        #expect(d.state.status == StatusMessage(text: "Recording: the store is read-only", isError: true))
    }

    @Test func everyFixGoesToTheRecorderAndOnlyCommittedPointsAreDrawnAndCounted() {
        var d = RecordDriver()
        _ = d.start()
        let effects = d.app.update(&d.state, .record(.position(.fix(FollowFixture.fix(0)), at: FollowFixture.t0, source: 1)))
        #expect(effects.contains(.record(.receive(FollowFixture.fix(0)))))
        // Not counted until the recorder answers (the store writes first).
        #expect(d.model?.figures.pointCount == 0)
        _ = d.answer(effects)
        for k in 1..<20 { d.send(FollowFixture.fix(Double(k))) }
        // A fix of an older source is ignored.
        #expect(d.app.update(&d.state, .record(.position(.fix(FollowFixture.fix(30)), at: FollowFixture.t0, source: 0))).isEmpty)
        let m = try! #require(d.model)
        #expect(m.figures.pointCount == 20)
        #expect(m.line.count == 20)
        // 19 steps of 11.0574 m, 190 s.
        #expect(abs(m.figures.distance - 19 * FollowFixture.spacing) < 0.01)
        #expect(m.figures.statistics.elapsedTime == 190)
        #expect(m.hikeID == RecordDriver.hike)
    }

    @Test func theMapCentresOnTheFirstFixFollowsThenStaysWhereTheHikerPanned() {
        var d = RecordDriver()
        _ = d.start()
        d.send(FollowFixture.fix(0))
        var m = try! #require(d.model)
        #expect(m.viewport.center == FollowFixture.fix(0).coordinate)
        #expect(m.viewport.zoom >= CairnApp.followZoom)
        _ = d.key(.character("l"))
        m = try! #require(d.model)
        #expect(m.detached)
        let panned = m.viewport.center
        for k in 1..<60 { d.send(FollowFixture.fix(Double(k))) }
        #expect(d.model?.viewport.center == panned)
        _ = d.key(.character("c"))
        #expect(d.model?.viewport.center == FollowFixture.fix(59).coordinate)
        #expect(d.model?.detached == false)
        // Following again: 600 m further north the view has moved along with the position.
        for k in 60..<120 { d.send(FollowFixture.fix(Double(k))) }
        let v = try! #require(d.model?.viewport)
        #expect(v.center.latitude > FollowFixture.fix(59).coordinate.latitude)
    }

    @Test func pauseAndResumeAreShownOnlyOnceWrittenAndHoldAReplay() {
        var d = RecordDriver()
        _ = d.start()
        d.send(FollowFixture.fix(0))
        let effects = d.key(.character("p"))
        #expect(effects == [.record(.perform(.pause)), .record(.pauseSource(true))])
        #expect(d.model?.figures.state == .recording, "not paused before the store says so")
        _ = d.answer(effects)
        #expect(d.model?.figures.state == .paused)
        #expect(d.text.contains("● paused"))
        // Paused: the recorder ignores fixes.
        d.send(FollowFixture.fix(1))
        #expect(d.model?.figures.pointCount == 1)
        let resume = d.key(.character("p"))
        #expect(resume == [.record(.perform(.resume)), .record(.pauseSource(false))])
        _ = d.answer(resume)
        d.send(FollowFixture.fix(5))
        d.send(FollowFixture.fix(6))
        #expect(d.model?.figures.pointCount == 3)
        // The point after the pause opens a second stretch of the drawing line.
        #expect(d.model?.line.stretches.map(\.count) == [1, 2])
    }

    @Test func finishAsksForTheNameSavesAndOpensTheHikeInTheLibrary() {
        var d = RecordDriver()
        _ = d.start()
        for k in 0..<5 { d.send(FollowFixture.fix(Double(k))) }
        _ = d.key(.character("x"))
        guard case .prompt(let p)? = d.state.modal else { Issue.record("no name prompt"); return }
        #expect(p.purpose == .recordName)
        #expect(p.text == "Recorded 2023-11-14")
        _ = d.key(.control("u"))
        for c in "Evening walk" { _ = d.key(.character(c)) }
        let effects = d.key(.enter)
        #expect(effects == [.record(.finish(name: "Evening walk"))])
        #expect(d.model?.phase == .finishing)
        let after = d.app.update(&d.state, .record(.finished(RecordDriver.hike)))
        #expect(after.first == .record(.stopSource))
        #expect(after.contains(.loadHike(RecordDriver.hike, forPreview: false)))
        #expect(after.contains(.loadHikes(d.state.library.sort)))
        #expect(d.state.screen.kind == .library)
    }

    /// `x` pauses the recording while the hike is named (no fix taken in the car while typing);
    /// Esc resumes it; a recording already paused stays paused either way (tester, issue 14).
    @Test func finishPausesWhileTheNameIsTypedAndEscResumes() {
        var d = RecordDriver()
        _ = d.start()
        for k in 0..<5 { d.send(FollowFixture.fix(Double(k))) }
        let x = d.key(.character("x"))
        #expect(x == [.record(.perform(.pause)), .record(.pauseSource(true))])
        _ = d.answer(x)
        #expect(d.model?.figures.state == .paused)
        d.send(FollowFixture.fix(5))
        #expect(d.model?.figures.pointCount == 5, "a fix taken while the name is typed")
        #expect(d.state.status.text.contains("Esc goes on recording"))
        let esc = d.key(.escape)
        #expect(d.state.modal == nil)
        #expect(esc == [.record(.perform(.resume)), .record(.pauseSource(false))])
        _ = d.answer(esc)
        d.send(FollowFixture.fix(6))
        #expect(d.model?.figures.pointCount == 6)
        // Paused by the hiker first: x and Esc leave it paused.
        let p = d.key(.character("p"))
        _ = d.answer(p)
        #expect(d.key(.character("x")).isEmpty)
        #expect(d.key(.escape).isEmpty)
        #expect(d.model?.figures.state == .paused)
        // x then Enter finishes (from the pause x made).
        _ = d.answer(d.key(.character("p")))
        _ = d.answer(d.key(.character("x")))
        #expect(d.key(.enter) == [.record(.finish(name: "Recorded 2023-11-14"))])
    }

    @Test func anEmptyNameKeepsTheWalkAndTheDefaultNameAndSaysSo() {
        var d = RecordDriver()
        _ = d.start()
        for k in 0..<5 { d.send(FollowFixture.fix(Double(k))) }
        _ = d.key(.character("x"))
        _ = d.key(.control("u"))  // the hiker clears the name and presses Enter
        let effects = d.key(.enter)
        #expect(!effects.contains(.record(.finish(name: ""))) && effects.allSatisfy { if case .record(.finish) = $0 { false } else { true } })
        guard case .prompt(let p)? = d.state.modal else { Issue.record("the prompt closed silently"); return }
        #expect(p.purpose == .recordName && p.text == "Recorded 2023-11-14")
        #expect(d.state.status.text.contains("needs a name"))
        #expect(d.state.status.text.contains("Recorded 2023-11-14"))
        #expect(d.model?.phase == .running && d.state.screen.kind == .record)
        // Enter now saves under the name shown.
        #expect(d.key(.enter) == [.record(.finish(name: "Recorded 2023-11-14"))])
    }

    @Test func finishingWithNothingRecordedKeepsNoHike() {
        var d = RecordDriver()
        _ = d.start()
        _ = d.key(.character("x"))
        _ = d.key(.enter)
        let after = d.app.update(&d.state, .record(.finished(nil)))
        #expect(after == [.record(.stopSource)])
        #expect(d.state.screen.kind == .library)
        #expect(d.state.status.text == "Nothing was recorded, so no hike was saved")
    }

    @Test func backtrackFollowsTheWalkBackAndRaisesTheOffRouteAlert() {
        var d = RecordDriver()
        d.state.live.speaks = true
        d.state.live.speechAvailable = true
        _ = d.start()
        #expect(d.key(.character("b")) == [.bell], "nothing walked yet")
        for k in 0..<40 { d.send(FollowFixture.fix(Double(k))) }
        let asked = d.key(.character("b"))
        #expect(asked == [.record(.backtrack)])
        _ = d.answer(asked)
        let back = try! #require(d.model?.backtrack)
        // A straight walk simplifies to its two ends, reversed.
        #expect(back.route.polyline.coordinates == [FollowFixture.fix(39).coordinate, FollowFixture.fix(0).coordinate])
        // Walking on north, away from the way back: beyond 30 m for 3 fixes over 10 s the alert fires.
        var alerts: [AppEffect] = []
        for k in 40..<52 { alerts += d.send(FollowFixture.fix(Double(k), east: 100)) }
        #expect(alerts.contains(.bell))
        // East of the way back, which runs south (from fix 39 to fix 0): the trail is to the
        // hiker's right. The first alert at fix 42: 100 m east and 3 spacings (33.2 m) beyond
        // the way back's start: hypot(100, 33.17) = 105.4 m.
        #expect(alerts.contains(.record(.speak("105 metres off route, trail to your right"))), "\(alerts)")
        #expect(d.text.contains(" m off, trail to your right"), "\(d.text)")
        // The recording went on underneath.
        #expect(d.model?.figures.pointCount ?? 0 > 40)
    }

    @Test func anUnfinishedRecordingIsOfferedResumedFinishedOrLeftForLater() {
        let found = UnfinishedRecording(recording: RecordingID(rawValue: 3), hike: RecordDriver.hike, name: "Sunday",
                                        source: "gpsd://10.0.0.2:2947", startedAt: FollowFixture.t0, pointCount: 12,
                                        distance: 130)
        var d = RecordDriver()
        _ = d.app.update(&d.state, .record(.unfinishedFound(found)))
        guard case .confirm(let c)? = d.state.modal else { Issue.record("not offered"); return }
        #expect(c.purpose == .unfinishedRecording(found.recording))
        #expect(d.text.contains("r  resume recording it"))
        #expect(d.text.contains("f  finish it and save the hike"))
        #expect(d.text.contains("Esc  later"))
        // Later: the dialog closes; R offers it again.
        _ = d.key(.escape)
        #expect(d.state.modal == nil)
        _ = d.key(.character("R"))
        guard case .confirm? = d.state.modal else { Issue.record("R did not offer it again"); return }
        // Resume: the source prompt, prefilled with the recording's own source.
        _ = d.key(.character("r"))
        guard case .prompt(let p)? = d.state.modal else { Issue.record("no source prompt"); return }
        #expect(p.purpose == .recordSource(resuming: found.recording))
        #expect(p.text == "gpsd://10.0.0.2:2947")
        let effects = d.key(.enter)
        let spec = try! PositionSourceSpec(parsing: "gpsd://10.0.0.2:2947")
        #expect(effects.contains(.record(.checkSource(spec, text: "gpsd://10.0.0.2:2947", resuming: found.recording))))
        let opened = d.app.update(&d.state, .record(.sourceChecked(text: "gpsd://10.0.0.2:2947", spec,
                                                                  resuming: found.recording, error: nil)))
        #expect(opened.contains(.record(.begin(name: "Sunday", source: "gpsd://10.0.0.2:2947", resuming: found.recording))))
        #expect(d.model?.name == "Sunday")

        // Finish from the offer.
        var e = RecordDriver()
        _ = e.app.update(&e.state, .record(.unfinishedFound(found)))
        #expect(e.key(.character("f")) == [.record(.finishUnfinished(found.recording))])
        #expect(e.state.modal == nil)
        // Keys the dialog does not take leave it open.
        var f = RecordDriver()
        _ = f.app.update(&f.state, .record(.unfinishedFound(found)))
        #expect(f.key(.character("z")).isEmpty)
        guard case .confirm? = f.state.modal else { Issue.record("closed by a stray key"); return }
    }

    @Test func keysOutsideTheRecordingMapDoNothing() {
        var d = RecordDriver()
        _ = d.start()
        d.send(FollowFixture.fix(0))
        let before = d.text
        for key in KeyMapTests.unbound([RecordAction.keyMap.keys]) {
            #expect(d.key(key).isEmpty, "\(key)")
        }
        #expect(d.text == before)
    }

    /// An unnamed recording is "New recording" until its first point names it after the fix's
    /// date (it showed the wall clock's "Recorded <today>" for a replayed older log, and kept
    /// it after the hike was stored under another name); DECISIONS.md 490.
    @Test func anUnnamedRecordingShowsTheNameItIsStoredUnder() throws {
        var d = RecordDriver()
        _ = d.key(.character("R"))
        var effects = d.key(.enter)
        for case .record(.checkSource(let spec, let text, let resuming)) in effects {
            effects += d.app.update(&d.state, .record(.sourceChecked(text: text, spec, resuming: resuming, error: nil)))
        }
        _ = d.app.update(&d.state, .record(.begun(RecordingFigures(session: d.session), stored: [], name: "", hike: nil)))
        #expect(d.text.contains("New recording"))
        d.send(FollowFixture.fix(0))
        _ = d.app.update(&d.state, .record(.named("Recorded 2018-06-12")))
        #expect(d.model?.name == "Recorded 2018-06-12")
        #expect(d.text.contains("Recorded 2018-") && !d.text.contains("New recording"))  // the title is cut to the panel
        // Finishing offers the stored name.
        _ = d.key(.character("x"))
        guard case .prompt(let prompt)? = d.state.modal else { Issue.record("no name prompt"); return }
        #expect(prompt.text == "Recorded 2018-06-12")
    }

    /// `x` before any point finishes at once: there is no hike to name.
    @Test func finishingBeforeTheFirstPointAsksNoName() {
        var d = RecordDriver()
        _ = d.start()
        let effects = d.key(.character("x"))
        #expect(effects == [.record(.finish(name: "Recorded 2023-11-14"))])
        #expect(d.state.modal == nil)
    }

    /// Once the source is gone the Fix row says so instead of the last fix's "3D" (a tester saw
    /// "3D" stay with the source unplugged): lost while it reconnects, ended, or the receiver's
    /// own "no fix"; a new fix brings the mode back (DECISIONS.md 145).
    @Test func theFixRowSaysTheSourceIsLostNotTheLastFixesMode() throws {
        func fixRow(_ d: RecordDriver) throws -> String {
            let model = try #require(d.model)
            return try #require(model.panel(units: UnitFormatter(system: .metric)).rows.first { $0.label == "Fix" }).value
        }
        var d = RecordDriver()
        _ = d.start()
        d.send(FollowFixture.fix(0))
        #expect(try fixRow(d).hasPrefix("3D"))
        let later = FollowFixture.t0.addingTimeInterval(12)
        _ = d.app.update(&d.state, .record(.position(.connection(.disconnected(reason: "connect to 127.0.0.1:2947: Connection refused",
                                                                                retryIn: 2)), at: later, source: 1)))
        #expect(try fixRow(d) == "lost, 12 s ago")
        #expect(d.state.status.text.contains("Position source lost: connect to 127.0.0.1:2947: Connection refused"))
        #expect(!d.text.contains("3D"))
        _ = d.app.update(&d.state, .record(.position(.connection(.connecting(attempt: 2)), at: later, source: 1)))
        #expect(try fixRow(d) == "lost, 12 s ago")
        d.send(FollowFixture.fix(1, second: 13))
        _ = d.app.update(&d.state, .record(.position(.connection(.connected(detail: nil)), at: later, source: 1)))
        #expect(try fixRow(d).hasPrefix("3D"))
        _ = d.app.update(&d.state, .record(.position(.noFix(mode: .none), at: later, source: 1)))
        #expect(try fixRow(d).hasPrefix("no fix, "))
        _ = d.app.update(&d.state, .record(.position(.ended(SourceEnd(reason: "end of file")), at: later, source: 1)))
        #expect(try fixRow(d).hasPrefix("ended, "))
    }
}

import Dispatch
import Foundation
import Synchronization
import HikeServices
import TrailApp
import TrailCore
import TrailLive
import TrailStore
import Localization

/// The recorder's side of the hike store, on its own queue (a ``SerialAccess``): the store
/// connection, the one ``Recorder`` and what the screen's effects need to remember between
/// them. Not `Sendable`: it stays on its accessor's queue.
struct RecordingConnection {
    let storePath: String
    let now: @Sendable () -> Date
    var store: HikeStore?
    var recorder: Recorder?
    var restored: Recorder?
    /// The name the screen was given at `.begun`: for an unnamed new recording a placeholder that
    /// the first fix's date replaces in the store (DECISIONS.md 340); finishing with it unchanged
    /// keeps the stored name rather than renaming the hike back to the placeholder.
    var begunName: String?
    /// The recorder was restored at `.begin` (a resume), so its stored replay speed applies.
    var resumed = false
    var lastStatistics: (at: Date, statistics: TrackStatistics)?
    /// The noise filter's thresholds for a new recording.
    var rules = PositionFilterRules.recording

    mutating func openStore() throws -> HikeStore {
        if let store { return store }
        let s = try HikeStore(path: storePath, now: now)
        store = s
        return s
    }
}

/// Performs the recording screen's effects: owns the one ``Recorder`` and its hike-store
/// connection on a serial queue of its own (so a slow map or list query never delays a point,
/// and fixes are judged in the order they came), runs the position source through the shared
/// ``PositionSourceRunner``, and answers every store write with the figures after it.
/// `Sendable` checked by the compiler: the recorder and its store are a ``SerialAccess``
/// (DECISIONS 620, 703).
public final class RecordEffectPerformer: Sendable {
    private let access: SerialAccess<RecordingConnection>
    private let runner = PositionSourceRunner(label: "cairn.record-tick")
    private let now: @Sendable () -> Date
    private let speech: SpeechOutput
    /// Where `cairn record pause|resume|finish|place` and `cairn status` reach this screen's
    /// recording (``LiveControlSocket``); nil for none (tests). Served from `.begin` to the finish.
    public let controlPath = Mutex<String?>(nil)
    private let control = Mutex<LiveControlServer?>(nil)
    /// When the last fix came from the source (any fix, accepted or not): the status's fix age.
    /// The source's state and the clock, for the replies to pause, resume, finish and place
    /// (a status is answered by the screen's model, which reads the same events).
    private let readout = Mutex(LiveReadout())
    /// The noise filter's thresholds for a new recording (`cairn record --max-accuracy …`);
    /// set before the app starts (read and written on the recorder's queue).
    public var rules: PositionFilterRules {
        get { (try? access.read { $0.rules }) ?? .recording }
        set { try? access.write { $0.rules = newValue } }
    }

    /// The statistics (the session's running ones, DECISIONS.md 421) are handed to the screen
    /// at most this often, in seconds of wall time; distance, points and counters are exact
    /// after every point.
    static let statisticsInterval = 1.0

    init(storePath: String, speech: SpeechOutput, now: @escaping @Sendable () -> Date) {
        access = SerialAccess(label: "cairn.recording", RecordingConnection(storePath: storePath, now: now))
        self.speech = speech
        self.now = now
    }

    func perform(_ effect: RecordEffect, send: @escaping @Sendable (AppMessage) -> Void) {
        switch effect {
        case .startSource(let spec, let speed, let number):
            // On the recorder's queue, after `.begin`: a replay resumed continues after its last point.
            access.async { [self] c in
                let timing = c.recorder.map(\.replayTiming) ?? .recording(after: nil, anchor: nil)
                // A resumed recording plays at its own replay speed unless one was given (DECISIONS.md 422).
                let replaySpeed = speed ?? (c.resumed ? c.recorder?.speed : nil)
                do { try c.recorder?.useSource(nil, speed: replaySpeed) } catch {
                    send(.record(.failed(reason: "\(error)")))
                }
                startSource(spec, speed: replaySpeed, timing: timing, number: number, send: send)
            }
        case .stopSource:  // queued too, so it never overtakes a queued start
            access.async { [self] _ in runner.stop() }
        case .pauseSource(let paused):
            access.async { [self] _ in runner.setPaused(paused) }
        case .speak(let text):
            speech.speak(text)
        case .markPhoto:
            // The same step as `cairn record photo` from another shell, on the recorder's queue.
            DispatchQueue.global().async { [self] in
                let reply = answer(.photo, send: send)
                send(.photoNote(TerminalText.clean(reply.message), isError: !reply.ok))
            }
        case .checkSource(let spec, let text, let resuming):
            DispatchQueue.global().async {
                var problem: String?
                do { try spec.check(loadTrack: FollowEffectPerformer.loadTrack) } catch { problem = String(describing: error) }
                send(.record(.sourceChecked(text: text, spec, resuming: resuming, error: problem)))
            }
        case .findUnfinished, .begin, .receive, .perform, .finish, .finishUnfinished, .backtrack:
            access.async { [self] c in
                do {
                    try performStoreEffect(effect, &c, send: send)
                } catch {
                    send(.record(.failed(reason: "\(error)")))
                }
            }
        }
    }

    private func startSource(_ spec: PositionSourceSpec, speed: Double?, timing: ReplayTiming, number: Int,
                             send: @escaping @Sendable (AppMessage) -> Void) {
        runner.start(spec, speed: speed, replayTiming: timing, now: { [self] in now() },
                     event: { [self] event, at in
                         readout.withLock { _ = $0.receive(event, at: at) }
                         send(.record(.position(event, at: at, source: number)))
                     },
                     tick: { t in send(.record(.tick(t))) },
                     failed: { send(.record(.sourceFailed(source: number, $0))) })
    }

    /// The app is ending (quit, signal): stops the source and writes a recording in progress as
    /// paused, so the next start offers it with every point (a killed process is restored as
    /// paused too, by ``Recorder/init(restoring:store:now:)``).
    /// - Returns: what to tell the user when a recording with points was kept paused
    ///   ("the recording 'X' (hike ID, N points) is paused: …"), nil otherwise.
    @discardableResult
    public func shutDown() -> String? {
        stopControl()
        runner.stop()
        return (try? access.write { c -> String? in
            runner.stop()  // a start queued before this
            var kept: String?
            if let r = c.recorder, r.session.state != .finished {
                if r.session.state == .recording { try? r.perform(.pause) }
                if let hike = r.hike, r.session.state == .paused {
                    let name = (try? r.store.summary(hike).name) ?? r.name
                    kept = Ln("the recording '%s' (hike %s, %d point) is paused: `cairn record --resume` continues it, `cairn record --finish` finishes it",
                              "the recording '%s' (hike %s, %d points) is paused: `cairn record --resume` continues it, `cairn record --finish` finishes it",
                              r.session.pointCount, TerminalText.clean(name), String(hike.rawValue), r.session.pointCount)
                }
            }
            c.recorder = nil
            c.restored = nil  // the last recorder gone drops and removes the recording lock (DECISIONS.md 491)
            return kept
        }) ?? nil
    }

    /// Starts answering requests from another shell (once a recorder exists).
    private func startControl(send: @escaping @Sendable (AppMessage) -> Void) {
        guard let path = controlPath.withLock({ $0 }), control.withLock({ $0 == nil }) else { return }
        do {
            let server = try LiveControlServer(path: path) { [self] line in
                guard let request = LiveControlRequest(line: line) else {
                    return LiveControlReply(ok: false, message: L("unknown request '%s'", String(line.prefix(40)))).line
                }
                if request == .status {
                    // What the panel shows: the screen's model (the clock, the way back, its arrival).
                    let answer = LiveControlAnswer()
                    send(.record(.status(answer)))
                    return answer.wait(timeout: 3).line
                }
                return answer(request, send: send).line
            }
            control.withLock { $0 = server }
        } catch {
            send(.record(.controlUnavailable(reason: error.description)))
        }
    }

    private func stopControl() {
        control.withLock { s in s?.stop(); s = nil }
    }

    /// A request from another shell, done on the recorder's queue as the screen's own keys are
    /// (``RecordingControl``), then told to the screen with the same messages.
    private func answer(_ request: LiveControlRequest, send: @escaping @Sendable (AppMessage) -> Void) -> LiveControlReply {
        let t = now()
        let readout = readout.withLock { r in r.tick(t); return r }
        let reply = try? access.write { c -> LiveControlReply in
            guard let r = c.recorder else { return LiveControlReply(ok: false, message: L("the recording screen has no recording running")) }
            let outcome = RecordingControl.apply(request, to: r, readout: readout)
            switch outcome.action {
            case .pause?, .resume?:
                runner.setPaused(outcome.action == .pause)
                send(.record(.stateChanged(figures(r, &c, fresh: true))))
            case .finish?:
                c.recorder = nil
                send(.record(.finished(r.hike)))
            case nil:
                break
            }
            // A mark noted (the screen's key or `cairn record photo`): the screen draws it.
            if request == .photo, outcome.reply.ok, let hike = r.hike, let all = try? r.store.photos(of: hike) {
                send(.photosLoaded(hike, .success(all)))
            }
            if let place = outcome.place, let hike = r.hike, let all = try? r.store.places(of: hike) {
                send(.places(.stored(hike, all, status: L("Place '%s' added from another shell", place.name ?? ""))))
            }
            return outcome.reply
        }
        if reply?.status?.state == "finished" { DispatchQueue.global().async { [self] in stopControl() } }
        return reply ?? LiveControlReply(ok: false, message: L("the recorder did not answer"))
    }

    private func figures(_ r: Recorder, _ c: inout RecordingConnection, fresh: Bool = false) -> RecordingFigures {
        let t = now()
        if !fresh, let last = c.lastStatistics, t.timeIntervalSince(last.at) < Self.statisticsInterval, last.at <= t {
            return RecordingFigures(session: r.session, statistics: last.statistics)
        }
        let s = r.session.statistics()
        c.lastStatistics = (t, s)
        return RecordingFigures(session: r.session, statistics: s)
    }

    private func performStoreEffect(_ effect: RecordEffect, _ c: inout RecordingConnection,
                                    send: @escaping @Sendable (AppMessage) -> Void) throws {
        switch effect {
        case .findUnfinished:
            let store = try c.openStore()
            guard let r = try Recorder.restoreUnfinished(in: store, now: now), let hike = r.hike, let id = r.recording else { return }
            let record = try store.recording(id)
            c.restored = r
            // The recording's own time, its first fix's, as the hike's start everywhere else (a
            // replayed 2018 log started in 2018); the wall-clock row time only without fix times (DECISIONS.md 490).
            let firstFix = r.session.keptStretches.lazy.compactMap { $0.first?.date }.first
            send(.record(.unfinishedFound(UnfinishedRecording(recording: id, hike: hike, name: r.name, source: record.source,
                                                              startedAt: firstFix ?? record.startedAt, pointCount: r.session.pointCount,
                                                              distance: r.session.distance))))
        case .begin(let name, let source, let resuming):
            let store = try c.openStore()
            c.lastStatistics = nil
            if let resuming {
                let r: Recorder
                if let kept = c.restored, kept.recording == resuming { r = kept } else {
                    r = try Recorder(restoring: try store.recording(resuming), store: store, now: now)
                }
                c.restored = nil
                try r.useSource(source, speed: r.speed)
                if r.session.state == .paused { try r.perform(.resume) }
                c.recorder = r
                c.resumed = true
                c.begunName = r.name
                send(.record(.begun(figures(r, &c, fresh: true), stored: r.session.stretches, name: r.name, hike: r.hike)))
                // A resumed recording's marks (and photos added since) are drawn from the start.
                if let hike = r.hike, let all = try? store.photos(of: hike) { send(.photosLoaded(hike, .success(all))) }
                startControl(send: send)
            } else {
                let r = try Recorder(store: store, name: name, rules: c.rules, source: source, now: now)
                c.recorder = r
                c.resumed = false
                c.begunName = r.name
                // An unnamed recording has no name until its first point (`.named`): the screen
                // says "New recording", not the wall clock's date (DECISIONS.md 490).
                send(.record(.begun(figures(r, &c, fresh: true), stored: [], name: r.nameAwaitsFirstFix ? "" : r.name, hike: nil)))
                startControl(send: send)
            }
        case .receive(let fix):
            guard let r = c.recorder else { return }
            let created = r.hike == nil
            let judgement = try r.receive(fix)
            if created, r.hike != nil { send(.record(.named(r.name))) }
            var accepted: PendingPoint?
            if case .accept(let p) = judgement { accepted = p }
            send(.record(.judged(figures(r, &c), accepted: accepted, hike: r.hike)))
        case .perform(let action):
            guard let r = c.recorder else { return }
            try r.perform(action)
            send(.record(.stateChanged(figures(r, &c, fresh: true))))
        case .finish(let name):
            DispatchQueue.global().async { [self] in stopControl() }
            guard let r = c.recorder else { return send(.record(.finished(nil))) }
            c.recorder = nil
            guard let hike = r.hike else { return send(.record(.finished(nil))) }
            if name != r.name, name != c.begunName { try r.store.rename(hike, to: name) }
            try r.perform(.finish)
            send(.record(.finished(hike)))
        case .finishUnfinished(let id):
            let store = try c.openStore()
            let r: Recorder
            if let kept = c.restored, kept.recording == id { r = kept } else {
                r = try Recorder(restoring: try store.recording(id), store: store, now: now)
            }
            c.restored = nil
            try r.perform(.finish)
            send(.record(.finished(r.hike)))
        case .backtrack:
            guard let r = c.recorder else { return }
            send(.record(.backtrackReady(r.session.backtrackPoints())))
        case .startSource, .stopSource, .pauseSource, .speak, .checkSource, .markPhoto:
            break  // not store work: done in perform(_:send:)
        }
    }
}

import Foundation
import TrailCore
import TrailLive
import TrailStore
import Localization

/// The headless loop of `cairn record`: position events in, the ``Recorder`` (store first,
/// then the figures), one status line every `statusInterval` seconds out, and the requests of
/// another shell (`cairn record pause|resume|finish|place`, `cairn status`) answered between
/// events. The source's state and the clock are a ``LiveReadout``, as on the recording screen,
/// so the status line, `cairn status` and the screen say the same.
///
/// Ends when: a stop signal (`stopSignal`: SIGINT, SIGTERM, SIGHUP) — the recording is paused,
/// `cairn record --resume` continues it, `--finish` finishes it; `cairn record finish` from
/// another shell — finished; a finite source (replay, NMEA log) reaches its end — finished; a
/// source error — paused, failed. A source that stops sending produces no point: the fix age grows.
public struct HeadlessRecording {
    public var recorder: Recorder
    public var source: any PositionSource
    public var units: UnitFormatter
    /// Seconds between status lines.
    public var statusInterval: Double
    /// The wall clock.
    public var now: () -> Date
    /// Where lines for the hiker go (stdout) and errors (stderr), each line with its "\n".
    public var say: (String) -> Void
    public var warn: (String) -> Void
    /// Each accepted point after it is committed ("seq stretch lat lon unixtime\n"); nil for none.
    public var pointLog: ((String) -> Void)?
    /// A pending stop signal (polled every ``signalPollInterval`` s), nil for none.
    public var stopSignal: () -> Int32? = { nil }
    /// The words for a store error on a point (the CLI translates SQLite's codes).
    public var describeStoreError: (Error) -> String = { String(describing: $0) }
    /// The source as named in ``nothingRecordedReason(at:)`` ("gpsd at 127.0.0.1:2947").
    public var sourceLabel = L("the position source")
    /// Where the loop takes requests from another shell (``LiveControlSocket``); nil for none.
    public var controlPath: String?
    /// How often the loop wakes to look at signals and control requests while no event comes, seconds.
    public static let signalPollInterval = 0.25

    /// Why the loop ended.
    public enum Outcome: Equatable, Sendable {
        case finished
        case paused(reason: String)
        case failed(String)
    }

    /// The source's state and the clock.
    public private(set) var readout = LiveReadout()
    /// When the last committed point's fix arrived and the pauses since (the time runs on
    /// from it, frozen while paused: ``WalkClock``).
    private var clock = WalkClock()
    /// What came from the source, to say why nothing was recorded (DECISIONS.md 492).
    private var fixesReceived = 0
    private var everConnected = false
    private var connectAttempts = 0
    private var lastDisconnect: String?
    private var receiverNoFix: FixMode?
    private var startedAt: Date?
    /// True once the accuracy rejections were explained (``AccuracyAdvice``, said once).
    private var saidAccuracy = false

    public init(recorder: Recorder, source: any PositionSource, units: UnitFormatter, statusInterval: Double,
                now: @escaping () -> Date, say: @escaping (String) -> Void, warn: @escaping (String) -> Void) {
        self.recorder = recorder
        self.source = source
        self.units = units
        self.statusInterval = statusInterval
        self.now = now
        self.say = say
        self.warn = warn
    }

    /// Runs until one of the ends above; the recording's state is written before returning.
    public mutating func run() -> Outcome {
        startedAt = now()
        readout.tick(now())
        let inbox = RecordInbox()
        let mailbox = LiveControlMailbox()
        var server: LiveControlServer?
        if let controlPath {
            do { server = try LiveControlServer(path: controlPath, handler: mailbox.serverHandler()) } catch {
                warn(L("cairn record: no control from another shell: %s", TerminalText.clean(error.description)) + "\n")
            }
        }
        defer { server?.stop() }
        source.start { inbox.post($0) }
        defer { source.stop() }
        var nextStatus = now().addingTimeInterval(statusInterval)
        while true {
            let deadline = min(nextStatus, now().addingTimeInterval(Self.signalPollInterval))
            for event in inbox.take(waitingUntil: deadline) {
                if let outcome = handle(event) { return outcome }
            }
            readout.tick(now())
            if let outcome = answerControl(mailbox) { return outcome }
            if let s = stopSignal() {
                // Ctrl-C pauses, as on the recording screen: finishing is explicit (DECISIONS.md 842).
                return stop(.pause, reason: Self.signalName(s))
            }
            let t = now()
            if t >= nextStatus {
                printStatus()
                while nextStatus <= t { nextStatus.addTimeInterval(statusInterval) }
            }
        }
    }

    /// A stop signal by what it means, said in "paused (…)": "Ctrl-C" (SIGINT), "hang-up, SIGHUP"
    /// (the terminal closed), "termination request, SIGTERM", "quit, SIGQUIT", else "signal N".
    public static func signalName(_ s: Int32) -> String {
        switch s {
        case SIGINT: return "Ctrl-C"
        case SIGHUP: return L("hang-up, SIGHUP")
        case SIGTERM: return L("termination request, SIGTERM")
        case SIGQUIT: return L("quit, SIGQUIT")
        default: return L("signal %d", Int(s))
        }
    }

    /// The status line now (also printed at the end).
    public func statusLine() -> String {
        RecordStatusLine.text(session: recorder.session, readout: readout, clock: clock, units: units)
    }

    /// The figures `cairn status` gets, from the same readout.
    public func status() -> LiveStatus {
        RecordingControl.status(recorder, readout: readout, clock: clock)
    }

    /// Why no position was accepted, from what the source did: it could not be reached, it
    /// sent no fix (in how long), or it sent fixes that the filter rejected (by rule).
    public func nothingRecordedReason(at t: Date) -> String {
        let waited = Int(t.timeIntervalSince(startedAt ?? t).rounded(.down))
        if fixesReceived > 0 {
            let c = recorder.session.filter.counters
            // TRANSLATORS: the reasons by filter rule follow in brackets: " (poor accuracy 3, too close 34)".
            return Ln("%d fix received but all rejected by the filter", "%d fixes received but all rejected by the filter",
                      fixesReceived, fixesReceived)
                + RecordStatusLine.rejections(c)
        }
        if !everConnected, let lastDisconnect {
            return connectAttempts > 1
                ? L("could not connect to %s (%s, %d attempts)", sourceLabel, TerminalText.clean(lastDisconnect), connectAttempts)
                : L("could not connect to %s (%s)", sourceLabel, TerminalText.clean(lastDisconnect))
        }
        if let receiverNoFix { return L("no fix received in %d s (the receiver reported %s)", waited, receiverNoFix.label) }
        else if let lastDisconnect { return L("no fix received in %d s (%s lost: %s)", waited, sourceLabel, TerminalText.clean(lastDisconnect)) }
        else if everConnected { return L("no fix received in %d s (connected to %s)", waited, sourceLabel) }
        return L("no fix received in %d s", waited)
    }

    /// Answers the requests from another shell; the outcome when one finished the recording.
    private mutating func answerControl(_ mailbox: LiveControlMailbox) -> Outcome? {
        guard mailbox.hasRequests else { return nil }
        var finished = false
        let readout = readout
        var clock = clock
        let (recorder, units, now, say) = (recorder, units, now, say)
        mailbox.answer { request in
            let outcome = RecordingControl.apply(request, to: recorder, readout: readout, clock: clock)
            switch outcome.action {
            case .pause?: clock.pause(at: now(), readout: readout, speed: recorder.session.currentSpeed())
            case .finish?: clock.finish()
            case .resume?: clock.resume(at: now())
            case nil: break
            }
            if request != .status {
                // TRANSLATORS: a time, the request's command word (pause, resume, finish, photo, place; not translated) and the answer.
                say(L("%s from another shell: %s: %s", units.time(now()), String(request.line.split(separator: " ")[0]),
                      TerminalText.clean(outcome.reply.message)) + "\n")
            }
            if outcome.action == .finish { finished = true }
            return outcome.reply
        }
        self.clock = clock
        guard finished else { return nil }
        printStatus()
        return .finished
    }

    private func printStatus() {
        say(statusLine() + "\n")
    }

    private mutating func handle(_ event: PositionEvent) -> Outcome? {
        let arrival = now()
        switch readout.receive(event, at: arrival) {
        case .lost(let reason):
            // Once per reason, not at every retry; the next fix says the source is back.
            say(L("%s source: %s", units.time(arrival), TerminalText.clean(reason)) + "\n")
        case .recovered:
            say(L("%s source back: fixes arriving again", units.time(arrival)) + "\n")
        case .ended, .none:
            break
        }
        switch event {
        case .fix(let fix):
            fixesReceived += 1
            lastDisconnect = nil
            do {
                let created = recorder.hike == nil
                let judgement = try recorder.receive(fix)
                if created, let hike = recorder.hike {
                    // The hike exists from its first accepted point, under its stored name (DECISIONS.md 490).
                    say(L("%s first position accepted: recording '%s' as hike %s", units.time(arrival),
                          TerminalText.clean(recorder.name), String(hike.rawValue)) + "\n")
                }
                if case .reject(.poorAccuracy) = judgement, !saidAccuracy {
                    saidAccuracy = true
                    say("\(units.time(arrival)) " + AccuracyAdvice.text(accuracy: fix.horizontalAccuracy,
                                                                       limit: recorder.session.filter.rules.maximumHorizontalAccuracy,
                                                                       units: units) + "\n")
                }
                if case .accept(let p) = judgement {
                    clock.point(at: arrival)
                    pointLog?("\(p.sequence) \(p.stretch) \(p.point.latitude) \(p.point.longitude) "
                              + "\(p.point.time?.timeIntervalSince1970 ?? .nan)\n")
                }
            } catch {
                warn(L("cairn record: cannot store a point: %s", describeStoreError(error)) + "\n")
                return .failed(L("the store refused a point"))
            }
        case .noFix(let mode):
            receiverNoFix = mode
        case .connection(let state):
            switch state {
            case .connecting:
                connectAttempts += 1
            case .connected:
                everConnected = true
                lastDisconnect = nil
            case .disconnected(let reason, _):
                if readout.lastArrival == nil, lastDisconnect != reason {
                    say(L("%s source: %s", units.time(arrival), TerminalText.clean(reason)) + "\n")
                }
                lastDisconnect = reason
            }
        case .ended(let end):
            if end.isError { return stop(.pause, reason: L("the position source failed: %s", end.reason), failed: true) }
            return stop(.finish, reason: end.reason)
        case .stale, .satellites, .skippedInput:
            break
        }
        return nil
    }

    private mutating func stop(_ action: RecordingAction, reason: String, failed: Bool = false) -> Outcome {
        do {
            if recorder.session.state != .finished, action == .finish || recorder.session.state == .recording {
                try recorder.perform(action)
                if action == .finish { clock.finish() } else { clock.pause(at: now(), readout: readout, speed: recorder.session.currentSpeed()) }
            }
        } catch {
            warn("cairn record: " + action.cannotText(recording: true, String(describing: error)) + "\n")
            return .failed(action.cannotText(recording: false, nil))
        }
        readout.tick(now())
        printStatus()
        if failed { return .failed(reason) }
        return action == .finish ? .finished : .paused(reason: reason)
    }
}

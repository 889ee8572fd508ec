import CursesTerminal
import Foundation
import HikeServices
import TrailCore
import TrailLive
import TrailStore

/// The headless loop of `cairn record`: position events in, the ``Recorder`` (store first,
/// then the figures), one status line every `statusInterval` seconds out.
///
/// Ends when: SIGINT (Ctrl-C), SIGTERM or SIGHUP (service manager, shutdown, terminal
/// closed) — the recording is paused, `cairn record --resume` continues it, `--finish`
/// finishes it; `cairn record finish` from another shell — finished; a finite source (replay, NMEA log) reaches its end — finished; a source
/// error — paused, exit 1. A source that stops sending produces no point: the fix age grows.
struct RecordRunner {
    var recorder: Recorder
    var source: any PositionSource
    var context: CommandContext
    var units: UnitFormatter
    var statusInterval: Double
    /// Accepted points are appended here, one line each, after they are committed.
    var pointLog: Int32?
    /// The source as named in ``nothingRecordedReason(at:)`` ("gpsd at 127.0.0.1:2947").
    var sourceLabel = "the position source"
    /// Where the loop takes `cairn record pause|resume|finish|place` and `cairn status` from
    /// another shell (``LiveControlSocket``); nil for none.
    var controlPath: String?
    /// How often the loop wakes to look at signals and control requests while no event comes, seconds.
    static let signalPollInterval = 0.25

    /// Why the loop ended.
    enum Outcome: Equatable {
        case finished
        case paused(reason: String)
        case failed(String)
    }

    private var lastFixArrival: Date?
    private var lastMode: FixMode?
    private var waiting: String? = "waiting for the position source"
    private var lastReportedReason: String?
    /// What came from the source, to say why nothing was recorded (DECISIONS.md 492).
    private var fixesReceived = 0
    private var everConnected = false
    private var lastDisconnect: String?
    private var connectAttempts = 0
    private var receiverNoFix: FixMode?
    private var startedAt: Date?

    init(recorder: Recorder, source: any PositionSource, context: CommandContext, units: UnitFormatter,
         statusInterval: Double, pointLog: Int32?) {
        self.recorder = recorder
        self.source = source
        self.context = context
        self.units = units
        self.statusInterval = statusInterval
        self.pointLog = pointLog
    }

    /// Runs until one of the ends above; the recording's state is written before returning.
    mutating func run() -> Outcome {
        startedAt = context.now()
        let signals = context.watchesSignals ? SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP]) : nil
        defer { signals?.cancel() }
        let inbox = RecordInbox()
        let mailbox = LiveControlMailbox()
        var server: LiveControlServer?
        if let controlPath {
            do { server = try LiveControlServer(path: controlPath, handler: mailbox.serverHandler()) } catch {
                context.stderr.write("cairn: no control from another shell: \(TerminalText.clean(error.description))\n")
            }
        }
        defer { server?.stop() }
        source.start { inbox.post($0) }
        defer { source.stop() }
        var nextStatus = context.now().addingTimeInterval(statusInterval)
        while true {
            let deadline = min(nextStatus, context.now().addingTimeInterval(Self.signalPollInterval))
            for event in inbox.take(waitingUntil: deadline) {
                if let outcome = handle(event) { return outcome }
            }
            if let outcome = answerControl(mailbox) { return outcome }
            if let s = signals?.pending {
                // Ctrl-C pauses, as on the recording screen: finishing is explicit (DECISIONS.md 842).
                return stop(.pause, reason: s == SIGINT ? "Ctrl-C" : "signal \(s)")
            }
            let now = context.now()
            if now >= nextStatus {
                printStatus(at: now)
                while nextStatus <= now { nextStatus.addTimeInterval(statusInterval) }
            }
        }
    }

    /// The status line now (also printed at the end).
    func statusLine(at now: Date) -> String {
        RecordStatusLine.text(session: recorder.session, fixAge: lastFixArrival.map { now.timeIntervalSince($0) },
                              fixMode: lastMode, waiting: waiting, lost: lastFixArrival == nil ? nil : lastDisconnect.map { "source lost: " + $0 },
                              units: units, at: now)
    }

    /// Why no position was accepted, from what the source did: it could not be reached, it
    /// sent no fix (in how long), or it sent fixes that the filter rejected (by rule).
    func nothingRecordedReason(at now: Date) -> String {
        let waited = Int(now.timeIntervalSince(startedAt ?? now).rounded(.down))
        if fixesReceived > 0 {
            let c = recorder.session.filter.counters
            return "\(fixesReceived) fix\(fixesReceived == 1 ? "" : "es") received but all rejected by the filter"
                + RecordStatusLine.rejections(c)
        }
        if !everConnected, let lastDisconnect {
            return "could not connect to \(sourceLabel) (\(TerminalText.clean(lastDisconnect))"
                + (connectAttempts > 1 ? ", \(connectAttempts) attempts" : "") + ")"
        }
        var why = "no fix received in \(waited) s"
        if let receiverNoFix { why += " (the receiver reported \(receiverNoFix.label))" }
        else if let lastDisconnect { why += " (\(sourceLabel) lost: \(TerminalText.clean(lastDisconnect)))" }
        else if everConnected { why += " (connected to \(sourceLabel))" }
        return why
    }

    /// Answers the requests from another shell; the outcome when one finished the recording.
    private mutating func answerControl(_ mailbox: LiveControlMailbox) -> Outcome? {
        guard mailbox.hasRequests else { return nil }
        var finished = false
        let fixAge = lastFixArrival.map { context.now().timeIntervalSince($0) }
        mailbox.answer { request in
            let outcome = RecordingControl.apply(request, to: recorder, fixAge: fixAge)
            if request != .status {
                context.stdout.write("\(units.time(context.now())) from another shell: \(request.line.split(separator: " ")[0]): "
                                     + TerminalText.clean(outcome.reply.message) + "\n")
            }
            if outcome.action == .finish { finished = true }
            return outcome.reply
        }
        guard finished else { return nil }
        printStatus(at: context.now())
        return .finished
    }

    private func printStatus(at now: Date) {
        context.stdout.write(statusLine(at: now) + "\n")
    }

    private mutating func handle(_ event: PositionEvent) -> Outcome? {
        switch event {
        case .fix(let fix):
            fixesReceived += 1
            lastDisconnect = nil
            lastFixArrival = context.now()
            lastMode = fix.mode
            waiting = nil
            do {
                let created = recorder.hike == nil
                let judgement = try recorder.receive(fix)
                if created, let hike = recorder.hike {
                    // The hike exists from its first accepted point, under its stored name (DECISIONS.md 490).
                    context.stdout.write("\(units.time(context.now())) first position accepted: recording '"
                                         + "\(TerminalText.clean(recorder.name))' as hike \(hike.rawValue)\n")
                }
                if case .accept(let p) = judgement, let pointLog {
                    let line = "\(p.sequence) \(p.stretch) \(p.point.latitude) \(p.point.longitude) "
                        + "\(p.point.time?.timeIntervalSince1970 ?? .nan)\n"
                    FileDescriptorSink(fd: pointLog).write(line)
                }
            } catch {
                context.stderr.write("cairn: cannot store a point: \(StoreAccess.describe(error, path: recorder.store.path))\n")
                return .failed("the store refused a point")
            }
        case .noFix(let mode):
            lastMode = mode
            receiverNoFix = mode
            if lastFixArrival == nil { waiting = "the receiver has no position yet" }
        case .connection(let state):
            switch state {
            case .connecting(let attempt):
                connectAttempts += 1
                if lastFixArrival == nil { waiting = "connecting (attempt \(attempt))" }
            case .connected(let detail):
                everConnected = true
                lastDisconnect = nil
                lastReportedReason = nil
                if lastFixArrival == nil { waiting = "connected" + (detail.map { " to \($0)" } ?? "") + ", no fix yet" }
            case .disconnected(let reason, let retry):
                lastDisconnect = reason
                waiting = "\(reason); retrying in \(Int(retry.rounded())) s"
                if reason != lastReportedReason {  // once per reason, not at every retry
                    context.stdout.write("\(units.time(context.now())) source: \(TerminalText.clean(reason))\n")
                    lastReportedReason = reason
                }
            }
        case .ended(let end):
            if end.isError { return stop(.pause, reason: "the position source failed: \(end.reason)", failed: true) }
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
            }
        } catch {
            context.stderr.write("cairn: cannot \(action.rawValue) the recording: \(error)\n")
            return .failed("cannot \(action.rawValue)")
        }
        printStatus(at: context.now())
        if failed { return .failed(reason) }
        return action == .finish ? .finished : .paused(reason: reason)
    }
}

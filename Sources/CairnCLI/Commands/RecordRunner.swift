import CursesTerminal
import Foundation
import TrailCore
import TrailLive
import TrailStore

/// The headless loop of `cairn record`: position events in, the ``Recorder`` (store first,
/// then the figures), one status line every `statusInterval` seconds out.
///
/// Ends when: SIGINT (Ctrl-C) — the recording is finished; SIGTERM or SIGHUP (service
/// manager, shutdown, terminal closed) — the recording is paused, `cairn record --resume`
/// continues it; a finite source (replay, NMEA log) reaches its end — finished; a source
/// error — paused, exit 1. A source that stops sending produces no point: the fix age grows.
struct RecordRunner {
    var recorder: Recorder
    var source: any PositionSource
    var context: CommandContext
    var units: UnitFormatter
    var statusInterval: Double
    /// Accepted points are appended here, one line each, after they are committed.
    var pointLog: Int32?
    /// How often the loop wakes to look at signals while no event comes, seconds.
    static let signalPollInterval = 0.5

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
        let signals = context.watchesSignals ? SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP]) : nil
        defer { signals?.cancel() }
        let inbox = RecordInbox()
        source.start { inbox.post($0) }
        defer { source.stop() }
        var nextStatus = context.now().addingTimeInterval(statusInterval)
        while true {
            let deadline = min(nextStatus, context.now().addingTimeInterval(Self.signalPollInterval))
            for event in inbox.take(waitingUntil: deadline) {
                if let outcome = handle(event) { return outcome }
            }
            if let s = signals?.pending {
                return stop(s == SIGINT ? .finish : .pause, reason: s == SIGINT ? "Ctrl-C" : "signal \(s)")
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
                              fixMode: lastMode, waiting: waiting, units: units, at: now)
    }

    private func printStatus(at now: Date) {
        context.stdout.write(statusLine(at: now) + "\n")
    }

    private mutating func handle(_ event: PositionEvent) -> Outcome? {
        switch event {
        case .fix(let fix):
            lastFixArrival = context.now()
            lastMode = fix.mode
            waiting = nil
            do {
                if case .accept(let p) = try recorder.receive(fix), let pointLog {
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
            if lastFixArrival == nil { waiting = "the receiver has no position yet" }
        case .connection(let state):
            switch state {
            case .connecting(let attempt): if lastFixArrival == nil { waiting = "connecting (attempt \(attempt))" }
            case .connected(let detail):
                lastReportedReason = nil
                if lastFixArrival == nil { waiting = "connected" + (detail.map { " to \($0)" } ?? "") + ", no fix yet" }
            case .disconnected(let reason, let retry):
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

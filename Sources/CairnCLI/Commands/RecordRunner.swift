import CursesTerminal
import Foundation
import HikeServices
import TrailCore
import TrailLive
import TrailStore

/// `cairn record` headless: ``HeadlessRecording`` (HikeServices) wired to the command's
/// output, clock, signals (SIGINT, SIGTERM, SIGHUP pause it) and point log.
struct RecordRunner {
    private var loop: HeadlessRecording
    private let watchesSignals: Bool

    typealias Outcome = HeadlessRecording.Outcome

    /// The source as named in ``nothingRecordedReason(at:)`` ("gpsd at 127.0.0.1:2947").
    var sourceLabel: String {
        get { loop.sourceLabel }
        set { loop.sourceLabel = newValue }
    }
    /// Where the loop takes `cairn record pause|resume|finish|place` and `cairn status` from
    /// another shell (``LiveControlSocket``); nil for none.
    var controlPath: String? {
        get { loop.controlPath }
        set { loop.controlPath = newValue }
    }

    /// - Parameter pointLog: accepted points are appended here, one line each, after they are committed.
    init(recorder: Recorder, source: any PositionSource, context: CommandContext, units: UnitFormatter,
         statusInterval: Double, pointLog: Int32?) {
        loop = HeadlessRecording(recorder: recorder, source: source, units: units, statusInterval: statusInterval,
                                 now: context.now, say: { context.stdout.write($0) }, warn: { context.stderr.write($0) })
        if let pointLog { loop.pointLog = { FileDescriptorSink(fd: pointLog).write($0) } }
        let path = recorder.store.path
        loop.describeStoreError = { StoreAccess.describe($0, path: path) }
        watchesSignals = context.watchesSignals
    }

    /// Runs until the recording is finished, paused (a signal) or fails.
    mutating func run() -> Outcome {
        let signals = watchesSignals ? SignalWatcher(signals: [SIGINT, SIGTERM, SIGHUP]) : nil
        defer { signals?.cancel() }
        loop.stopSignal = { signals?.pending }
        return loop.run()
    }

    /// Why no position was accepted (``HeadlessRecording/nothingRecordedReason(at:)``).
    func nothingRecordedReason(at now: Date) -> String { loop.nothingRecordedReason(at: now) }
}

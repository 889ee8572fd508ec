import Foundation
import TrailCore
import Localization

/// A ``PositionSource`` reading NMEA 0183 from a serial device or a log file.
///
/// - A serial device (`/dev/ttyUSB0`, `/dev/ttyACM0`) is opened raw (see ``Configuration/baudRate``),
///   read as data arrives, and watched by a ``StaleTimer``. When it fails (receiver unplugged)
///   the source reports `.connection(.disconnected)` and reopens it with ``ReconnectBackoff``.
/// - A regular file is read to its end, then `.ended` carries the ``NMEACounters``. With
///   ``Configuration/speedFactor`` set, fixes are paced by their receiver times divided by the
///   factor (a demo at walking pace or 10× faster); without it they come as fast as they parse.
public final class NMEASource: PausableSource, @unchecked Sendable {
    public struct Configuration: Sendable {
        /// Device or file path.
        public var path: String
        /// Serial speed for a terminal device (4800, 9600, 19200, 38400, 57600, 115200); nil
        /// keeps the device's current speed. Ignored for files.
        public var baudRate: Int?
        /// Replay pacing for files: receiver time runs this many times faster than the clock;
        /// nil (default) reads without pausing.
        public var speedFactor: Double?
        /// Seconds without a fix before `.stale` (devices only).
        public var staleAfter: Double
        /// Longest wait for data before the stale timer and stop requests are checked, seconds.
        public var pollInterval: Double
        /// Reopen delays for a failing device.
        public var backoff: ReconnectBackoff
        /// Files only: fixes at or before this receiver time are not played (neither paced nor
        /// sent), so a resumed recording continues where it stopped instead of feeding the
        /// already-recorded fixes to the filter, which counted them as rejections
        /// (DECISIONS.md 341). nil plays the whole file. Ignored for devices.
        public var playAfter: Date?

        public init(path: String, baudRate: Int? = nil, speedFactor: Double? = nil, staleAfter: Double = 10,
                    pollInterval: Double = 0.25, backoff: ReconnectBackoff = ReconnectBackoff(), playAfter: Date? = nil) {
            self.playAfter = playAfter
            self.path = path
            self.baudRate = baudRate
            self.speedFactor = speedFactor
            self.staleAfter = staleAfter
            self.pollInterval = pollInterval
            self.backoff = backoff
        }
    }

    public let configuration: Configuration
    private let clock: any LiveClock
    private let stopFlag = StopFlag()
    private let pause = PauseGate()

    public init(configuration: Configuration, clock: any LiveClock = SystemClock()) {
        self.configuration = configuration
        self.clock = clock
    }

    /// Pauses (true) or resumes the reading of a log file: no fix is delivered while paused,
    /// and the file carries on where it stopped. A serial device is not paused (its receiver
    /// does not wait); the follower ignores its fixes instead.
    public func setPaused(_ paused: Bool) { pause.set(paused) }

    public func start(_ handler: @escaping @Sendable (PositionEvent) -> Void) {
        stopFlag.startOnce(threadName: "cairn.nmea") { [self] in run(handler) }
    }

    public func stop() { stopFlag.stop() }

    private func run(_ emit: @Sendable (PositionEvent) -> Void) {
        let c = configuration
        var parser = NMEAParser(fallbackDate: clock.now())
        var stale = StaleTimer(staleAfter: c.staleAfter, startedAt: clock.now())
        var backoff = c.backoff
        var attempt = 0
        var pacing = Pacing(speedFactor: c.speedFactor)
        var reportedBad = 0
        while !stopFlag.isStopped {
            attempt += 1
            emit(.connection(.connecting(attempt: attempt)))
            let input: NMEAInput
            do {
                input = try NMEAInput(path: c.path, baudRate: c.baudRate)
            } catch {
                // A path that cannot be opened: fatal for a file, retried for a device.
                if !c.path.hasPrefix("/dev/") {
                    emit(.ended(SourceEnd(reason: error.description, isError: true, nmeaCounters: parser.counters)))
                    return
                }
                waitBeforeRetry(error.description, &backoff, &stale, emit)
                continue
            }
            // TRANSLATORS: where NMEA sentences come from: a serial port's or a log file's path.
            emit(.connection(.connected(detail: input.isTerminal ? L("serial %s", c.path) : L("file %s", c.path))))
            backoff.reset()
            attempt = 0
            var lines = LineBuffer(maximumLineLength: 4096)
            func reportSkipped() {
                guard parser.counters.rejected != reportedBad else { return }
                reportedBad = parser.counters.rejected
                emit(.skippedInput(badSentences: reportedBad, garbageLines: nil))
            }
            func deliver(_ events: [PositionEvent]) {
                for e in events {
                    if case .fix(let f) = e {
                        if !input.isTerminal, let after = c.playAfter, f.time <= after { continue }
                        // A paused log file waits (nothing is lost); a device keeps reading.
                        if !input.isTerminal, !pause.waitWhilePaused(clock: clock, stop: stopFlag) { return }
                        guard pacing.wait(until: f.time, clock: clock, stop: stopFlag) else { return }
                        stale.fixArrived(at: clock.now())
                    }
                    emit(e)
                }
            }
            do {
                reading: while !stopFlag.isStopped {
                    switch try input.read(timeout: c.pollInterval) {
                    case .data(let bytes):
                        for line in lines.append(bytes) {
                            deliver(parser.parse(line: line))
                            reportSkipped()
                        }
                    case .timeout:
                        break
                    case .endOfFile:
                        if let last = lines.flush() { deliver(parser.parse(line: last)) }
                        deliver(parser.finish())
                        reportSkipped()
                        break reading
                    }
                    if input.isTerminal, let e = stale.check(at: clock.now()) { emit(e) }
                }
            } catch {
                waitBeforeRetry(error.description, &backoff, &stale, emit)
                continue
            }
            if stopFlag.isStopped { break }
            emit(.ended(SourceEnd(reason: L("end of file"), nmeaCounters: parser.counters)))
            return
        }
        emit(.ended(SourceEnd(reason: L("stopped"), nmeaCounters: parser.counters)))
    }

    private func waitBeforeRetry(_ reason: String, _ backoff: inout ReconnectBackoff, _ stale: inout StaleTimer,
                                 _ emit: @Sendable (PositionEvent) -> Void) {
        let delay = backoff.next()
        emit(.connection(.disconnected(reason: reason, retryIn: delay)))
        var left = delay
        while left > 0 && !stopFlag.isStopped {
            let step = min(left, configuration.pollInterval)
            clock.sleep(seconds: step)
            left -= step
            if let e = stale.check(at: clock.now()) { emit(e) }
        }
    }
}

/// Paces replayed fixes: waits (fix time − previous fix time) / speed factor before each fix.
struct Pacing {
    let speedFactor: Double?
    private var previous: Date?

    init(speedFactor: Double?) { self.speedFactor = speedFactor }

    /// Sleeps until `time` is due; returns false when stopped meanwhile.
    mutating func wait(until time: Date, clock: any LiveClock, stop: StopFlag) -> Bool {
        defer { previous = time }
        guard let factor = speedFactor, factor > 0, let previous else { return !stop.isStopped }
        let gap = time.timeIntervalSince(previous) / factor
        guard gap > 0 else { return !stop.isStopped }
        return clock.sleep(seconds: gap, unlessStopped: stop)
    }
}

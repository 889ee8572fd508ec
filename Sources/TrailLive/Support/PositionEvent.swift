import Foundation
import TrailCore

/// The state of a source's link to its receiver, shown by the follow screen.
public enum ConnectionState: Hashable, Sendable {
    /// Opening the connection (attempt 1 is the first try).
    case connecting(attempt: Int)
    /// Connected; `detail` is what the other end said about itself (gpsd's release), if anything.
    case connected(detail: String?)
    /// The link failed or was closed; the source tries again after `retryIn` seconds.
    case disconnected(reason: String, retryIn: Double)
}

/// Why a finite source (a file, a replay) stopped delivering.
public struct SourceEnd: Hashable, Sendable {
    /// Human-readable reason ("end of file", "replay finished", an error text).
    public var reason: String
    /// True when the end is an error rather than the natural end of the data.
    public var isError: Bool
    /// NMEA only: counters of the sentences read (nil for other sources).
    public var nmeaCounters: NMEACounters?

    public init(reason: String, isError: Bool = false, nmeaCounters: NMEACounters? = nil) {
        self.reason = reason
        self.isError = isError
        self.nmeaCounters = nmeaCounters
    }
}

/// Something a ``PositionSource`` tells its consumer. In an Elm-style app each event becomes
/// one message to `update`.
public enum PositionEvent: Hashable, Sendable {
    /// A position with coordinates (unfiltered: run it through a `PositionFilter`).
    case fix(PositionFix)
    /// The receiver reports that it has no position (gpsd mode 0/1, GGA quality 0, RMC "V").
    case noFix(mode: FixMode)
    /// Satellites used in the solution and in view, as last reported.
    case satellites(used: Int?, visible: Int?)
    /// No fix has arrived for the source's staleness timeout. `lastFix` is the arrival time of
    /// the last fix (by the source's clock), nil when there was none yet. The next `.fix`
    /// ends the stale state; no separate event is sent for that.
    case stale(lastFix: Date?)
    /// The link to the receiver changed state.
    case connection(ConnectionState)
    /// The source has no more data (end of file, replay done, unrecoverable error). Nothing
    /// follows this event.
    case ended(SourceEnd)
    /// Input the source skipped so far, sent when a count grows: bad NMEA sentences
    /// (``NMEACounters/rejected``) or gpsd lines that were not JSON reports
    /// (``GPSDSession/garbageLines``); nil for a count the source does not keep.
    case skippedInput(badSentences: Int?, garbageLines: Int?)
}

/// A producer of ``PositionEvent``s: gpsd, an NMEA stream or a GPX replay.
///
/// Threading model: `start` launches one background thread that reads the receiver and calls
/// `handler` on that thread, in order, once per event. This fits an Elm-style loop: the
/// runtime's handler only posts `Message.position(event)` into its (thread-safe) message queue,
/// and the pure `update` sees the events in order between key presses and ticks. For `async`
/// code, ``PositionSource/events()`` wraps the same thing as an `AsyncStream`.
///
/// `stop` asks the thread to finish; it returns at once, and the thread ends within about
/// the source's poll interval (gpsd: 0.25 s; replay and backoff waits are sliced). No event is
/// delivered after the handler has seen `.ended`.
public protocol PositionSource: AnyObject, Sendable {
    /// Starts the reader thread. Calling it twice is a programming error and is ignored.
    func start(_ handler: @escaping @Sendable (PositionEvent) -> Void)
    /// Asks the reader thread to stop.
    func stop()
}

extension PositionSource {
    /// The source's events as an `AsyncStream`; cancelling the consuming task stops the source.
    public func events() -> AsyncStream<PositionEvent> {
        AsyncStream { continuation in
            continuation.onTermination = { [self] _ in self.stop() }
            self.start { event in
                continuation.yield(event)
                if case .ended = event { continuation.finish() }
            }
        }
    }
}

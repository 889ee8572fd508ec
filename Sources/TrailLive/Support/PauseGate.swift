import Foundation
import Synchronization

/// A position source whose delivery can be held: a replay or an NMEA log file waits where it
/// is while paused, so a pause loses nothing of the track.
public protocol PausableSource: PositionSource {
    /// Holds (true) or releases the delivery of fixes.
    func setPaused(_ paused: Bool)
}

/// The pause switch of a ``PausableSource``: set from any thread, waited on by the reader thread.
/// `Sendable` checked by the compiler: the switch sits in a `Mutex`.
final class PauseGate: Sendable {
    private let paused = Mutex(false)

    /// How often a paused reader looks at the switch and the stop flag, seconds.
    static let pollInterval = 0.05

    func set(_ value: Bool) { paused.withLock { $0 = value } }

    var isPaused: Bool { paused.withLock { $0 } }

    /// Returns at once when not paused; otherwise sleeps on `clock` until released (true) or
    /// stopped (false).
    func waitWhilePaused(clock: any LiveClock, stop: StopFlag) -> Bool {
        while isPaused {
            if stop.isStopped { return false }
            clock.sleep(seconds: Self.pollInterval)
        }
        return !stop.isStopped
    }
}

import Foundation
import Synchronization

/// The time and waiting a position source uses, injected so tests run without real delays.
///
/// Sources call ``now()`` to stamp arrivals and to judge staleness, and ``sleep(seconds:)`` for
/// reconnect backoff and replay pacing. A test clock advances its time in `sleep` instead of
/// blocking.
public protocol LiveClock: Sendable {
    /// The current instant.
    func now() -> Date
    /// Blocks the calling thread for `seconds` (a test clock just advances).
    func sleep(seconds: Double)
}

/// The wall clock: `Date()` and `Thread.sleep`.
public struct SystemClock: LiveClock {
    public init() {}
    public func now() -> Date { Date() }
    public func sleep(seconds: Double) {
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
    }
}

/// A thread-safe boolean a source's reader thread polls to know it must stop, and the
/// start-once guard of that thread. `Sendable` checked by the compiler: both sit in a `Mutex`.
final class StopFlag: Sendable {
    private let state = Mutex((stopped: false, started: false))
    var isStopped: Bool { state.withLock { $0.stopped } }
    func stop() { state.withLock { $0.stopped = true } }

    /// Runs `body` on a new thread named `name` the first time it is called; later calls do
    /// nothing (a source is started once).
    func startOnce(threadName name: String, _ body: @escaping @Sendable () -> Void) {
        let first = state.withLock { s -> Bool in
            defer { s.started = true }
            return !s.started
        }
        guard first else { return }
        let thread = Thread(block: body)
        thread.name = name
        thread.start()
    }
}

extension LiveClock {
    /// Sleeps `seconds` in slices of at most `slice` seconds, returning early (false) as soon
    /// as `flag` is set. Returns true when the full time elapsed.
    func sleep(seconds: Double, unlessStopped flag: StopFlag, slice: Double = 0.1) -> Bool {
        var left = seconds
        while left > 0 {
            if flag.isStopped { return false }
            let step = Swift.min(left, slice)
            sleep(seconds: step)
            left -= step
        }
        return !flag.isStopped
    }
}

import Dispatch
import Foundation
import Synchronization

/// Watches SIGINT, SIGTERM and SIGHUP without an async-signal-unsafe handler: the signals are
/// ignored at the process level and delivered to a Dispatch source, which records the last one
/// in an atomic. The curses loop polls ``pending`` between input timeouts and leaves cleanly,
/// so the terminal is always restored.
public final class SignalWatcher: @unchecked Sendable {
    private let received = Atomic<Int32>(0)
    private let sources: [DispatchSourceSignal]

    public init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        let queue = DispatchQueue(label: "cairn.signals")
        var made: [DispatchSourceSignal] = []
        for s in signals {
            signal(s, SIG_IGN)
            let src = DispatchSource.makeSignalSource(signal: s, queue: queue)
            made.append(src)
        }
        sources = made
        for (s, src) in zip(signals, made) {
            src.setEventHandler { [weak self] in self?.received.store(s, ordering: .sequentiallyConsistent) }
            src.resume()
        }
    }

    /// The signal received since start, or nil.
    public var pending: Int32? {
        let v = received.load(ordering: .sequentiallyConsistent)
        return v == 0 ? nil : v
    }

    /// Stops watching and restores the default dispositions.
    public func cancel() {
        for s in sources { s.cancel() }
        for s in [SIGINT, SIGTERM, SIGHUP] { signal(s, SIG_DFL) }
    }
}

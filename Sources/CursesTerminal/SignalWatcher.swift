import Dispatch
import Foundation
import Synchronization

/// Watches SIGINT, SIGTERM and SIGHUP without an async-signal-unsafe handler: the signals are
/// ignored at the process level and delivered to a Dispatch source, which records the last one
/// in an atomic. The curses loop polls ``pending`` between input timeouts and leaves cleanly,
/// so the terminal is always restored.
///
/// `init` returns only once every source is registered (or after ``registrationTimeout``):
/// between `SIG_IGN` and the registration, which happens later on Dispatch's manager thread,
/// a signal is discarded by the kernel. Under AddressSanitizer or a loaded machine that window
/// lasted long enough for an early Ctrl-C to be lost and `cairn import` to finish as if
/// never interrupted (DECISIONS.md 195).
public final class SignalWatcher: @unchecked Sendable {
    private let received = Atomic<Int32>(0)
    private let sources: [DispatchSourceSignal]
    private let signals: [Int32]

    public init(signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        let queue = DispatchQueue(label: "cairn.signals")
        var made: [DispatchSourceSignal] = []
        for s in signals {
            signal(s, SIG_IGN)
            let src = DispatchSource.makeSignalSource(signal: s, queue: queue)
            made.append(src)
        }
        sources = made
        self.signals = signals
        let registered = DispatchSemaphore(value: 0)
        for (s, src) in zip(signals, made) {
            src.setEventHandler { [weak self] in self?.received.store(s, ordering: .sequentiallyConsistent) }
            src.setRegistrationHandler { registered.signal() }
            src.resume()
        }
        let deadline = DispatchTime.now() + SignalWatcher.registrationTimeout
        for _ in made { _ = registered.wait(timeout: deadline) }
    }

    /// The longest `init` waits for Dispatch to register the signal sources.
    public static let registrationTimeout: DispatchTimeInterval = .seconds(5)

    /// The signal received since start, or nil.
    public var pending: Int32? {
        let v = received.load(ordering: .sequentiallyConsistent)
        return v == 0 ? nil : v
    }

    /// Stops watching and restores the default dispositions.
    public func cancel() {
        for s in sources { s.cancel() }
        for s in signals { signal(s, SIG_DFL) }
    }
}

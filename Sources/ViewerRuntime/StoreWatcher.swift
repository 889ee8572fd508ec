import Dispatch
import Foundation
import HikeServices
import Synchronization
import TrailApp
import TrailStore

/// Tells the viewer when the hike store changed in another process (DECISIONS 481): once a
/// second, on the hike-store queue, it reads `PRAGMA data_version` on the viewer's own store
/// connection (``StoreChangeDetector``) and sends ``AppMessage/storeChanged`` when another
/// connection committed since. The viewer's own library and review work goes through that
/// connection and does not count; its recorder and walk history have connections of their
/// own, so their writes do (the app ignores the message on the screens that write them).
public final class StoreWatcher: Sendable {
    private let connections: StoreConnections
    private let work = Mutex<RepeatingWork?>(nil)

    public init(_ connections: StoreConnections) { self.connections = connections }

    /// Starts polling every `interval` seconds; `send` gets the message (from the store queue).
    public func start(interval: TimeInterval = 1, send: @escaping EffectPerformer.Send) {
        let w = connections.store.repeating(every: interval) { c in
            // An unreadable store says so on the viewer's next load; the watch just waits.
            guard let store = try? c.store(), (try? c.changes.poll(store)) == true else { return }
            send(.storeChanged)
        }
        work.withLock { $0 = w }
    }

    public func stop() {
        work.withLock { w in
            w?.cancel()
            w = nil
        }
    }
}

import Dispatch
import Foundation
import TrailApp
import TrailStore

/// Tells the viewer when the hike store changed in another process (DECISIONS 481): once a
/// second, on the hike-store queue, it reads `PRAGMA data_version` on the viewer's own store
/// connection (``StoreChangeDetector``) and sends ``AppMessage/storeChanged`` when another
/// connection committed since. The viewer's own library and review work goes through that
/// connection and does not count; its recorder and walk history have connections of their
/// own, so their writes do (the app ignores the message on the screens that write them).
final class StoreWatcher: @unchecked Sendable {
    private let connections: StoreConnections
    private var detector = StoreChangeDetector()  // store queue only
    private var timer: DispatchSourceTimer?

    init(_ connections: StoreConnections) { self.connections = connections }

    /// Starts polling every `interval` seconds; `send` gets the message (from the store queue).
    func start(interval: TimeInterval = 1, send: @escaping EffectPerformer.Send) {
        let t = DispatchSource.makeTimerSource(queue: connections.storeQueue)
        t.schedule(deadline: .now(), repeating: interval, leeway: .milliseconds(100))
        t.setEventHandler { [self] in
            // An unreadable store says so on the viewer's next load; the watch just waits.
            guard let store = try? connections.openStore(), (try? detector.poll(store)) == true else { return }
            send(.storeChanged)
        }
        timer = t
        t.resume()
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }
}

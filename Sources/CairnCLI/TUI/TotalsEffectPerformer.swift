import Foundation
import TrailApp
import TrailStore

/// The Totals screen's store work on the hike-store queue: the walks it counts
/// (``HikeStore/outings()``), answered with the clock's time; a failure as its message.
final class TotalsEffectPerformer: @unchecked Sendable {
    private let connections: StoreConnections

    init(_ connections: StoreConnections) { self.connections = connections }

    func perform(_ effect: TotalsEffect, send: @escaping EffectPerformer.Send) {
        switch effect {
        case .load:
            connections.storeQueue.async { [connections] in
                do {
                    send(.totals(.loaded(try connections.openStore().outings(), now: connections.now())))
                } catch {
                    send(.totals(.failed(reason: "\(error)")))
                }
            }
        }
    }
}

import Foundation
import HikeServices
import TrailApp
import TrailStore
import TrailTerrain

/// The Totals screen's store work on the hike-store queue: the walks it counts
/// (``HikeStore/outings()``), answered with the clock's time; a failure as its message.
final class TotalsEffectPerformer: ScreenEffectPerformer {
    static let kind = AppState.Screen.Kind.totals
    private let connections: StoreConnections

    init(_ connections: StoreConnections) { self.connections = connections }

    func perform(_ effect: TotalsEffect, send: @escaping EffectPerformer.Send) {
        switch effect {
        case .load:
            connections.store.async { [connections] c in
                do {
                    // Each hike's climb as the library gives it (the terrain's where it lacks heights).
                    let store = try c.store()
                    let terrain = c.terrain().map { TerrainElevation(store: $0) }
                    let list = try HikeElevationFigures.outings(try store.outings(), store: store, terrain: terrain)
                    send(.totals(.loaded(list, now: connections.now())))
                } catch {
                    send(.totals(.failed(reason: "\(error)")))
                }
            }
        }
    }
}

import Localization
import Foundation
import TermUI
import TrailCore
import TrailStore

extension CairnApp {
    /// Opens the Routes screen: over the hike screen (its view), or from the library near `around`.
    func openRoutes(_ state: inout AppState, around: BoundingBox?) -> [AppEffect] {
        let origin: HikeModel?
        if case .hike(let h) = state.screen { origin = h } else { origin = nil }
        // Esc goes back to the screen it was opened from (``Navigation/back``).
        state.backStack.append(state.screen)
        state.basemaps.cancel(.hike)
        state.basemaps.cancel(.preview)
        let (model, result) = RoutesFeature.open(origin: origin, around: around, state.context)
        state.screen = .routes(model)
        return apply(result, &state, AppEffect.routes)
    }

    /// An answer for the Routes screen; a hike's completion goes to the hike screen showing it.
    func routesMessage(_ state: inout AppState, _ message: RoutesMessage) -> [AppEffect] {
        if case .completion(.hike(let id), let figures) = message {
            if var hike = state.hike, hike.id == id {
                hike.screen.completion = figures
                state.hike = hike
            }
            return []
        }
        if case .opened(let id, let status) = message {
            state.status = StatusMessage(text: status, isError: false, acrossScreens: true)  // said on the hike it opens
            return navigate(&state, to: .openRecorded(id))
        }
        guard var model = state.screen.routesModel else {
            if case .failed(let reason) = message { state.status = StatusMessage(text: L("Routes: %s", reason), isError: true) }
            return []
        }
        let result = RoutesFeature.message(&model, message, state.context)
        state.screen = .routes(model)
        return apply(result, &state, AppEffect.routes)
    }

    /// The opened hike's trail completion over every other walk and recording near it.
    func askCompletion(_ id: HikeID, _ prepared: PreparedHike) -> AppEffect {
        .routes(.completion(key: .hike(id), runs: prepared.segmentCoordinates.filter { $0.count >= 2 }, excluding: id))
    }
}

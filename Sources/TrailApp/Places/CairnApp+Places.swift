import Foundation
import TermUI
import TrailCore

extension CairnApp {
    /// An answer for the Places screen; a change of the hike's places also reaches the hike
    /// screen when Places was left before it arrived.
    func placesMessage(_ state: inout AppState, _ message: PlacesMessage) -> [AppEffect] {
        switch state.screen {
        case .places(var model):
            let result = PlacesFeature.message(&model, message)
            state.screen = .places(model)
            return apply(result, &state, AppEffect.places)
        default:
            if case .stored(let id, let places, let status) = message, var hike = state.hike, hike.id == id {
                hike.screen.setPlaces(places)
                state.hike = hike
                state.status = StatusMessage(text: status, isError: false)
            } else if case .failed(let reason) = message {
                state.status = StatusMessage(text: "Places: \(reason)", isError: true)
            }
            return []
        }
    }

    /// A prompt of the Places screen answered.
    func placesPromptAccepted(_ state: inout AppState, _ prompt: PlacesPrompt, _ text: String) -> [AppEffect] {
        guard case .places(var model) = state.screen else { return [] }
        let result = PlacesFeature.promptAccepted(&model, prompt, text)
        state.screen = .places(model)
        return apply(result, &state, AppEffect.places)
    }
}

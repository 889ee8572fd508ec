import Localization
import Foundation
import TermUI
import TrailCore

extension CairnApp {
    /// An answer for the Places screen; a change of the hike's places also reaches the hike
    /// screen when Places was left before it arrived.
    func placesMessage(_ state: inout AppState, _ message: PlacesMessage) -> [AppEffect] {
        if var model = state.screen.placesModel {
            let result = PlacesFeature.message(&model, message)
            state.screen = .places(model)
            return apply(result, &state, AppEffect.places)
        }
        switch state.screen {
        case .record(var model):
            // A place of one's own added where the recording stands.
            if case .stored(let id, let places, let status) = message, id == model.hikeID {
                model.places = places
                state.screen = .record(model)
                state.status = StatusMessage(text: status, isError: false)
            } else if case .failed(let reason) = message {
                state.status = StatusMessage(text: L("Places: %s", reason), isError: true)
            }
            return []
        default:
            if case .stored(let id, let places, let status) = message, var hike = state.hike, hike.id == id {
                hike.screen.setPlaces(places)
                state.hike = hike
                state.status = StatusMessage(text: status, isError: false)
            } else if case .failed(let reason) = message {
                state.status = StatusMessage(text: L("Places: %s", reason), isError: true)
            }
            return []
        }
    }

    /// A places prompt answered (Enter; `text` may be empty). A place of one's own is named,
    /// then noted, then added where it was asked for.
    func placesPromptAccepted(_ state: inout AppState, _ prompt: PlacesPrompt, _ text: String) -> [AppEffect] {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        switch prompt {
        case .ownName(var place, let target):
            guard !value.isEmpty else {
                state.status = StatusMessage(text: L("No name: nothing added"), isError: false)
                return []
            }
            place.name = value
            state.modal = .prompt(PromptModel(purpose: .places(.ownNote(place, target)),
                                              title: L("Note for “%s” (Enter: none)", TextFit.truncate(TextSanitizer.sanitize(value), toWidth: 30))))
            return []
        case .ownNote(var place, let target):
            place.note = value.isEmpty ? nil : value
            switch target {
            case .hike(let id):
                state.status = StatusMessage(text: L("Adding your place…"), isError: false)
                return [.places(.add(id, place))]
            case .drawing:
                return runDrawing(&state) { $0.addOwnPlace(place) }
            case .placesScreen:
                guard var model = state.screen.placesModel else { return [] }
                let result = PlacesFeature.change(&model, .add(model.hike.id, place))
                state.screen = .places(model)
                return apply(result, &state, AppEffect.places)
            }
        case .rename, .note: break
        }
        guard var model = state.screen.placesModel else { return [] }
        let result = PlacesFeature.promptAccepted(&model, prompt, text)
        state.screen = .places(model)
        return apply(result, &state, AppEffect.places)
    }
}

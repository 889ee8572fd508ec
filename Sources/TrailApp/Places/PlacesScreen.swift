import TermUI

/// The Places screen as the root sees it (``AppScreen``); its logic is ``PlacesFeature``'s.
enum PlacesScreen: AppScreen {
    static let kind = AppState.Screen.Kind.places

    static func message(in message: AppMessage) -> PlacesMessage? {
        if case .places(let m) = message { return m }
        return nil
    }

    static func effect(_ effect: PlacesEffect) -> AppEffect { .places(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard case .places(var model) = state.screen else { return [] }
        let result = PlacesFeature.update(&model, event, state.context)
        state.screen = .places(model)
        return app.apply(result, &state, effect)
    }

    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: PlacesMessage) -> [AppEffect] {
        app.placesMessage(&state, message)
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        guard case .places(let model) = state.screen else { return }
        PlacesView.render(model: model, environment: state.environment, area: layout.content, into: &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String { hintLine(PlacesAction.keyMap.hints) }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.places }

    /// The map is the hike's the screen carries.
    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect] { HikeScreen.relayout(app, &state) }
}

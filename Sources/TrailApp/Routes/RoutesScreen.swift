import TermUI

/// The Routes screen as the root sees it (``AppScreen``); its logic is ``RoutesFeature``'s.
enum RoutesScreen: AppScreen {
    static let kind = AppState.Screen.Kind.routes

    static func message(in message: AppMessage) -> RoutesMessage? {
        if case .routes(let m) = message { return m }
        return nil
    }

    static func effect(_ effect: RoutesEffect) -> AppEffect { .routes(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard case .routes(var model) = state.screen else { return [] }
        let result = RoutesFeature.update(&model, event, state.context)
        if case .routes = state.screen { state.screen = .routes(model) }
        return app.apply(result, &state, effect)
    }

    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: RoutesMessage) -> [AppEffect] {
        app.routesMessage(&state, message)
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        guard case .routes(let model) = state.screen else { return }
        RoutesView.render(model: model, environment: state.environment, area: layout.content, into: &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String { hintLine(RoutesAction.keyMap.hints) }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.routes }
}

import TermUI

/// The Totals screen as the root sees it (``AppScreen``); its logic is ``TotalsFeature``'s.
enum TotalsScreen: AppScreen {
    static let kind = AppState.Screen.Kind.totals

    static func message(in message: AppMessage) -> TotalsMessage? {
        if case .totals(let m) = message { return m }
        return nil
    }

    static func effect(_ effect: TotalsEffect) -> AppEffect { .totals(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard case .totals(var model) = state.screen else { return [] }
        let result = TotalsFeature.update(&model, event, state.context)
        if case .totals = state.screen { state.screen = .totals(model) }
        return app.apply(result, &state, effect)
    }

    /// The walks read (dropped when the screen has closed).
    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: TotalsMessage) -> [AppEffect] {
        guard case .totals(var model) = state.screen else { return [] }
        let result: FeatureResult<TotalsEffect>
        switch message {
        case .loaded(let list, let now): result = TotalsFeature.loaded(&model, list, now: now, state.context)
        case .failed(let reason): result = TotalsFeature.failed(&model, reason)
        }
        state.screen = .totals(model)
        return app.apply(result, &state, effect)
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        guard case .totals(let model) = state.screen else { return }
        TotalsScreenView.render(model: model, environment: state.environment, area: layout.content, into: &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String { hintLine(TotalsAction.keyMap.hints) }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.totals }
}

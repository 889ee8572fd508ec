import TermUI

/// The Totals screen as the root sees it (``AppScreen``); its logic is ``TotalsFeature``'s.
/// The root does not name it (DECISIONS 801): its kind, state, messages, effects and opening
/// are declared below, and it is listed once in ``CairnApp/screens``.
enum TotalsScreen: AppScreen {
    static let kind = AppState.Screen.Kind.totals

    static func message(in message: AppMessage) -> TotalsMessage? { registeredMessage(in: message) }

    static func effect(_ effect: TotalsEffect) -> AppEffect { .totals(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard var model = state.screen.totalsModel else { return [] }
        let result = TotalsFeature.update(&model, event, state.context)
        if state.screen.kind == .totals { state.screen = .totals(model) }
        return app.apply(result, &state, effect)
    }

    /// The walks read (dropped when the screen has closed).
    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: TotalsMessage) -> [AppEffect] {
        guard var model = state.screen.totalsModel else { return [] }
        let result: FeatureResult<TotalsEffect>
        switch message {
        case .loaded(let list, let now): result = TotalsFeature.loaded(&model, list, now: now, state.context)
        case .failed(let reason): result = TotalsFeature.failed(&model, reason)
        }
        state.screen = .totals(model)
        return app.apply(result, &state, effect)
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        guard let model = state.screen.totalsModel else { return }
        TotalsScreenView.render(model: model, environment: state.environment, area: layout.content, into: &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String { hintLine(TotalsAction.keyMap.hints) }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.totals }

    /// A record's hike opened from here goes back here on Esc.
    static let staysUnderOpenedHike = true

    /// Opens the screen afresh, reading the walks: nothing under it (Esc goes to the library),
    /// and no other screen's map data kept.
    static func open(_ app: CairnApp, _ state: inout AppState, _ request: any Sendable) -> [AppEffect] {
        state.basemaps.cancel(.hike)
        state.basemaps.cancel(.drawing)
        state.backStack = []
        state.screen = .totals(TotalsModel())
        return [.totals(.load)]
    }
}

// The Totals screen's registration: what the rest of the app and the runtime write and read.

extension AppState.Screen.Kind {
    /// The Totals screen (`T` from the library).
    public static let totals = Self("totals")
}

extension AppState.Screen {
    /// The Totals screen with `model`.
    public static func totals(_ model: TotalsModel) -> Self { .registered(ScreenState(.totals, model)) }
    /// The Totals screen's model when it shows.
    public var totalsModel: TotalsModel? { model(of: .totals) }
}

extension AppMessage {
    /// An answer for the Totals screen.
    public static func totals(_ message: TotalsMessage) -> Self { .screen(ScreenMessage(.totals, message)) }
    /// The Totals screen's answer inside this message, nil for any other.
    public var totalsMessage: TotalsMessage? {
        guard case .screen(let m) = self, m.kind == .totals else { return nil }
        return m.value as? TotalsMessage
    }
}

extension AppEffect {
    /// The Totals screen's store work.
    public static func totals(_ effect: TotalsEffect) -> Self { .screen(ScreenEffect(.totals, effect)) }
    /// The Totals screen's work inside this effect, nil for any other.
    public var totalsEffect: TotalsEffect? {
        guard case .screen(let e) = self, e.kind == .totals else { return nil }
        return e.value as? TotalsEffect
    }
}

extension Navigation {
    /// The Totals screen, reading the walks.
    static var totals: Self { .open(ScreenOpening(kind: .totals, request: ())) }
}

extension HelpText {
    public static var totals: [HelpLine] { TotalsAction.keyMap.helpLines() + global }
}

import TermUI

/// The Places screen as the root sees it (``AppScreen``); its logic is ``PlacesFeature``'s.
/// The root does not name it (DECISIONS 801): its kind, state, messages, effects and opening
/// are declared below, and it is listed once in ``CairnApp/screens``. Its model carries the
/// hike it goes back to (``CarriesHike``).
enum PlacesScreen: AppScreen {
    static let kind = AppState.Screen.Kind.places

    static func message(in message: AppMessage) -> PlacesMessage? { registeredMessage(in: message) }

    static func effect(_ effect: PlacesEffect) -> AppEffect { .places(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard var model = state.screen.placesModel else { return [] }
        let result = PlacesFeature.update(&model, event, state.context)
        state.screen = .places(model)
        return app.apply(result, &state, effect)
    }

    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: PlacesMessage) -> [AppEffect] {
        app.placesMessage(&state, message)
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        guard let model = state.screen.placesModel else { return }
        PlacesView.render(model: model, environment: state.environment, area: layout.content, into: &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String { hintLine(PlacesAction.keyMap.hints) }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.places }

    /// The map is the hike's the screen carries.
    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect] { HikeScreen.relayout(app, &state) }

    /// Opens over the hike screen's hike, or (`request` a ``DrawModel``) over the route being
    /// drawn; its first search asked for.
    static func open(_ app: CairnApp, _ state: inout AppState, _ request: any Sendable) -> [AppEffect] {
        let model: PlacesModel, result: FeatureResult<PlacesEffect>
        if let drawing = request as? DrawModel {
            guard let opened = PlacesFeature.open(drawing: drawing, within: state.placesWithin, context: state.context) else { return [] }
            (model, result) = opened
        } else {
            guard case .hike(let hike) = state.screen else { return [] }
            (model, result) = PlacesFeature.open(hike, within: state.placesWithin)
        }
        state.screen = .places(model)
        return app.apply(result, &state, effect)
    }
}

// The Places screen's registration: what the rest of the app and the runtime write and read.

extension PlacesModel: CarriesHike {}

extension AppState.Screen.Kind {
    /// The places along the open hike, or the route being drawn.
    public static let places = Self("places")
}

extension AppState.Screen {
    /// The Places screen with `model`.
    public static func places(_ model: PlacesModel) -> Self { .registered(ScreenState(.places, model)) }
    /// The Places screen's model when it shows.
    public var placesModel: PlacesModel? { model(of: .places) }
}

extension AppMessage {
    /// Results for the Places screen (and the hike's places, for the hike, follow and record screens).
    public static func places(_ message: PlacesMessage) -> Self { .screen(ScreenMessage(.places, message)) }
    /// The Places answer inside this message, nil for any other.
    public var placesMessage: PlacesMessage? {
        guard case .screen(let m) = self, m.kind == .places else { return nil }
        return m.value as? PlacesMessage
    }
}

extension AppEffect {
    /// Places: the map search, the hike's places in the store.
    public static func places(_ effect: PlacesEffect) -> Self { .screen(ScreenEffect(.places, effect)) }
    /// The Places work inside this effect, nil for any other.
    public var placesEffect: PlacesEffect? {
        guard case .screen(let e) = self, e.kind == .places else { return nil }
        return e.value as? PlacesEffect
    }
}

extension Navigation {
    /// The Places screen over the open hike (its first search asked for).
    static var places: Self { .open(ScreenOpening(kind: .places, request: ())) }
    /// The Places screen over the route being drawn.
    static func placesOverDrawing(_ drawing: DrawModel) -> Self { .open(ScreenOpening(kind: .places, request: drawing)) }
}

extension HelpText {
    public static var places: [HelpLine] { PlacesAction.keyMap.helpLines() + global }
}

import TermUI
import TrailCore
import TrailMap

/// The Routes screen as the root sees it (``AppScreen``); its logic is ``RoutesFeature``'s.
/// The root does not name it (DECISIONS 801): its kind, state, messages, effects, map data and
/// opening are declared below, and it is listed once in ``CairnApp/screens``.
enum RoutesScreen: AppScreen {
    static let kind = AppState.Screen.Kind.routes

    static func message(in message: AppMessage) -> RoutesMessage? { registeredMessage(in: message) }

    static func effect(_ effect: RoutesEffect) -> AppEffect { .routes(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard var model = state.screen.routesModel else { return [] }
        let result = RoutesFeature.update(&model, event, state.context)
        if state.screen.kind == .routes { state.screen = .routes(model) }
        return app.apply(result, &state, effect)
    }

    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: RoutesMessage) -> [AppEffect] {
        app.routesMessage(&state, message)
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        guard let model = state.screen.routesModel else { return }
        RoutesView.render(model: model, environment: state.environment, area: layout.content, into: &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String { hintLine(RoutesAction.keyMap.hints) }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.routes }

    static func open(_ app: CairnApp, _ state: inout AppState, _ request: any Sendable) -> [AppEffect] {
        app.openRoutes(&state, around: request as? BoundingBox)
    }

    static func basemapArrived(_ state: inout AppState, _ basemap: MapBasemap) {
        guard var m = state.screen.routesModel else { return }
        m.basemap = basemap
        state.screen = .routes(m)
    }
}

// The Routes screen's registration: what the rest of the app and the runtime write and read.

extension AppState.Screen.Kind {
    /// The Routes screen.
    public static let routes = Self("routes")
}

extension AppState.Screen {
    /// The Routes screen with `model`.
    public static func routes(_ model: RoutesModel) -> Self { .registered(ScreenState(.routes, model)) }
    /// The Routes screen's model when it shows.
    public var routesModel: RoutesModel? { model(of: .routes) }
}

extension AppMessage {
    /// An answer for the Routes screen (or a completion for the hike screen).
    public static func routes(_ message: RoutesMessage) -> Self { .screen(ScreenMessage(.routes, message)) }
}

extension AppEffect {
    /// Work of the Routes screen (and the hike screen's completion).
    public static func routes(_ effect: RoutesEffect) -> Self { .screen(ScreenEffect(.routes, effect)) }
    /// The Routes screen's work inside this effect, nil for any other.
    public var routesEffect: RoutesEffect? {
        guard case .screen(let e) = self, e.kind == .routes else { return nil }
        return e.value as? RoutesEffect
    }
}

extension BasemapRequests.Target {
    /// The Routes screen's map.
    public static var routes: Self { .screen(.routes) }
}

extension Navigation {
    /// The Routes screen near the hike screen's view, or (from the library) near this box.
    static func routes(around box: BoundingBox?) -> Self { .open(ScreenOpening(kind: .routes, request: box)) }
}

extension HelpText {
    public static var routes: [HelpLine] { RoutesAction.keyMap.helpLines() + global }
}

import TermUI
import TrailMap

/// One screen of the viewer as the root sees it (DECISIONS 700): its keys, its answers from
/// the runtime, its drawing, its status-line hints and `?` help, and what it does when the
/// store changes or the terminal is resized. Each screen's conformance lives in the screen's
/// folder (`Totals/TotalsScreen.swift`…) and is listed once in ``CairnApp/screens``; the root
/// (``CairnApp/update(_:_:)``, ``CairnApp/view(_:width:height:)``, ``HelpText``, the store
/// changes) looks the showing screen up there instead of switching over every screen.
///
/// A screen's logic is the feature idiom: a `XFeature` changes only the screen's model and
/// hands back a ``FeatureResult`` the root carries out (``CairnApp/apply(_:_:_:)``).
protocol AppScreen {
    /// The screen's own answers from the runtime (its case of ``AppMessage``); `Never` when it has none.
    associatedtype Message
    /// The screen's own work for the runtime (its case of ``AppEffect``); `Never` when it has none.
    associatedtype Effect

    /// Which screen (``AppState/Screen/kind``).
    static var kind: AppState.Screen.Kind { get }
    /// The screen's message inside `message`, nil when it is another's.
    static func message(in message: AppMessage) -> Message?
    /// The screen's work as the app's.
    static func effect(_ effect: Effect) -> AppEffect
    /// A key or mouse event while the screen shows (the terminal is big enough, no dialog is open).
    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect]
    /// One of the screen's messages; it may arrive after the screen closed.
    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: Message) -> [AppEffect]
    /// Draws the screen in `layout.content` (the status line and dialogs are the root's).
    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer)
    /// The status line's key hints when no message shows.
    static func statusHint(_ app: CairnApp, _ state: AppState) -> String
    /// The `?` help while the screen shows (its key maps, with the root's keys last).
    static func help(_ state: AppState) -> [HelpLine]
    /// False for a screen that writes the store itself (recording, following, drawing): a
    /// change by another process is not read while it shows (its own writes come back as changes).
    static var readsStoreChanges: Bool { get }
    /// The open hike's summary changed in another process (and the hike still exists) while
    /// the screen shows.
    static func openHikeChanged(_ app: CairnApp, _ state: inout AppState, _ hike: HikeModel) -> [AppEffect]
    /// After a resize: the screen fits its new size.
    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect]
    /// Opens the screen for ``Navigation/open(_:)`` with its own `request` (the Routes
    /// screen's box…): sets ``AppState/screen`` and asks for its first work.
    static func open(_ app: CairnApp, _ state: inout AppState, _ request: any Sendable) -> [AppEffect]
    /// Map data the screen asked for (``BasemapRequests/Target/screen(_:)``) arrived.
    static func basemapArrived(_ state: inout AppState, _ basemap: MapBasemap)
    /// True for a screen a hike is opened from afresh that Esc on that hike goes back to (the
    /// navigation stack keeps it under the hike); false: the hike goes back to the library.
    static var staysUnderOpenedHike: Bool { get }
}

extension AppScreen {
    static var readsStoreChanges: Bool { true }
    static func openHikeChanged(_ app: CairnApp, _ state: inout AppState, _ hike: HikeModel) -> [AppEffect] { [] }
    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect] { [] }
    static func open(_ app: CairnApp, _ state: inout AppState, _ request: any Sendable) -> [AppEffect] { [] }
    static func basemapArrived(_ state: inout AppState, _ basemap: MapBasemap) {}
    static var staysUnderOpenedHike: Bool { false }

    /// `message` to this screen when it is the screen's (nil when it is not).
    static func route(_ app: CairnApp, _ state: inout AppState, _ message: AppMessage) -> [AppEffect]? {
        guard let own = self.message(in: message) else { return nil }
        return receive(app, &state, own)
    }
}

extension AppScreen where Message: Sendable {
    /// The message of a registered screen (``AppMessage/screen(_:)``) when it is this screen's.
    static func registeredMessage(in message: AppMessage) -> Message? {
        guard case .screen(let m) = message, m.kind == kind else { return nil }
        return m.value as? Message
    }
}

extension AppScreen where Message == Never {
    static func message(in message: AppMessage) -> Never? { nil }
    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: Never) -> [AppEffect] {}
}

extension AppScreen where Effect == Never {
    static func effect(_ effect: Never) -> AppEffect {}
}

extension CairnApp {
    /// Every screen of the viewer, registered once: a new screen is its folder and a line here
    /// (and its effect performer's line in ViewerRuntime's ``EffectPerformer``, DECISIONS 801).
    static var screens: [any AppScreen.Type] {
        [LibraryScreen.self, HikeScreen.self, DrawScreen.self, FollowScreen.self, RecordScreen.self,
         PlacesScreen.self, TotalsScreen.self, ReviewScreen.self, RoutesScreen.self]
    }

    /// The registered screen of `kind`.
    static func screen(_ kind: AppState.Screen.Kind) -> any AppScreen.Type {
        guard let screen = screens.first(where: { $0.kind == kind }) else {
            preconditionFailure("screen \(kind) is not registered in CairnApp.screens")
        }
        return screen
    }

    /// `message` to the screen whose message it is; nil when it is no screen's.
    func routeToScreen(_ message: AppMessage, _ state: inout AppState) -> [AppEffect]? {
        for screen in Self.screens {
            if let effects = screen.route(self, &state, message) { return effects }
        }
        return nil
    }
}

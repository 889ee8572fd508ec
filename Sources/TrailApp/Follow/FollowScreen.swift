import TermUI

/// The follow screen as the root sees it (``AppScreen``); its logic is ``FollowUpdate``'s.
enum FollowScreen: AppScreen {
    static let kind = AppState.Screen.Kind.follow
    /// Following writes the walk to the store itself.
    static let readsStoreChanges = false

    static func message(in message: AppMessage) -> FollowMessage? {
        if case .follow(let m) = message { return m }
        return nil
    }

    static func effect(_ effect: FollowEffect) -> AppEffect { .follow(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        app.runFollowing(&state) { $0.updateFollowKeys(event) }
    }

    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: FollowMessage) -> [AppEffect] {
        app.runFollowing(&state) { $0.updateFollow(message) }
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        app.renderFollow(state, layout.content, &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String { app.followStatusHint(state) }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.follow(in: state.environment.canvasMode) }

    /// The map is the hike's under the screen.
    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect] { HikeScreen.relayout(app, &state) }
}

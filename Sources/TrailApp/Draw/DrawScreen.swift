import TermUI

/// The drawing screen as the root sees it (``AppScreen``); its logic is ``DrawUpdate``'s.
enum DrawScreen: AppScreen {
    static let kind = AppState.Screen.Kind.draw
    /// The drawing writes its draft to the store itself.
    static let readsStoreChanges = false

    static func message(in message: AppMessage) -> DrawMessage? {
        if case .draw(let m) = message { return m }
        return nil
    }

    static func effect(_ effect: DrawEffect) -> AppEffect { .draw(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        app.runDrawing(&state, keyTime: app.keyClock?()) { $0.updateDraw(event) }
    }

    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: DrawMessage) -> [AppEffect] {
        app.runDrawing(&state) { $0.drawMessage(message) }
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        guard let model = state.drawing else { return }
        DrawScreenView.render(model: model, environment: state.environment, area: layout.content, into: &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String { app.drawStatusHint(state) }

    /// The map's keys or the stop list's first, as focused; only the moving keys while a stop moves.
    static func help(_ state: AppState) -> [HelpLine] {
        guard let m = state.drawing else { return HelpText.drawMap }
        if m.moving != nil { return HelpText.drawMoving }
        return m.focus == .list ? HelpText.drawList : HelpText.drawMap
    }

    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect] {
        guard state.drawing != nil else { return [] }
        return app.runDrawing(&state) { $0.relayoutDraw() }
    }
}

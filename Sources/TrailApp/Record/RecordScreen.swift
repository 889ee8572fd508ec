import TermUI

/// The recording screen as the root sees it (``AppScreen``); its logic is ``RecordFeature``'s.
enum RecordScreen: AppScreen {
    static let kind = AppState.Screen.Kind.record
    /// The recorder writes to the store itself.
    static let readsStoreChanges = false

    static func message(in message: AppMessage) -> RecordMessage? {
        if case .record(let m) = message { return m }
        return nil
    }

    static func effect(_ effect: RecordEffect) -> AppEffect { .record(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        let context = state.context
        return app.runRecording(&state) { RecordFeature.update(&$0, event, context) }
    }

    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: RecordMessage) -> [AppEffect] {
        app.updateRecord(&state, message)
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        app.renderRecord(state, layout.content, &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String {
        app.recordModel(state).map(app.recordStatusHint) ?? ""
    }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.record(in: state.environment.canvasMode) }

    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect] {
        let context = state.context
        return app.runRecording(&state) { RecordFeature.relayout(&$0, context) }
    }
}

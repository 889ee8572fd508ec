import Localization
import TermUI

/// The library as the root sees it (``AppScreen``): its model is ``AppState/library``, which
/// outlives the screen.
enum LibraryScreen: AppScreen {
    static let kind = AppState.Screen.Kind.library

    static func message(in message: AppMessage) -> LibraryMessage? {
        if case .library(let m) = message { return m }
        return nil
    }

    static func effect(_ effect: LibraryEffect) -> AppEffect { .library(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        let context = state.context
        return app.apply(LibraryFeature.update(&state.library, event, context), &state, effect)
    }

    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: LibraryMessage) -> [AppEffect] {
        app.apply(LibraryFeature.stored(&state.library, message), &state, effect)
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        app.renderLibrary(state, layout, &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String {
        let n = state.library.visible.count, all = state.library.all.count
        var left = (n == all ? Ln("%d hike", "%d hikes", all, all) : Ln("%d of %d hike", "%d of %d hikes", all, n, all))
            + (state.library.filter.isEmpty ? "" : " " + L("matching “%s”", state.library.filter))
            + " · " + L("sorted by %s", HikeSortWords.word(state.library.sort)) + " · " + hintLine(LibraryAction.keyMap.hints)
        if let draft = state.draw.storedDraft, !draft.isEmpty { left = CairnApp.draftNotice(draft) + " · " + left }
        return left
    }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.library }

    /// The preview is read again at the new size.
    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect] {
        state.library.previewID = nil
        return app.previewEffects(&state)
    }
}

import Localization
import TermUI

/// The match review as the root sees it (``AppScreen``); its logic is ``ReviewFeature``'s.
enum ReviewScreen: AppScreen {
    static let kind = AppState.Screen.Kind.review

    static func message(in message: AppMessage) -> ReviewMessage? {
        if case .review(let m) = message { return m }
        return nil
    }

    static func effect(_ effect: ReviewEffect) -> AppEffect { .review(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard case .review(var model) = state.screen else { return [] }
        let result = ReviewFeature.update(&model, event, state.context)
        if case .review = state.screen { state.screen = .review(model) }
        return app.apply(result, &state, effect)
    }

    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: ReviewMessage) -> [AppEffect] {
        app.reviewMessage(&state, message)
    }

    /// A status message wrapped onto rows above the status line would hide the review's keys
    /// and lengths: the review is drawn above it (DECISIONS 480).
    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        guard case .review(let model) = state.screen else { return }
        var area = layout.content
        area.height = max(0, area.height - app.statusOverflowRows(state, layout))
        ReviewView.render(model: model, environment: state.environment, area: area, into: &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String { hintLine(ReviewAction.keyMap.hints) }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.review }

    /// The review's line version may have moved: leaving it reads the hike again.
    static func openHikeChanged(_ app: CairnApp, _ state: inout AppState, _ hike: HikeModel) -> [AppEffect] {
        guard case .review(var model) = state.screen else { return [] }
        model.changed = true
        state.screen = .review(model)
        let name = TextSanitizer.sanitize(hike.screen.hike.name)
        state.status = StatusMessage(text: L("“%s” was changed in another process: Esc shows it as stored now", name), isError: false)
        return []
    }

    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect] {
        guard case .review(var model) = state.screen else { return [] }
        let result = ReviewFeature.relayout(&model, state.context)
        state.screen = .review(model)
        return app.apply(result, &state, effect)
    }
}

import Localization
import TermUI

/// The match review as the root sees it (``AppScreen``); its logic is ``ReviewFeature``'s.
/// The root does not name it (DECISIONS 801): its kind, state, messages, effects and opening
/// are declared below, and it is listed once in ``CairnApp/screens``. Its model carries the
/// hike it reviews (``CarriesHike``).
enum ReviewScreen: AppScreen {
    static let kind = AppState.Screen.Kind.review

    static func message(in message: AppMessage) -> ReviewMessage? { registeredMessage(in: message) }

    static func effect(_ effect: ReviewEffect) -> AppEffect { .review(effect) }

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard var model = state.screen.reviewModel else { return [] }
        let result = ReviewFeature.update(&model, event, state.context)
        if state.screen.kind == .review { state.screen = .review(model) }
        return app.apply(result, &state, effect)
    }

    static func receive(_ app: CairnApp, _ state: inout AppState, _ message: ReviewMessage) -> [AppEffect] {
        app.reviewMessage(&state, message)
    }

    /// A status message wrapped onto rows above the status line would hide the review's keys
    /// and lengths: the review is drawn above it (DECISIONS 480).
    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        guard let model = state.screen.reviewModel else { return }
        var area = layout.content
        area.height = max(0, area.height - app.statusOverflowRows(state, layout))
        ReviewView.render(model: model, environment: state.environment, area: area, into: &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String { hintLine(ReviewAction.keyMap.hints) }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.review }

    /// The review's line version may have moved: leaving it reads the hike again.
    static func openHikeChanged(_ app: CairnApp, _ state: inout AppState, _ hike: HikeModel) -> [AppEffect] {
        guard var model = state.screen.reviewModel else { return [] }
        model.changed = true
        state.screen = .review(model)
        let name = TextSanitizer.sanitize(hike.screen.hike.name)
        state.status = StatusMessage(text: L("“%s” was changed in another process: Esc shows it as stored now", name), isError: false)
        return []
    }

    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect] {
        guard var model = state.screen.reviewModel else { return [] }
        let result = ReviewFeature.relayout(&model, state.context)
        state.screen = .review(model)
        return app.apply(result, &state, effect)
    }

    /// Opens the review of the hike the hike screen shows (nothing from any other screen).
    static func open(_ app: CairnApp, _ state: inout AppState, _ request: any Sendable) -> [AppEffect] {
        guard case .hike(let hike) = state.screen else { return [] }
        let (model, result) = ReviewFeature.open(hike)
        state.screen = .review(model)
        return app.apply(result, &state, effect)
    }
}

// The match review's registration: what the rest of the app and the runtime write and read.

extension ReviewModel: CarriesHike {}

extension AppState.Screen.Kind {
    /// The match review over the open hike (`m` on the hike screen).
    public static let review = Self("review")
}

extension AppState.Screen {
    /// The match review with `model`.
    public static func review(_ model: ReviewModel) -> Self { .registered(ScreenState(.review, model)) }
    /// The match review's model when it shows.
    public var reviewModel: ReviewModel? { model(of: .review) }
}

extension AppMessage {
    /// An answer for the match review.
    public static func review(_ message: ReviewMessage) -> Self { .screen(ScreenMessage(.review, message)) }
}

extension AppEffect {
    /// The match review's work: the match, the line versions in the store.
    public static func review(_ effect: ReviewEffect) -> Self { .screen(ScreenEffect(.review, effect)) }
    /// The match review's work inside this effect, nil for any other.
    public var reviewEffect: ReviewEffect? {
        guard case .screen(let e) = self, e.kind == .review else { return nil }
        return e.value as? ReviewEffect
    }
}

extension Navigation {
    /// The match review of the hike the hike screen shows.
    static var review: Self { .open(ScreenOpening(kind: .review, request: ())) }
}

extension HelpText {
    public static var review: [HelpLine] { ReviewAction.keyMap.helpLines() + global }
}

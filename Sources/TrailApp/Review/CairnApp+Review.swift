import Localization
import Foundation
import TermUI

extension CairnApp {
    /// An answer for the match review screen (dropped when the screen has closed).
    func reviewMessage(_ state: inout AppState, _ message: ReviewMessage) -> [AppEffect] {
        guard var model = state.screen.reviewModel else {
            if case .failed(let reason) = message { state.status = StatusMessage(text: L("Match review: %s", reason), isError: true) }
            return []
        }
        let result = ReviewFeature.message(&model, message, state.context)
        state.screen = .review(model)
        return apply(result, &state, AppEffect.review)
    }
}

import Localization
import TermUI

/// The hike screen as the root sees it (``AppScreen``). Its answers (the hike read, its map
/// data) are the root's, since the library's preview shares them.
enum HikeScreen: AppScreen {
    typealias Message = Never
    typealias Effect = Never
    static let kind = AppState.Screen.Kind.hike

    static func input(_ app: CairnApp, _ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard var hike = state.hike else { return [] }
        if hike.screen.photoStrip != nil, case .key(let key) = event, let action = PhotoStripAction.keyMap.action(for: key) {
            let (result, effects) = PhotoStripFeature.update(&hike, action, state.context)
            state.hike = hike
            return app.apply(result, &state, noEffect) + effects
        }
        let result = HikeFeature.update(&hike, event, state.context)
        state.hike = hike
        return app.apply(result, &state, noEffect)
    }

    static func render(_ app: CairnApp, _ state: AppState, _ layout: AppLayout, into buffer: inout Buffer) {
        guard let hike = state.hike else { return }
        let frame = HikeScreenView.render(state: hike.screen, environment: state.environment, area: layout.content, into: &buffer)
        app.renderWalkHistory(state, frame.layout.stats, below: frame.statsBottom, &buffer)
    }

    static func statusHint(_ app: CairnApp, _ state: AppState) -> String {
        let onMap = state.hike?.screen.focus == .map
        let keys = onMap ? HikeAction.mapFocusKeyMap.layered(over: HikeAction.keyMap) : HikeAction.keyMap
        return (onMap ? L("Focus: map (Tab)") : L("Focus: profile (Tab)")) + " · " + hintLine(keys.hints)
    }

    static func help(_ state: AppState) -> [HelpLine] { HelpText.hike(in: state.environment.canvasMode) }

    /// Read again, keeping the hiker's view (``CairnApp/storeHikeLoaded(_:_:_:)``).
    static func openHikeChanged(_ app: CairnApp, _ state: inout AppState, _ hike: HikeModel) -> [AppEffect] {
        state.storeReloadHike = hike.id
        return [.loadHike(hike.id, forPreview: false)]
    }

    /// The open hike's map keeps its centre and zoom at the new size (also under the follow
    /// and Places screens, which show it).
    static func relayout(_ app: CairnApp, _ state: inout AppState) -> [AppEffect] {
        guard var hike = state.hike else { return [] }
        let result = HikeFeature.relayout(&hike, state.context)
        state.hike = hike
        return app.apply(result, &state, noEffect)
    }
}

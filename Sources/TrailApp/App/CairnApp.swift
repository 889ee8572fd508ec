import Foundation
import TermUI
import TrailCore
import TrailMap
import TrailStore

/// The Cairn TUI as an Elm-style ``Program``: ``update(_:_:)`` is pure (state and message in,
/// effects out) and ``view(_:width:height:)`` draws the state. Effects are performed by the
/// runtime in the `cairn` executable (store and map queries on a background queue).
public struct CairnApp: Program {
    public typealias State = AppState
    public typealias Message = AppMessage
    public typealias Effect = AppEffect

    /// The clock keys are stamped with (seconds, monotonic), for the drawing cursor's
    /// acceleration on key repeat; nil: no acceleration (one cell per press).
    public let keyClock: (@Sendable () -> TimeInterval)?

    /// - Parameter keyClock: `cairn` passes the system's uptime; tests pass a fake clock or none.
    public init(keyClock: (@Sendable () -> TimeInterval)? = nil) {
        self.keyClock = keyClock
    }

    public func message(for input: InputEvent) -> AppMessage? { .input(input) }
    public func tick(at date: Date) -> AppMessage? { nil }
    public func isFinished(_ state: AppState) -> Bool { state.quitting }

    public func update(_ state: inout AppState, _ message: AppMessage) -> [AppEffect] {
        let context = state.context
        switch message {
        case .start:
            if let warning = state.environment.format.timeZoneWarning {
                state.status = StatusMessage(text: warning, isError: true)  // once, at start (and on Totals)
            } else {
                state.status = StatusMessage(text: state.live.startHint(selected: state.library.pendingSelection != nil) ?? "",
                                             isError: false)
            }
            return [.loadHikes(state.library.sort), .draw(.loadDraft), .record(.findUnfinished)]
        case .input(.resize(let w, let h)):
            state.width = w
            state.height = h
            return relayout(&state)
        case .input(.key(.control("c"))):
            state.quitting = true
            return []
        case .input(.key(.control("z"))):
            return [.suspend]
        case .input(let event):
            // While the terminal is too small to show the screen, keys would act unseen:
            // only quitting is taken.
            if state.width < CairnApp.minimumSize.width || state.height < CairnApp.minimumSize.height {
                if case .key(.character("q")) = event, state.modal == nil, state.screen.kind == .library { state.quitting = true }
                return []
            }
            if state.modal != nil { return updateModal(&state, event) }
            switch state.screen {
            case .library: return apply(LibraryFeature.update(&state.library, event, context), &state, AppEffect.library)
            case .hike(var hike):
                let result = HikeFeature.update(&hike, event, context)
                state.hike = hike
                return apply(result, &state, noEffect)
            case .draw: return runDrawing(&state, keyTime: keyClock?()) { $0.updateDraw(event) }
            case .follow: return runFollowing(&state) { $0.updateFollowKeys(event) }
            case .record: return runRecording(&state) { RecordFeature.update(&$0, event, context) }
            case .places(var model):
                let result = PlacesFeature.update(&model, event, context)
                state.screen = .places(model)
                return apply(result, &state, AppEffect.places)
            case .review(var model):
                let result = ReviewFeature.update(&model, event, context)
                if case .review = state.screen { state.screen = .review(model) }
                return apply(result, &state, AppEffect.review)
            case .totals(var model):
                let result = TotalsFeature.update(&model, event, context)
                if case .totals = state.screen { state.screen = .totals(model) }
                return apply(result, &state, AppEffect.totals)
            case .routes(var model):
                let result = RoutesFeature.update(&model, event, context)
                if case .routes = state.screen { state.screen = .routes(model) }
                return apply(result, &state, AppEffect.routes)
            }
        case .storeChanged:
            return storeChanged(&state)
        case .hikesLoaded(let list):
            if state.storeRefreshes > 0 { return storeListLoaded(&state, list) }
            return apply(LibraryFeature.listLoaded(&state.library, list, context), &state, AppEffect.library)
        case .hikeLoaded(let id, let prepared, let forPreview):
            return hikeLoaded(&state, id, prepared, forPreview: forPreview)
        case .basemapLoaded(let request, let basemap):
            switch state.basemaps.answer(request) {
            case .hike: state.hike?.screen.basemap = basemap
            case .preview: state.library.previewBasemap = basemap
            case .drawing: state.drawing?.basemap = basemap
            case .recording:
                _ = runRecording(&state) { $0.basemap = basemap; return FeatureResult() }
            case .routes:
                if case .routes(var m) = state.screen { m.basemap = basemap; state.screen = .routes(m) }
            case nil: break
            }
            return []
        case .importPlanLoaded(let path, let plan, let warnings):
            state.modal = .checklist(ChecklistModel(path: path, plan: plan, warnings: warnings))
            // The reader's warnings, as `cairn import` prints them: all under the checklist, the
            // first (and how many more) in the status line.
            let more = warnings.count > 1 ? " (+\(warnings.count - 1) more, listed above)" : ""
            state.status = StatusMessage(text: warnings.first.map { $0 + more } ?? "", isError: false)
            return []
        case .basemapFailed(let request, let reason):
            // The map stays without data (and asks again when it moves).
            guard state.basemaps.answer(request) != nil else { return [] }
            state.status = StatusMessage(text: "Map data not read: \(reason)", isError: true)
            return [.bell]
        case .library(let result):
            return apply(LibraryFeature.stored(&state.library, result), &state, AppEffect.library)
        case .tick:
            return []
        case .draw(let m):
            return runDrawing(&state) { $0.drawMessage(m) }
        case .follow(let m):
            return runFollowing(&state) { $0.updateFollow(m) }
        case .record(let m):
            return updateRecord(&state, m)
        case .places(let m):
            return placesMessage(&state, m)
        case .review(let m):
            return reviewMessage(&state, m)
        case .routes(let m):
            return routesMessage(&state, m)
        case .totals(let m):
            guard case .totals(var model) = state.screen else { return [] }
            let result: FeatureResult<TotalsEffect>
            switch m {
            case .loaded(let list, let now): result = TotalsFeature.loaded(&model, list, now: now, context)
            case .failed(let reason): result = TotalsFeature.failed(&model, reason)
            }
            state.screen = .totals(model)
            return apply(result, &state, AppEffect.totals)
        }
    }

    // MARK: - Data arriving

    private func hikeLoaded(_ state: inout AppState, _ id: HikeID, _ prepared: PreparedHike,
                            forPreview: Bool) -> [AppEffect] {
        let context = state.context
        if forPreview {
            return apply(LibraryFeature.previewLoaded(&state.library, id, prepared, context), &state, AppEffect.library)
        }
        if state.storeReloadHike == id {
            state.storeReloadHike = nil
            // Read again after a change elsewhere; dropped when the hiker has left the hike since.
            guard case .hike(let open) = state.screen, open.id == id else { return [] }
            return storeHikeLoaded(&state, id, prepared)
        }
        let map = AppLayout(width: state.width, height: state.height).hike.map
        var model = HikeModel(id: id, screen: HikeScreenState(hike: prepared, mapWidth: max(1, map.width),
                                                              mapHeight: max(1, map.height)))
        if case .totals(let totals) = state.screen { model.openedFromTotals = totals }
        navigate(&state, to: .hike(model))
        let strays = prepared.strayFixesLeftOut
        let strayNote = strays == 0 ? nil
            : "\(strays) stray fix\(strays == 1 ? "" : "es") left out of the map and profile (kept in the stored file)"
        state.status = StatusMessage(text: [strayNote, HikeFeature.contourNote(model.screen), state.live.hikeHint]
                                        .compactMap { $0 }.joined(separator: " · "),
                                     isError: false)
        return basemapEffects(&state) + [askCompletion(id, prepared)] + runFollowing(&state) { $0.followAfterHikeLoaded(id) }
    }

    /// Asks for the preview of the selected hike when it is not the one shown.
    func previewEffects(_ state: inout AppState) -> [AppEffect] {
        let context = state.context
        return apply(LibraryFeature.preview(&state.library, context), &state, AppEffect.library)
    }

    /// Asks for map data when the hike screen's basemap cannot serve its viewport.
    func basemapEffects(_ state: inout AppState) -> [AppEffect] {
        guard let hike = state.hike else { return [] }
        var result = FeatureResult<Never>()
        HikeFeature.askMapData(hike, &result)
        return apply(result, &state, noEffect)
    }

    /// After a resize: the map keeps its centre and zoom at the new size.
    private func relayout(_ state: inout AppState) -> [AppEffect] {
        let context = state.context
        var effects: [AppEffect] = []
        if case .review(var model) = state.screen {
            let result = ReviewFeature.relayout(&model, context)
            state.screen = .review(model)
            effects += apply(result, &state, AppEffect.review)
        } else if var hike = state.hike {
            let result = HikeFeature.relayout(&hike, state.context)
            state.hike = hike
            effects += apply(result, &state, noEffect)
        }
        if state.drawing != nil { effects += runDrawing(&state) { $0.relayoutDraw() } }
        if state.screen.kind == .library { state.library.previewID = nil; effects += previewEffects(&state) }
        if state.screen.kind == .record { effects += runRecording(&state) { RecordFeature.relayout(&$0, context) } }
        return effects
    }
}

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

    public init() {}

    public func message(for input: InputEvent) -> AppMessage? { .input(input) }
    public func tick(at date: Date) -> AppMessage? { nil }
    public func isFinished(_ state: AppState) -> Bool { state.quitting }

    public func update(_ state: inout AppState, _ message: AppMessage) -> [AppEffect] {
        switch message {
        case .start:
            state.status = StatusMessage(text: "", isError: false)
            return [.loadHikes(state.library.sort), .draw(.loadDraft)]
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
                if case .key(.character("q")) = event, state.modal == nil, state.screen == .library { state.quitting = true }
                return []
            }
            if state.modal != nil { return updateModal(&state, event) }
            switch state.screen {
            case .library: return updateLibrary(&state, event)
            case .hike: return updateHike(&state, event)
            case .draw: return updateDraw(&state, event)
            case .follow: return updateFollowKeys(&state, event)
            }
        case .hikesLoaded(let list):
            return hikesLoaded(&state, list)
        case .hikeLoaded(let id, let prepared, let forPreview):
            return hikeLoaded(&state, id, prepared, forPreview: forPreview)
        case .basemapLoaded(let request, let basemap):
            switch state.basemaps.answer(request) {
            case .hike: state.hike?.screen.basemap = basemap
            case .preview: state.library.previewBasemap = basemap
            case .drawing: state.draw.model?.basemap = basemap
            case nil: break
            }
            return []
        case .importPlanLoaded(let path, let plan):
            state.modal = .checklist(ChecklistModel(path: path, plan: plan))
            state.status = StatusMessage(text: "", isError: false)
            return []
        case .basemapFailed(let request, let reason):
            // The map stays without data (and asks again when it moves).
            guard state.basemaps.answer(request) != nil else { return [] }
            state.status = StatusMessage(text: "Map data not read: \(reason)", isError: true)
            return [.bell]
        case .library(let result):
            state.status = result.status
            if case .failed = result { return [.bell] }
            state.library.previewID = nil  // the preview shows the stored name: reload it
            return [.loadHikes(state.library.sort)]
        case .tick:
            return []
        case .draw(let m):
            return drawMessage(&state, m)
        case .follow(let m):
            return updateFollow(&state, m)
        }
    }

    // MARK: - Data arriving

    private func hikesLoaded(_ state: inout AppState, _ list: [HikeSummary]) -> [AppEffect] {
        let previous = state.library.pendingSelection ?? state.library.selectedSummary?.id
        state.library.pendingSelection = nil
        state.library.all = list
        state.library.loading = false
        let visible = state.library.visible
        if let previous, let i = visible.firstIndex(where: { $0.id == previous }) {
            state.library.selected = i
        } else {
            state.library.selected = min(state.library.selected, max(0, visible.count - 1))
        }
        return previewEffects(&state)
    }

    private func hikeLoaded(_ state: inout AppState, _ id: HikeID, _ prepared: PreparedHike,
                            forPreview: Bool) -> [AppEffect] {
        if forPreview {
            guard state.library.selectedSummary?.id == id else { return [] }
            state.library.preview = prepared
            state.library.previewID = id
            let layout = AppLayout(width: state.width, height: state.height)
            guard !layout.previewMap.isEmpty else { return [] }
            let viewport = HikeScreenState.fittedViewport(prepared, width: layout.previewMap.width,
                                                          height: layout.previewMap.height)
            state.library.previewBasemap = nil
            return [state.basemaps.request(.preview, viewport)]
        }
        let map = AppLayout(width: state.width, height: state.height).hike.map
        navigate(&state, to: .hike(HikeModel(id: id, screen: HikeScreenState(hike: prepared, mapWidth: max(1, map.width),
                                                                              mapHeight: max(1, map.height)))))
        state.status = StatusMessage(text: "", isError: false)
        return basemapEffects(&state) + followAfterHikeLoaded(&state, id)
    }

    /// Asks for the preview of the selected hike when it is not the one shown.
    func previewEffects(_ state: inout AppState) -> [AppEffect] {
        guard let id = state.library.selectedSummary?.id else {
            state.library.preview = nil
            state.library.previewID = nil
            return []
        }
        guard id != state.library.previewID else { return [] }
        guard !AppLayout(width: state.width, height: state.height).previewMap.isEmpty else { return [] }
        state.library.preview = nil
        state.library.previewID = nil
        return [.loadHike(id, forPreview: true)]
    }

    /// Asks for map data when the hike screen's basemap cannot serve its viewport.
    func basemapEffects(_ state: inout AppState) -> [AppEffect] {
        guard let hike = state.hike else { return [] }
        if let b = hike.screen.basemap, b.canServe(hike.screen.viewport) { return [] }
        return [state.basemaps.request(.hike, hike.screen.viewport)]
    }

    /// After a resize: the map keeps its centre and zoom at the new size.
    private func relayout(_ state: inout AppState) -> [AppEffect] {
        var effects: [AppEffect] = []
        if var hike = state.hike {
            let map = AppLayout(width: state.width, height: state.height).hike.map
            hike.screen.viewport = hike.screen.viewport.resized(width: max(1, map.width), height: max(1, map.height))
            state.hike = hike
            effects += basemapEffects(&state)
        }
        effects += relayoutDraw(&state)
        if state.screen == .library { state.library.previewID = nil; effects += previewEffects(&state) }
        return effects
    }
}

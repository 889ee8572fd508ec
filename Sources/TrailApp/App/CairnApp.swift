import Localization
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
            if !state.status.text.isEmpty {
                // A note the front end set before the start (the locale's, CursesScreen.localeNote): kept.
            } else if let warning = state.environment.format.timeZoneWarning {
                state.status = StatusMessage(text: warning, isError: true)  // once, at start (and on Totals)
            } else {
                state.status = StatusMessage(text: state.live.startHint(selected: state.library.pendingSelection != nil) ?? "",
                                             isError: false)
            }
            return [.loadHikes(state.library.sort), .draw(.loadDraft), .record(.findUnfinished)]
        case .input(.resize(let w, let h)):
            state.width = w
            state.height = h
            // Below the smallest size nothing but "Terminal too small" is drawn: the screens keep
            // their last layout (a map fitted to a 1-cell view would be zoomed onto the
            // cursor and stay there when the terminal grows again).
            guard w >= CairnApp.minimumSize.width, h >= CairnApp.minimumSize.height else { return [] }
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
            return Self.screen(state.screen.kind).input(self, &state, event)
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
            case .screen(let kind):
                Self.screen(kind).basemapArrived(&state, basemap)
            case nil: break
            }
            return []
        case .importPlanLoaded(let path, let plan, let warnings):
            state.modal = .checklist(ChecklistModel(path: path, plan: plan, warnings: warnings))
            // The reader's warnings, as `cairn import` prints them: all under the checklist, the
            // first (and how many more) in the status line.
            let more = warnings.count > 1 ? " " + L("(+%d more, listed above)", warnings.count - 1) : ""
            state.status = StatusMessage(text: warnings.first.map { $0 + more } ?? "", isError: false)
            // Then which tracks are already stored, to mark them (not ticked by default).
            return [.library(.findStoredCopies(path: path))]
        case .importStoredCopies(let path, let copies):
            // Only into the checklist of that file, still open.
            guard case .checklist(var c) = state.modal, c.path == path, !copies.isEmpty else { return [] }
            c.markStored(copies)
            state.modal = .checklist(c)
            return []
        case .importPathCompleted(let typed, let completion):
            // Only into the prompt it was asked for, unchanged since.
            guard case .prompt(var p) = state.modal, p.purpose == .importPath, p.text == typed else { return [] }
            let accept = p.acceptAfterCompletion
            p.text = completion.completed
            p.completionPending = false
            p.acceptAfterCompletion = false
            state.modal = .prompt(p)
            // Enter came before the answer: it is taken now, with the completed text.
            if accept { return update(&state, .input(.key(.enter))) }
            let shown = completion.candidates.prefix(8).joined(separator: "  ")
            let more = completion.candidates.count > 8 ? "  " + L("(+%d more)", completion.candidates.count - 8) : ""
            state.status = StatusMessage(text: completion.candidates.isEmpty ? (completion.completed == typed ? L("No match") : "")
                                             : shown + more, isError: false)
            return completion.candidates.isEmpty && completion.completed == typed ? [.bell] : []
        case .basemapFailed(let request, let reason):
            // The map stays without data (and asks again when it moves).
            guard state.basemaps.answer(request) != nil else { return [] }
            state.status = StatusMessage(text: L("Map data not read: %s", reason), isError: true)
            return [.bell]
        case .photosLoaded(let id, let photos):
            return photosLoaded(&state, id, photos)
        case .photoNote(let text, let isError):
            state.status = StatusMessage(text: text, isError: isError)
            return isError ? [.bell] : []
        case .tick:
            return []
        default:
            // A screen's own answers (``AppScreen/message(in:)``).
            return routeToScreen(message, &state) ?? []
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
        let model = HikeModel(id: id, screen: HikeScreenState(hike: prepared, mapWidth: max(1, map.width),
                                                              mapHeight: max(1, map.height)))
        // A hike opened afresh: Esc goes back to the screen it was opened from when that screen
        // stays under the hikes it opens (Totals, for a record's hike), else to the library.
        state.backStack = Self.screen(state.screen.kind).staysUnderOpenedHike ? [state.screen] : []
        navigate(&state, to: .hike(model))
        let strays = prepared.strayFixesLeftOut
        let strayNote = strays == 0 ? nil
            : Ln("%d stray fix left out of the map and profile (kept in the stored file)",
                 "%d stray fixes left out of the map and profile (kept in the stored file)", strays, strays)
        state.status = StatusMessage(text: [strayNote, HikeFeature.contourNote(model.screen), state.live.hikeHint]
                                        .compactMap { $0 }.joined(separator: " · "),
                                     isError: false)
        return basemapEffects(&state) + [askCompletion(id, prepared), .loadPhotos(id)] + runFollowing(&state) { $0.followAfterHikeLoaded(id) }
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
        Self.screen(state.screen.kind).relayout(self, &state)
    }
}

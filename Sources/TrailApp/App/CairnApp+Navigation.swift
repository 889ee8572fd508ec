import TermUI
import TrailCore
import TrailStore

/// Where a screen asks to go. Screens never set ``AppState/screen`` themselves: they hand the
/// root one of these, and ``CairnApp/navigate(_:to:)`` changes the screen and lets go of what
/// the screen left behind (its model, its pending map data), so no screen's model outlives it.
enum Navigation {
    /// The library (from any screen).
    case library
    /// The hike screen with this hike open.
    case hike(HikeModel)
    /// The drawing screen with this drawing.
    case drawing(DrawModel)
    /// The follow screen over the open hike.
    case follow(FollowModel)
    /// Following the open hike, once the position source is asked for (the follow screen
    /// opens when the source starts).
    case askFollowSource
    /// The drawing screen editing the open hike (when it is a drawn one; the kept draft is
    /// offered first).
    case editDrawing
    /// The library with the preview read again (leaving a drawing).
    case libraryReloadingPreview
    /// The library with the list read again and this hike selected when it passes the filter
    /// (a drawing just saved).
    case librarySelecting(HikeID)
    /// The hike screen with this hike, once it is read (`cairn follow ID`).
    case openHike(HikeID)
    /// A new drawing (the kept draft is offered first when there is one).
    case newDrawing
    /// Back from the follow screen to the hike under it (the library when there is none).
    case leaveFollow
    /// The recording screen with this model (its recorder and source are asked for beside).
    case recording(RecordModel)
    /// The position source for a new recording, once asked for (library `R`).
    case askRecordSource
    /// A finished recording: the library with it selected, and its hike screen.
    case openRecorded(HikeID)
    /// Back from Places to the drawing, with its places (kept as the draft).
    case drawingWithPlaces(DrawModel)
    /// Back to the screen under this one as it was left (``AppState/backStack``), the
    /// library when there is none.
    case back
    /// A screen registered in ``CairnApp/screens`` that the root does not name, with what it
    /// opens with (``AppScreen/open(_:_:_:)``); its folder gives the typed target
    /// (`.routes(around:)`, DECISIONS 801).
    case open(ScreenOpening)
}

extension CairnApp {
    /// Carries out a screen's navigation (the only place that sets ``AppState/screen``).
    /// Opening a new drawing may ask for work (its map area), which is returned; the other
    /// targets ask for none.
    @discardableResult
    func navigate(_ state: inout AppState, to target: Navigation) -> [AppEffect] {
        switch target {
        case .library:
            state.backStack = []
            state.basemaps.cancel(.hike)
            state.basemaps.cancel(.drawing)
            state.basemaps.cancel(.recording)
            state.screen = .library
        case .hike(let model):
            state.basemaps.cancel(.drawing)
            state.screen = .hike(model)
        case .drawing(let model):
            state.basemaps.cancel(.hike)
            state.screen = .draw(model)
        case .follow(let model):
            guard let hike = state.hike else { return navigate(&state, to: .library) }
            state.screen = .follow(model, over: hike)
        case .newDrawing:
            return runDrawing(&state) { $0.newDrawing() }
        case .askFollowSource:
            return runFollowing(&state) { $0.askForSource(); return [] }
        case .openHike(let id):
            return [.loadHike(id, forPreview: false)]
        case .editDrawing:
            guard let hike = state.hike else { return [] }
            return runDrawing(&state) { $0.editDrawnHike(hike) }
        case .libraryReloadingPreview:
            navigate(&state, to: .library)
            let context = state.context
            return apply(LibraryFeature.reloadPreview(&state.library, context), &state, AppEffect.library)
        case .librarySelecting(let id):
            navigate(&state, to: .library)
            return apply(LibraryFeature.select(&state.library, id), &state, AppEffect.library)
        case .recording(let model):
            state.basemaps.cancel(.hike)
            state.screen = .record(model)
            var result = FeatureResult<RecordEffect>()
            RecordFeature.askMapData(model, &result)
            return apply(result, &state, AppEffect.record)
        case .askRecordSource:
            let context = state.context
            return apply(RecordFeature.start(&state.record, context, state.live.recordOptions), &state, AppEffect.record)
        case .openRecorded(let id):
            return navigate(&state, to: .librarySelecting(id)) + [.loadHike(id, forPreview: false)]
        case .drawingWithPlaces(let d):
            return runDrawing(&state) { u in
                u.model = d
                u.opens = true
                return u.keepDraft(d) + u.drawBasemapEffects()
            }
        case .back:
            guard let under = state.backStack.popLast() else { return navigate(&state, to: .library) }
            switch under {
            case .hike(let model): return navigate(&state, to: .hike(model))
            case .library: return navigate(&state, to: .library)
            default: break
            }
            // The screens under a hike have no map of their own: the hike's map data is let go.
            state.basemaps.cancel(.hike)
            state.screen = under
        case .open(let opening):
            return Self.screen(opening.kind).open(self, &state, opening.request)
        case .leaveFollow:
            if let hike = state.hike { return navigate(&state, to: .hike(hike)) }
            return navigate(&state, to: .library)
        }
        return []
    }
}

import Foundation
import TermUI
import TrailCore
import TrailMap

extension CairnApp {
    /// Keys and mouse of the drawing screen (``DrawAction``'s key maps). The side panel's card and
    /// search take the keys while they show; a stop being moved takes the map keys.
    func updateDraw(_ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard var m = state.draw.model else { navigate(&state, to: .library); return [] }
        if m.saving { return [] }  // until the store answers (saved, or failed)
        if m.insertionPending {
            // The stop "between" is not placed yet: keys wait, then run in order.
            if case .resize = event { return [] }
            m.deferred.append(event)
            state.draw.model = m
            return []
        }
        state.status = StatusMessage(text: "", isError: false)
        var effects: [AppEffect]
        switch m.panel {
        case .pinCard(let card):
            guard case .key(let key) = event else { return [] }
            effects = updatePinCard(&state, &m, card, key)
        case .search(let search):
            guard case .key(let key) = event else { return [] }
            effects = updateDrawSearch(&state, &m, search, key)
        case .stops:
            switch event {
            case .key(let key):
                if m.moving != nil {
                    effects = updateMovingStop(&state, &m, key)
                } else if m.focus == .list {
                    effects = updateStopList(&state, &m, key)
                } else {
                    effects = updateDrawMap(&state, &m, key)
                }
            case .mouse(let action, let x, let y):
                let map = DrawScreenLayout(area: AppLayout(width: state.width, height: state.height).content).map
                guard map.contains(x: x, y: y) else { return [] }
                switch action {
                case .scrollUp, .scrollDown:
                    if let move = MapNavigation.wheel(action) { moveDrawingMap(&m, move) }
                case .click:
                    m.focus = .map
                    m.cursor = m.viewport.coordinate(atDot: DotPoint(x: Double((x - map.x) * 2) + 1,
                                                                     y: Double((y - map.y) * 4) + 2))
                    m.keepCursorInView()
                default: return []
                }
                effects = []
            case .resize:
                return []
            }
        }
        guard state.screen == .draw else { return effects }
        state.draw.model = m
        return effects + drawBasemapEffects(&state)
    }

    /// The cursor moves a cell a step (``DrawModel/bigStep`` with Shift); zoom keeps the cursor.
    func moveDrawingMap(_ m: inout DrawModel, _ move: MapNavigation) {
        switch move {
        case .step(let dx, let dy, let big):
            let n = big ? DrawModel.bigStep : 1
            m.moveCursor(dx: dx * n, dy: dy * n)
        case .zoom(let delta):
            m.zoom(by: delta)
        }
    }

    /// Keys that work on the map and in the list alike (``DrawAction/commonKeyMap``); nil when
    /// `key` is not one of them.
    private func updateDrawCommon(_ state: inout AppState, _ m: inout DrawModel, _ key: Key) -> [AppEffect]? {
        guard let action = DrawAction.commonKeyMap.action(for: key) else { return nil }
        switch action {
        case .map(let move): moveDrawingMap(&m, move)
        case .routing:
            m.routingOn.toggle()
            state.status = StatusMessage(text: m.routingOn ? "Routing on: new legs follow mapped ways"
                                                          : "Routing off: new legs are straight lines", isError: false)
            return keepDraft(&state, m)
        case .search:
            m.panel = .search(DrawSearch())
        case .save:
            return askSaveName(&state, m)
        case .fit: m.fitToStops()
        case .labels: m.showsLabels.toggle()
        case .contours: m.showsContours.toggle()
        case .help: state.modal = .help
        default: return nil
        }
        return []
    }

    /// Keys with the map focused: move the cursor, drop a pin, leave.
    private func updateDrawMap(_ state: inout AppState, _ m: inout DrawModel, _ key: Key) -> [AppEffect] {
        if let e = updateDrawCommon(&state, &m, key) { return e }
        guard let action = DrawAction.mapKeyMap.action(for: key) else { return [] }
        switch action {
        case .map(let move): moveDrawingMap(&m, move)
        case .dropPin:
            let existing = m.pinUnderCursor
            let at = existing.map { m.pins[$0] } ?? m.cursor
            m.panel = .pinCard(PinCard(pin: at, existingPin: existing, choices: PinChoice.available(stopCount: m.stops.count)))
        case .toList:
            if m.stops.isEmpty {
                state.status = StatusMessage(text: "No stops yet: Enter drops a pin at the cursor", isError: false)
            } else {
                m.focus = .list
                m.selected = min(m.selected, m.stops.count - 1)
            }
        case .leave:
            return leaveDrawing(&state, m)
        default: break
        }
        return []
    }

    /// Keys with the stop list focused: select, reorder, move, delete.
    private func updateStopList(_ state: inout AppState, _ m: inout DrawModel, _ key: Key) -> [AppEffect] {
        if let e = updateDrawCommon(&state, &m, key) { return e }
        let n = m.stops.count
        guard n > 0 else { m.focus = .map; return [] }
        m.selected = min(max(0, m.selected), n - 1)
        let i = m.selected
        guard let action = DrawAction.listKeyMap.action(for: key) else { return [] }
        switch action {
        case .select(let d): m.selected = min(n - 1, max(0, i + d))
        case .selectFirst: m.selected = 0
        case .selectLast: m.selected = n - 1
        case .reorder(let d):
            guard i + d >= 0, i + d < n else { return [] }
            m.selected = i + d
            return changeStops(&state, &m, .reorder(from: i, to: i + d))
        case .moveStop:
            m.moving = i
            m.focus = .map
            m.putCursor(on: m.stops[i])
            m.snapCursorToCell()
        case .deleteStop:
            m.selected = max(0, min(i, n - 2))
            let e = changeStops(&state, &m, .delete(i))
            if m.stops.isEmpty { m.focus = .map }
            return e
        case .goToStop:
            m.focus = .map
            m.putCursor(on: m.stops[i])
            m.snapCursorToCell()
        case .toMap:
            m.focus = .map
        case .leave:
            return leaveDrawing(&state, m)
        default: break
        }
        return []
    }

    /// Keys while a stop is being moved: the cursor moves, Enter puts the stop there.
    private func updateMovingStop(_ state: inout AppState, _ m: inout DrawModel, _ key: Key) -> [AppEffect] {
        guard let i = m.moving, let action = DrawAction.movingKeyMap.action(for: key) else { return [] }
        switch action {
        case .putStop:
            m.moving = nil
            m.focus = .list
            guard m.stops.indices.contains(i), m.stops[i] != m.cursor else { return [] }
            return changeStops(&state, &m, .move(i, to: m.cursor))
        case .cancelMove:
            m.moving = nil
            m.focus = .list
            state.status = StatusMessage(text: "Stop \(i + 1) stays where it was", isError: false)
        case .help: state.modal = .help
        case .map(let move): moveDrawingMap(&m, move)
        default: break
        }
        return []
    }

    /// Applies one change to the stops at once and asks the router for the legs it touched;
    /// keeps the draft.
    func changeStops(_ state: inout AppState, _ m: inout DrawModel, _ change: StopChange) -> [AppEffect] {
        guard let newStops = change.applied(to: m.stops) else { return [] }
        return setStops(&state, &m, newStops)
    }

    /// Sets the stops (routing flags per ``DrawModel/legRouting(for:)``), asks for a plan,
    /// keeps the draft.
    func setStops(_ state: inout AppState, _ m: inout DrawModel, _ newStops: [Coordinate]) -> [AppEffect] {
        let routing = m.legRouting(for: newStops)
        m.stops = newStops
        m.legRouting = routing
        m.selected = min(m.selected, max(0, newStops.count - 1))
        return [requestPlan(&state, &m)] + keepDraft(&state, m)
    }

    /// A plan request for the model's stops (optionally inserting `between`).
    func requestPlan(_ state: inout AppState, _ m: inout DrawModel, insertBetween pin: Coordinate? = nil) -> AppEffect {
        let request = state.draw.nextRequest()
        m.planRequest = request
        if pin != nil { m.insertionPending = true }
        return .draw(.plan(DrawPlanRequest(request: request, base: m.plan, stops: m.stops, legRouting: m.legRouting,
                                           insertBetween: pin, routingOn: m.routingOn)))
    }

    /// Keeps the drawing in the store (or forgets it when it holds nothing and edits no hike,
    /// or edits a saved drawing without having changed it).
    func keepDraft(_ state: inout AppState, _ m: DrawModel) -> [AppEffect] {
        let draft = m.draft
        if (draft.isEmpty && m.sourceHike == nil) || m.isUnchangedEdit {
            guard state.draw.storedDraft != nil else { return [] }
            state.draw.storedDraft = nil
            return [.draw(.clearDraft)]
        }
        state.draw.storedDraft = draft
        return [.draw(.saveDraft(draft))]
    }

    /// Back to the library; the drawing stays kept (with the map as it is now).
    func leaveDrawing(_ state: inout AppState, _ m: DrawModel) -> [AppEffect] {
        let effects = keepDraft(&state, m)
        navigate(&state, to: .library)
        if state.draw.storedDraft != nil {
            state.status = StatusMessage(text: "Drawing kept: n continues it", isError: false)
        }
        state.library.previewID = nil
        return effects + previewEffects(&state)
    }

    /// Asks for map data when the drawing map's basemap cannot serve its view.
    func drawBasemapEffects(_ state: inout AppState) -> [AppEffect] {
        guard let m = state.draw.model else { return [] }
        if let b = m.basemap, b.canServe(m.viewport) { return [] }
        if state.basemaps.isWaiting(.drawing, for: m.viewport) { return [] }  // asked already
        return [state.basemaps.request(.drawing, m.viewport)]
    }

    /// After a resize: the drawing map keeps its centre and zoom at the new size.
    func relayoutDraw(_ state: inout AppState) -> [AppEffect] {
        guard var m = state.draw.model else { return [] }
        let map = DrawScreenLayout(area: AppLayout(width: state.width, height: state.height).content).map
        m.viewport = m.viewport.resized(width: max(1, map.width), height: max(1, map.height))
        m.keepCursorInView()
        state.draw.model = m
        return drawBasemapEffects(&state)
    }
}

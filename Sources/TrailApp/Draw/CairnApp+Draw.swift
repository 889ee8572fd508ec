import Foundation
import TermUI
import TrailCore
import TrailMap

extension CairnApp {
    /// Keys and mouse of the drawing screen (see ``HelpText/draw``). The side panel's card and
    /// search take the keys while they show; a stop being moved takes the map keys.
    func updateDraw(_ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        guard var m = state.draw.model else { state.screen = .library; return [] }
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
                case .scrollUp: m.zoom(by: 0.5)
                case .scrollDown: m.zoom(by: -0.5)
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

    /// Keys that work on the map and in the list alike; nil when `key` is not one of them.
    private func updateDrawCommon(_ state: inout AppState, _ m: inout DrawModel, _ key: Key) -> [AppEffect]? {
        switch key {
        case .character("+"), .character("="): m.zoom(by: 1)
        case .character("-"), .character("_"): m.zoom(by: -1)
        case .character("s"):
            m.routingOn.toggle()
            state.status = StatusMessage(text: m.routingOn ? "Routing on: new legs follow mapped ways"
                                                          : "Routing off: new legs are straight lines", isError: false)
            return keepDraft(&state, m)
        case .character("/"):
            m.panel = .search(DrawSearch())
        case .character("w"):
            return askSaveName(&state, m)
        case .character("f"): m.fitToStops()
        case .character("L"): m.showsLabels.toggle()
        case .character("?"), .function(1): state.modal = .help
        default: return nil
        }
        return []
    }

    /// Keys with the map focused: move the cursor, drop a pin, leave.
    private func updateDrawMap(_ state: inout AppState, _ m: inout DrawModel, _ key: Key) -> [AppEffect] {
        if let e = updateDrawCommon(&state, &m, key) { return e }
        switch key {
        case .left, .character("h"): m.moveCursor(dx: -1, dy: 0)
        case .right, .character("l"): m.moveCursor(dx: 1, dy: 0)
        case .up, .character("k"): m.moveCursor(dx: 0, dy: -1)
        case .down, .character("j"): m.moveCursor(dx: 0, dy: 1)
        case .shiftLeft: m.moveCursor(dx: -DrawModel.bigStep, dy: 0)
        case .shiftRight: m.moveCursor(dx: DrawModel.bigStep, dy: 0)
        case .shiftUp: m.moveCursor(dx: 0, dy: -DrawModel.bigStep)
        case .shiftDown: m.moveCursor(dx: 0, dy: DrawModel.bigStep)
        case .enter:
            let existing = m.pinUnderCursor
            let at = existing.map { m.pins[$0] } ?? m.cursor
            m.panel = .pinCard(PinCard(pin: at, existingPin: existing, choices: PinChoice.available(stopCount: m.stops.count)))
        case .tab, .backTab:
            if m.stops.isEmpty {
                state.status = StatusMessage(text: "No stops yet: Enter drops a pin at the cursor", isError: false)
            } else {
                m.focus = .list
                m.selected = min(m.selected, m.stops.count - 1)
            }
        case .escape, .character("q"):
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
        switch key {
        case .down, .character("j"): m.selected = min(n - 1, i + 1)
        case .up, .character("k"): m.selected = max(0, i - 1)
        case .home, .character("g"): m.selected = 0
        case .end, .character("G"): m.selected = n - 1
        case .character("K"), .shiftUp:
            guard i > 0 else { return [] }
            m.selected = i - 1
            return changeStops(&state, &m, .reorder(from: i, to: i - 1))
        case .character("J"), .shiftDown:
            guard i < n - 1 else { return [] }
            m.selected = i + 1
            return changeStops(&state, &m, .reorder(from: i, to: i + 1))
        case .character("m"):
            m.moving = i
            m.focus = .map
            m.putCursor(on: m.stops[i])
            m.snapCursorToCell()
        case .character("x"), .delete, .backspace:
            m.selected = max(0, min(i, n - 2))
            let e = changeStops(&state, &m, .delete(i))
            if m.stops.isEmpty { m.focus = .map }
            return e
        case .enter:
            m.focus = .map
            m.putCursor(on: m.stops[i])
            m.snapCursorToCell()
        case .tab, .backTab, .escape:
            m.focus = .map
        case .character("q"):
            return leaveDrawing(&state, m)
        default: break
        }
        return []
    }

    /// Keys while a stop is being moved: the cursor moves, Enter puts the stop there.
    private func updateMovingStop(_ state: inout AppState, _ m: inout DrawModel, _ key: Key) -> [AppEffect] {
        guard let i = m.moving else { return [] }
        switch key {
        case .enter:
            m.moving = nil
            m.focus = .list
            guard m.stops.indices.contains(i), m.stops[i] != m.cursor else { return [] }
            return changeStops(&state, &m, .move(i, to: m.cursor))
        case .escape:
            m.moving = nil
            m.focus = .list
            state.status = StatusMessage(text: "Stop \(i + 1) stays where it was", isError: false)
        case .character("?"), .function(1): state.modal = .help
        case .character("+"), .character("="): m.zoom(by: 1)
        case .character("-"), .character("_"): m.zoom(by: -1)
        case .left, .right, .up, .down, .shiftLeft, .shiftRight, .shiftUp, .shiftDown,
             .character("h"), .character("j"), .character("k"), .character("l"):
            return updateDrawMap(&state, &m, key)
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
        state.draw.model = nil
        state.draw.basemapRequest = nil
        state.screen = .library
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
        if state.draw.basemapRequest != nil, state.draw.basemapViewport == m.viewport { return [] }  // asked already
        state.basemapRequest += 1
        state.draw.basemapRequest = state.basemapRequest
        state.draw.basemapViewport = m.viewport
        return [.loadBasemap(request: state.basemapRequest, m.viewport)]
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

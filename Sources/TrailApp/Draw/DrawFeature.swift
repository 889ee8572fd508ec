import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap

extension DrawUpdate {
    /// Keys and mouse of the drawing screen (``DrawAction``'s key maps). The side panel's card and
    /// search take the keys while they show; a stop being moved takes the map keys.
    mutating func updateDraw(_ event: InputEvent) -> [Step] {
        guard var m = model else { navigation = .library; return [] }
        if m.saving { return [] }  // until the store answers (saved, or failed)
        if m.insertionPending {
            // The stop "between" is not placed yet: keys wait, then run in order.
            if case .resize = event { return [] }
            m.deferred.append(event)
            model = m
            return []
        }
        status = StatusMessage(text: "", isError: false)
        var effects: [Step]
        switch m.panel {
        case .pinCard(let card):
            guard case .key(let key) = event else { return [] }
            effects = updatePinCard(&m, card, key)
        case .search(let search):
            guard case .key(let key) = event else { return [] }
            effects = updateDrawSearch(&m, search, key)
        case .stops:
            switch event {
            case .key(let key):
                if m.moving != nil {
                    effects = updateMovingStop(&m, key)
                } else if m.focus == .list {
                    effects = updateStopList(&m, key)
                } else {
                    effects = updateDrawMap(&m, key)
                }
            case .mouse(let action, let x, let y):
                let map = DrawScreenLayout(area: context.layout.content).map
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
        guard model != nil else { return effects }
        model = m
        return effects + drawBasemapEffects()
    }

    /// The cursor moves a cell a step, more while the key is held (``CursorAcceleration``, when
    /// the update has the key's time), ``DrawModel/bigStep`` cells with Shift; zoom keeps the cursor.
    /// A Shift step or a zoom ends an acceleration run (``CursorAcceleration/interrupt()``).
    func moveDrawingMap(_ m: inout DrawModel, _ move: MapNavigation) {
        switch move {
        case .step(let dx, let dy, let big):
            let n: Int
            if big {
                m.acceleration.interrupt()
                n = DrawModel.bigStep
            } else {
                n = keyTime.map { m.acceleration.step(dx: dx, dy: dy, at: $0) } ?? 1
            }
            m.moveCursor(dx: dx * n, dy: dy * n)
        case .zoom(let delta):
            m.acceleration.interrupt()
            m.zoom(by: delta)
        }
    }

    /// Keys that work on the map and in the list alike (``DrawAction/commonKeyMap``); nil when
    /// `key` is not one of them.
    private mutating func updateDrawCommon(_ m: inout DrawModel, _ key: Key) -> [Step]? {
        guard let action = DrawAction.commonKeyMap.action(for: key) else { return nil }
        switch action {
        case .map(let move): moveDrawingMap(&m, move)
        case .routing:
            m.routingOn.toggle()
            status = StatusMessage(text: !m.routingOn ? L("Routing off: new legs are straight lines")
                                       : m.mapMissing ? L("Routing on, but no map is imported: legs stay straight until one is")
                                       : L("Routing on: new legs follow mapped ways"), isError: false)
            return keepDraft(m)
        case .search:
            m.panel = .search(DrawSearch())
        case .save:
            return askSaveName(m, replacing: m.sourceHike)
        case .saveCopy:
            return askSaveName(m, replacing: nil, copyOf: m.sourceHike)
        case .fit: m.fitToStops()
        case .places:
            guard m.stops.count >= 2, m.planRequest == nil else {
                status = StatusMessage(text: m.stops.count < 2 ? L("Places along the route need a start and a destination")
                                                              : L("Still routing; p again in a moment"), isError: false)
                return []
            }
            leave(to: .placesOverDrawing(m))
        case .ownPlace:
            modal = PlacesFeature.ownPlacePrompt(Place(kind: .other, name: nil, coordinate: m.cursor), .drawing,
                                                 where: L("at the cursor"))
        case .labels: m.showsLabels.toggle()
        case .contours: m.showsContours.toggle()
        case .hillshade: m.showsHillshade.toggle()
        case .help: modal = .help
        default: return nil
        }
        return []
    }

    /// A place of one's own, named, joins the route's places (kept with the draft).
    mutating func addOwnPlace(_ place: Place) -> [Step] {
        guard var m = model else { return [] }
        let p = m.addRoutePlace(place)
        model = m
        status = StatusMessage(text: L("Added your place “%s” to the route (saved with it)", TextSanitizer.sanitize(p.name ?? "")),
                               isError: false)
        return keepDraft(m)
    }

    /// Keys with the map focused: move the cursor, drop a pin, leave.
    private mutating func updateDrawMap(_ m: inout DrawModel, _ key: Key) -> [Step] {
        if let e = updateDrawCommon(&m, key) { return e }
        guard let action = DrawAction.mapKeyMap.action(for: key) else { return [] }
        switch action {
        case .map(let move): moveDrawingMap(&m, move)
        case .dropPin:
            let existing = m.pinUnderCursor
            let at = existing.map { m.pins[$0] } ?? m.cursor
            m.panel = .pinCard(PinCard(pin: at, existingPin: existing, choices: PinChoice.available(stopCount: m.stops.count)))
        case .toList:
            if m.stops.isEmpty {
                status = StatusMessage(text: L("No stops yet: Enter drops a pin at the cursor"), isError: false)
            } else {
                m.focus = .list
                m.selected = min(m.selected, m.stops.count - 1)
            }
        case .leave:
            return leaveDrawing(m)
        default: break
        }
        return []
    }

    /// Keys with the stop list focused: select, reorder, move, delete.
    private mutating func updateStopList(_ m: inout DrawModel, _ key: Key) -> [Step] {
        if let e = updateDrawCommon(&m, key) { return e }
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
            return changeStops(&m, .reorder(from: i, to: i + d))
        case .moveStop:
            m.moving = i
            m.focus = .map
            m.putCursor(on: m.stops[i])
            m.snapCursorToCell()
        case .deleteStop:
            m.selected = max(0, min(i, n - 2))
            let e = changeStops(&m, .delete(i))
            if m.stops.isEmpty { m.focus = .map }
            return e
        case .goToStop:
            m.focus = .map
            m.putCursor(on: m.stops[i])
            m.snapCursorToCell()
        case .toMap:
            m.focus = .map
        case .leave:
            return leaveDrawing(m)
        default: break
        }
        return []
    }

    /// Keys while a stop is being moved: the cursor moves, Enter puts the stop there.
    private mutating func updateMovingStop(_ m: inout DrawModel, _ key: Key) -> [Step] {
        guard let i = m.moving, let action = DrawAction.movingKeyMap.action(for: key) else { return [] }
        switch action {
        case .putStop:
            m.moving = nil
            m.focus = .list
            guard m.stops.indices.contains(i), m.stops[i] != m.cursor else { return [] }
            return changeStops(&m, .move(i, to: m.cursor))
        case .cancelMove:
            m.moving = nil
            m.focus = .list
            status = StatusMessage(text: L("Stop %s stays where it was", i + 1), isError: false)
        case .help: modal = .help
        case .map(let move): moveDrawingMap(&m, move)
        default: break
        }
        return []
    }

    /// Applies one change to the stops at once and asks the router for the legs it touched;
    /// keeps the draft.
    mutating func changeStops(_ m: inout DrawModel, _ change: StopChange) -> [Step] {
        guard let newStops = change.applied(to: m.stops) else { return [] }
        return setStops(&m, newStops)
    }

    /// Sets the stops (routing flags per ``DrawModel/legRouting(for:)``), asks for a plan,
    /// keeps the draft.
    /// A stop new to the drawing (placed at the cursor, a pin, a place) is put at the precision
    /// the screen shows and the route prints (``DrawScreenView/atShownPrecision(_:)``), so the
    /// coordinates a hiker reads give the same figures (DECISIONS 412); stops already there stay.
    mutating func setStops(_ m: inout DrawModel, _ newStops: [Coordinate]) -> [Step] {
        let newStops = newStops.map { m.stops.contains($0) ? $0 : DrawScreenView.atShownPrecision($0) }
        let routing = m.legRouting(for: newStops)
        m.stops = newStops
        m.legRouting = routing
        m.selected = min(m.selected, max(0, newStops.count - 1))
        return [requestPlan(&m)] + keepDraft(m)
    }

    /// A plan request for the model's stops (optionally inserting `between`).
    mutating func requestPlan(_ m: inout DrawModel, insertBetween pin: Coordinate? = nil) -> Step {
        let request = shared.nextRequest()
        m.planRequest = request
        if pin != nil { m.insertionPending = true }
        return .own(.plan(DrawPlanRequest(request: request, base: m.plan, stops: m.stops, legRouting: m.legRouting,
                                           insertBetween: pin.map(DrawScreenView.atShownPrecision), routingOn: m.routingOn)))
    }

    /// Keeps the drawing in the store (or forgets it when it holds nothing and edits no hike,
    /// or edits a saved drawing without having changed it).
    mutating func keepDraft(_ m: DrawModel) -> [Step] {
        var draft = m.draft
        draft.owner = shared.owner
        if (draft.isEmpty && m.sourceHike == nil) || m.isUnchangedEdit {
            guard shared.storedDraft != nil else { return [] }
            shared.storedDraft = nil
            return [.own(.clearDraft(owner: shared.owner))]
        }
        shared.storedDraft = draft
        return [.own(.saveDraft(draft))]
    }

    /// Back to the library; the drawing stays kept (with the map as it is now).
    mutating func leaveDrawing(_ m: DrawModel) -> [Step] {
        let effects = keepDraft(m)
        leave(to: .libraryReloadingPreview)
        if shared.storedDraft != nil {
            status = StatusMessage(text: L("Drawing kept: n continues it"), isError: false)
        }
        return effects
    }

    /// Asks for map data when the drawing map's basemap cannot serve its view.
    mutating func drawBasemapEffects() -> [Step] {
        guard let m = model else { return [] }
        if let b = m.basemap, b.canServe(m.viewport) { return [] }
        if waitingViewport == m.viewport { return [] }  // asked already
        waitingViewport = m.viewport
        return [.basemap(.drawing, m.viewport)]
    }

    /// After a resize: the drawing map keeps its centre and zoom at the new size.
    mutating func relayoutDraw() -> [Step] {
        guard var m = model else { return [] }
        let map = DrawScreenLayout(area: context.layout.content).map
        m.viewport = m.viewport.resized(width: max(1, map.width), height: max(1, map.height))
        m.keepCursorInView()
        model = m
        return drawBasemapEffects()
    }
}

import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap
import TrailStore

extension DrawUpdate {
    /// What the drawing screen says when no map is imported: legs are straight, and how to get
    /// map data — around the selected hike when there is one (`cairn map fetch --around`), else
    /// an extract of the region.
    static func noMapHint(_ hike: HikeID?) -> String {
        if let hike {
            return L("No map yet, legs are straight. Map data around this hike: cairn map fetch --around %s (or cairn map import REGION.osm.pbf)",
                     hike.rawValue)
        }
        return L("No map and no hikes yet, legs are straight. Map data: cairn map import REGION.osm.pbf (from download.geofabrik.de), or import a hike and cairn map fetch --around ITS-ID")
    }

    /// Results of the drawing effects.
    mutating func drawMessage(_ message: DrawMessage) -> [Step] {
        switch message {
        case .draftLoaded(let draft):
            shared.storedDraft = (draft?.isEmpty ?? true) ? nil : draft
            return []
        case .planned(let request, let plan, let places, let elevationKnown, let elevation):
            return planned(request: request, plan, places: places, elevationKnown: elevationKnown, elevation: elevation)
        case .searchResults(let request, let results):
            guard var m = model, case .search(var search) = m.panel, search.request == request else { return [] }
            search.results = results
            search.selected = 0
            search.request = nil
            m.panel = .search(search)
            model = m
            return []
        case .mapArea(let box):
            guard var m = model, m.stops.isEmpty, m.pins.isEmpty else { return [] }
            let untouched = m.viewport.center == m.viewAwaitingMapArea?.center && m.viewport.zoom == m.viewAwaitingMapArea?.zoom
                && m.cursor == m.cursorAwaitingMapArea
            m.viewAwaitingMapArea = nil
            m.cursorAwaitingMapArea = nil
            m.mapMissing = box == nil
            model = m
            guard let box else {
                status = StatusMessage(text: Self.noMapHint(selectedHikeID), isError: false)
                return []
            }
            // The hiker zoomed, panned or moved the cursor before the answer: their view stays.
            guard untouched else { return [] }
            m.viewport = MapViewport.fit(box, width: m.viewport.width, height: m.viewport.height, margin: 1,
                                         maxZoom: DrawModel.fitMaxZoom)
            m.cursor = m.viewport.center
            m.snapCursorToCell()
            model = m
            return drawBasemapEffects()
        case .drawnHikeLoaded(let id, let name, let track, let places, let stopPlaces):
            status = StatusMessage(text: L("Editing %s: changes are kept as a draft; w updates it, W saves a copy", TextFit.truncate(name, toWidth: 40)),
                                         isError: false)
            let stops = RoutePlan.stops(of: track), legRouting = RoutePlan.legRouting(of: track)
            let effects = startDrawing(stops: stops, legRouting: legRouting,
                                       pins: [], routingOn: true, view: nil, cursor: nil, sourceHike: id, name: name)
            guard var m = model else { return effects }
            for p in places { m.addRoutePlace(p) }
            m.sourcePlaces = m.routePlaces
            // The stops keep the places they were saved with (found again by name), not the
            // nearest feature a fresh lookup would give (DECISIONS 769).
            for (stop, kept) in zip(m.stops, stopPlaces) {
                guard let kept else { continue }
                m.chosenPlaces[stop] = kept
                m.places[stop] = .some(kept)
            }
            // No draft until the first change (this forgets a draft the hiker chose to discard).
            m.sourceStops = m.stops
            m.sourceLegRouting = m.legRouting
            model = m
            return effects + keepDraft(m)
        case .saved(let name, let outcome):
            let id: HikeID
            switch outcome {
            case .inserted(let i):
                id = i
                status = StatusMessage(text: L("Saved %s as %s (a drawn hike)", TextFit.truncate(name, toWidth: 40), i),
                                             isError: false)
            case .duplicate(let i):
                id = i
                status = StatusMessage(text: L("The same route is already stored as %s; nothing new saved", i), isError: false)
            }
            shared.storedDraft = nil
            // The library keeps its filter; the saved hike is selected when it passes it.
            leave(to: .librarySelecting(id))
            return forgetSavedDraft()
        case .updated(let name, let id):
            status = StatusMessage(text: L("Updated %s (%s): new line, same walks", TextFit.truncate(name, toWidth: 40), id),
                                   isError: false)
            shared.storedDraft = nil
            leave(to: .librarySelecting(id))
            return forgetSavedDraft()
        case .saveFailed(let text):
            model?.saving = false
            status = StatusMessage(text: L("Not saved: %s", text), isError: true)
            return [.bell]
        case .planFailed(let request, let reason):
            return planFailed(request: request, reason: reason)
        case .searchFailed(let request, let reason):
            if var m = model, case .search(var search) = m.panel, search.request == request {
                search.results = []
                search.request = nil
                m.panel = .search(search)
                model = m
            }
            status = StatusMessage(text: L("Search failed: %s", reason), isError: true)
            return [.bell]
        case .draftFailed(let operation, let reason):
            let what: String
            switch operation {
            case .load: what = L("The unfinished drawing could not be read")
            case .keep: what = L("The drawing could not be kept")
            case .clear: what = L("The kept drawing could not be forgotten")
            case .loadDrawnHike: what = L("The drawn hike could not be read")
            }
            status = StatusMessage(text: "\(what): \(reason)", isError: true)
            return [.bell]
        }
    }

    /// A plan request failed: the legs stay as they were; a stop waiting to be placed between
    /// is dropped, and the keys that waited for it run.
    private mutating func planFailed(request: Int, reason: String) -> [Step] {
        guard var m = model, m.planRequest == request else { return [] }
        m.planRequest = nil
        m.mapMissing = true
        status = StatusMessage(text: L("Route not planned: %s", reason), isError: true)
        guard m.insertionPending else {
            model = m
            return [.bell]
        }
        m.insertionPending = false
        let waiting = m.deferred
        m.deferred = []
        model = m
        var effects: [Step] = [.bell]
        let failure = status
        for event in waiting where model != nil {
            effects += updateDraw(event)
        }
        if status.text.isEmpty { status = failure }
        return effects
    }

    /// A plan arrived: used when it answers the newest request, ignored otherwise.
    private mutating func planned(request: Int, _ plan: RoutePlan, places: [NamedPlace?],
                         elevationKnown: Bool, elevation: RouteElevation?) -> [Step] {
        guard var m = model, m.planRequest == request else { return [] }
        m.plan = plan
        m.planRequest = nil
        m.elevationKnown = elevationKnown
        m.elevation = elevation
        for (stop, place) in zip(plan.stops, places) { m.places[stop] = .some(m.chosenPlaces[stop] ?? place) }
        guard m.insertionPending else {
            model = m
            return []
        }
        // A stop "between" was placed: take the router's stops, keep the draft, then run the
        // keys that waited.
        let before = m.stops
        m.stops = plan.stops
        m.legRouting = plan.legRouting
        m.insertionPending = false
        if let i = (0..<plan.stops.count).first(where: { $0 >= before.count || before[$0] != plan.stops[$0] }) {
            m.selected = i
            let total = plan.stops.count
            status = StatusMessage(text: L("Stop %s placed between stops %s and %s of %s", i + 1, i, i + 2, total),
                                         isError: false)
        }
        let waiting = m.deferred
        m.deferred = []
        model = m
        var effects = keepDraft(m)
        for event in waiting where model != nil {
            effects += updateDraw(event)
        }
        return effects
    }

    /// After a save: forget this viewer's draft, then read the newest draft still kept (another
    /// viewer's drawing, offered by `n` next). A crash between the two only offers the saved
    /// drawing again.
    mutating func forgetSavedDraft() -> [Step] {
        [.own(.clearDraft(owner: shared.owner)), .own(.loadDraft)]
    }
}

extension CairnApp {
    /// The status line of the drawing screen when there is no message (from the key map of the
    /// mode it is in).
    func drawStatusHint(_ state: AppState) -> String {
        guard let m = state.drawing else { return "" }
        if m.saving { return L("Saving…") }
        if let i = m.moving { return L("Moving stop %d:", i + 1) + " " + hintLine(DrawAction.movingKeyMap.hints) }
        switch m.panel {
        case .pinCard(let card): return hintLine(DrawAction.pinCardHints(card))
        case .search: return L("Type a name · ↑ ↓ choose · Enter adds it as a stop · Esc closes")
        case .stops: break
        }
        if m.focus == .list {
            return L("Stops:") + " " + hintLine(DrawAction.listKeyMap.hints + DrawAction.commonKeyMap.hints)
        }
        return hintLine(DrawAction.mapKeyMap.hints + DrawAction.commonKeyMap.hints)
    }

}

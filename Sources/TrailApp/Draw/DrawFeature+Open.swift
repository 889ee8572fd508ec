import Localization
import Foundation
import TermUI
import TrailCore
import TrailMap
import TrailStore

extension DrawUpdate {
    // MARK: - Opening a drawing

    /// `n` in the library: a new drawing, or — when an unfinished one is kept — the question
    /// whether to continue it.
    mutating func newDrawing() -> [Step] {
        if let draft = shared.storedDraft, !draft.isEmpty {
            modal = .drawing(.resumeDraft(draft))
            return []
        }
        return startDrawing(stops: [], legRouting: [], pins: [], routingOn: true, view: nil, cursor: nil)
    }

    /// `e` on the hike screen: edit the open hike when it is a drawn one.
    mutating func editDrawnHike(_ hike: HikeModel) -> [Step] {
        guard hike.screen.hike.kind == HikeKind.drawn.rawValue else {
            status = StatusMessage(text: L("Only drawn hikes can be edited (this one is %s)", hike.screen.hike.kind ?? "imported"),
                                         isError: false)
            return []
        }
        if let draft = shared.storedDraft, !draft.isEmpty {
            modal = .drawing(.replaceDraft(hike.id, name: hike.screen.hike.name, kept: draft))
            return []
        }
        status = StatusMessage(text: L("Opening %s for editing…", hike.screen.hike.name), isError: false)
        return [.own(.loadDrawnHike(hike.id))]
    }

    /// Opens the drawing screen. The map shows `view` (centre and zoom) when it holds every
    /// stop, else it is fitted over the stops; a drawing without stops opens over the library's
    /// selected hike when the map store covers it, else over the map store's covered area,
    /// else (no map at all) over the selected hike.
    mutating func startDrawing(stops: [Coordinate], legRouting: [Bool], pins: [Coordinate],
                      routingOn: Bool, view: (center: Coordinate, zoom: Double)?, cursor: Coordinate?,
                      sourceHike: HikeID? = nil, name: String? = nil) -> [Step] {
        let map = DrawScreenLayout(area: context.layout.content).map
        let w = max(1, map.width), h = max(1, map.height)
        var m = DrawModel(stops: stops, legRouting: legRouting, pins: pins, routingOn: routingOn,
                          viewport: MapViewport(center: Coordinate(latitude: 0, longitude: 0), zoom: 2, width: w, height: h))
        m.sourceHike = sourceHike
        m.name = name
        var effects: [Step] = []
        if let view {
            m.viewport = MapViewport(center: view.center, zoom: view.zoom, width: w, height: h)
            m.cursor = cursor ?? view.center
        }
        if view == nil || !m.showsAllStops || m.viewport.cell(m.cursor) == nil {
            if !(stops + pins).isEmpty {
                m.fitToStops()
                if let cursor, m.viewport.cell(cursor) != nil { m.cursor = cursor }
            } else {
                // Over the selected hike for now; the map store says whether it has data there
                // (else the drawing moves to where it has).
                let box = selectedHikeBox
                if let box {
                    m.viewport = MapViewport.fit(box, width: w, height: h, margin: 2, maxZoom: DrawModel.fitMaxZoom)
                    m.cursor = m.viewport.center
                }
                effects.append(.own(.findMapArea(preferring: box)))
            }
        }
        m.keepCursorInView()
        m.snapCursorToCell()
        if effects.contains(where: { if case .own(.findMapArea) = $0 { return true } else { return false } }) {
            m.viewAwaitingMapArea = m.viewport
            m.cursorAwaitingMapArea = m.cursor
        }
        m.selected = max(0, stops.count - 1)
        modal = nil
        opens = true
        // All legs are made afresh (and what is at each stop looked up).
        if !stops.isEmpty { effects.append(requestPlan(&m)) }
        model = m
        return effects + drawBasemapEffects()
    }

    /// Opens a kept draft.
    mutating func openDraft(_ d: DrawingDraft) -> [Step] {
        let view = d.mapCenter.flatMap { c in d.mapZoom.map { (center: c, zoom: $0) } }
        status = StatusMessage(text: L("Continuing the unfinished drawing"), isError: false)
        let effects = startDrawing(stops: d.stops, legRouting: d.legRouting, pins: d.pins, routingOn: d.routingOn,
                                   view: view, cursor: d.cursor, sourceHike: d.sourceHike, name: d.name)
        model?.routePlaces = d.places
        // The places picked for stops by search stay theirs (DECISIONS 502, 504).
        for (stop, kept) in zip(d.stops, d.stopPlaces) {
            guard let place = kept?.namedPlace, let at = model?.stops.first(where: { $0 == stop }) else { continue }
            model?.chosenPlaces[at] = place
            model?.places[at] = .some(place)
        }
        // Another viewer's draft (or one kept by an earlier run) moves into this viewer's own
        // row, kept first and then forgotten there, so two viewers continuing the same draft
        // keep two drawings (the newcomer lost one when both wrote its row, issue 34).
        guard d.owner != shared.owner, let m = model else { return effects }
        return effects + keepDraft(m) + [.own(.clearDraft(owner: d.owner))]
    }

    // MARK: - Dialogs and prompts

    /// Keys of the drawing dialogs.
    mutating func updateDrawDialog(_ dialog: DrawDialog, _ key: Key) -> [Step] {
        switch (dialog, key) {
        case (.resumeDraft(let d), .enter), (.resumeDraft(let d), .character("c")):
            modal = nil
            return openDraft(d)
        case (.resumeDraft(let d), .character("d")):
            modal = nil
            shared.storedDraft = nil
            status = StatusMessage(text: L("Unfinished drawing discarded"), isError: false)
            return [.own(.clearDraft(owner: d.owner))] + startDrawing(stops: [], legRouting: [], pins: [], routingOn: true,
                                                        view: nil, cursor: nil)
        case (.replaceDraft(let id, _, let kept), .character("y")), (.replaceDraft(let id, _, let kept), .character("Y")):
            modal = nil
            // The replaced draft is forgotten; the edit is kept in this viewer's own row.
            shared.storedDraft = nil
            return [.own(.clearDraft(owner: kept.owner)), .own(.loadDrawnHike(id))]
        case (_, .escape), (_, .character("q")), (.replaceDraft, .character("n")), (.replaceDraft, .character("N")):
            modal = nil
            status = StatusMessage(text: L("The unfinished drawing is kept"), isError: false)
            return []
        default:
            return []
        }
    }

    /// `w` / `W`: the name prompt, once the route has a start and a destination and is routed;
    /// with `replacing` (`w` on a saved route opened with `e`), saving updates that hike.
    mutating func askSaveName(_ m: DrawModel, replacing: HikeID?, copyOf: HikeID? = nil) -> [Step] {
        guard m.stops.count >= 2 else {
            status = StatusMessage(text: L("A route needs a start and a destination before it can be saved"), isError: false)
            return []
        }
        guard m.planRequest == nil else {
            status = StatusMessage(text: L("Still routing; save again in a moment"), isError: false)
            return []
        }
        let name = m.lastSaveName ?? m.name ?? CairnApp.suggestedName(m)
        if let replacing {
            modal = .prompt(PromptModel(purpose: .drawing(.updateName(replacing)),
                                        title: L("Update the saved route (its walks stay; W saves a copy instead) as"), text: name))
        } else if let copyOf {
            modal = .prompt(PromptModel(purpose: .drawing(.copyName(copyOf)), title: L("Save a copy of the route as a new hike called"),
                                        text: L("%s (copy)", name)))
        } else {
            modal = .prompt(PromptModel(purpose: .drawing(.saveName), title: L("Save the route as a new hike called"),
                                        text: name))
        }
        return []
    }

    /// A drawing prompt was accepted with `text` (not empty).
    mutating func drawPromptAccepted(_ purpose: DrawPrompt, _ text: String) -> [Step] {
        let target: DrawSaveTarget
        switch purpose {
        case .saveName: target = .newHike
        case .updateName(let id): target = .replace(id)
        case .copyName(let id): target = .copy(of: id)
        case .search: return []
        }
        guard var m = model, m.stops.count >= 2, m.planRequest == nil else { return [] }
        m.saving = true
        m.lastSaveName = text
        model = m
        status = StatusMessage(text: L("Saving %s…", text), isError: false)
        let names = m.plan.stops.map { (m.places[$0] ?? nil)?.name }
        var places = m.routePlaces.map { var p = $0; p.id = nil; return p }
        // A pin set on a map place (a peak, a hut…) saves that place with its kind, OSM id and
        // height; a plain pin stays only a stop (a waypoint of the route, not a place).
        for stop in m.plan.stops {
            guard let n = m.places[stop] ?? nil, (n.distance ?? .infinity) <= DrawModel.pinOnPlaceDistance,
                  let p = Place(named: n), !places.contains(where: { $0.osmID == p.osmID }) else { continue }
            places.append(p)
        }
        return [.own(.save(name: text, m.plan, stopNames: names, places: places, target: target))]
    }
}

extension CairnApp {
    /// Title and lines of a drawing dialog.
    func drawDialogContent(_ dialog: DrawDialog) -> (String, [(text: String, role: String)]) {
        switch dialog {
        case .resumeDraft(let d):
            return (L("Unfinished drawing"), [
                (Self.draftDescription(d), ThemeRole.text),
                ("", ThemeRole.text),
                (L("Enter / c  continue it"), ThemeRole.text),
                (L("d          discard it and start a new one"), ThemeRole.text),
                (L("Esc        back to the library"), ThemeRole.muted),
            ])
        case .replaceDraft(_, let name, let d):
            return (L("Edit %s", TextFit.truncate(name, toWidth: 40)), [
                (L("An unfinished drawing is kept: %s.", Self.draftDescription(d)), ThemeRole.text),
                (L("Discard it and edit this hike instead? (y/n)"), ThemeRole.warning),
            ])
        }
    }

    /// "3 stops, 1 pin (editing Coll d'Ordino)".
    static func draftDescription(_ d: DrawingDraft) -> String {
        var parts = [Ln("%d stop", "%d stops", d.stops.count, d.stops.count)]
        if !d.pins.isEmpty { parts.append(Ln("%d pin", "%d pins", d.pins.count, d.pins.count)) }
        var text = parts.joined(separator: ", ")
        if let name = d.name { text += " " + L("(editing %s)", TextFit.truncate(name, toWidth: 30)) }
        return text
    }

    /// The library's note about a kept draft.
    static func draftNotice(_ d: DrawingDraft) -> String {
        L("Unfinished drawing (%s): n continues it", draftDescription(d))
    }

    /// "Start place – destination place" when both are named, else "Drawn route".
    static func suggestedName(_ m: DrawModel) -> String {
        guard let first = m.stops.first, let last = m.stops.last,
              let a = m.places[first] ?? nil, let b = m.places[last] ?? nil else { return L("Drawn route") }
        return a.name == b.name ? a.name : "\(a.name) – \(b.name)"
    }
}

import Localization
import Foundation
import TermUI
import TrailCore
import TrailStore

/// What a places prompt asks for.
public enum PlacesPrompt: Sendable, Equatable {
    /// The name of a new place of the hiker's own (`a`, `o`), asked first; its note next.
    case ownName(Place, OwnPlaceTarget)
    /// The note of that place, named already (Enter on an empty note adds it without one).
    case ownNote(Place, OwnPlaceTarget)
    /// A new name / note for the hike's place with this id.
    case rename(Int64), note(Int64)
}

/// Where a place of one's own goes once named.
public enum OwnPlaceTarget: Sendable, Equatable {
    /// A stored hike (the hike, follow and recording screens): stored at once.
    case hike(HikeID)
    /// The route on the drawing screen (kept with its draft, saved with it).
    case drawing
    /// The hike or drawing the Places screen is over.
    case placesScreen
}

/// The Places screen's update: it changes only its ``PlacesModel`` and hands the rest back.
enum PlacesFeature {
    typealias Result = FeatureResult<PlacesEffect>

    /// Opens Places over the hike screen and asks for the first search.
    static func open(_ hike: HikeModel, within: Double) -> (PlacesModel, Result) {
        var model = PlacesModel(hike: hike, within: within)
        var result = Result()
        search(&model, &result)
        return (model, result)
    }

    /// Opens Places over the route being drawn: its line is the plan's, its places the
    /// drawing's (kept in the drawing, not the store, until the route is saved).
    static func open(drawing d: DrawModel, within: Double, context: FeatureContext) -> (PlacesModel, Result)? {
        let track = d.plan.track(name: nil)
        guard track.segments.contains(where: { $0.points.count > 1 }) else { return nil }
        let map = context.layout.hike.map
        var screen = HikeScreenState(hike: PreparedHike(name: d.name ?? L("the route being drawn"), kind: HikeKind.drawn.rawValue,
                                                        tracks: [track]),
                                     mapWidth: max(1, map.width), mapHeight: max(1, map.height))
        screen.viewport = d.viewport
        screen.setPlaces(d.routePlaces)
        // Row 0 is never a stored hike (row ids start at 1): nothing of the drawing reaches the store.
        var model = PlacesModel(hike: HikeModel(id: HikeID(rowID: 0), screen: screen), within: within)
        model.drawing = d
        var result = Result()
        search(&model, &result)
        return (model, result)
    }

    /// A change to the places of what Places is over: for a stored hike the store's work; for
    /// a drawing done at once on the drawing's ``DrawModel/routePlaces``.
    static func change(_ model: inout PlacesModel, _ effect: PlacesEffect) -> Result {
        guard var d = model.drawing else { return Result([effect]) }
        let status: String
        switch effect {
        case .add(_, let place):
            if let osm = place.osmID, d.routePlaces.contains(where: { $0.osmID == osm }) {
                return Result(status: StatusMessage(text: L("Already on the route"), isError: false))
            }
            let p = d.addRoutePlace(place)
            status = L("Added %s “%s” to the route (saved with it)", p.kind.label, TextSanitizer.sanitize(p.name ?? L("unnamed")))
        case .update(_, let place):
            guard let i = d.routePlaces.firstIndex(where: { $0.id == place.id }) else { return Result() }
            d.routePlaces[i] = place
            status = L("Place changed")
        case .remove(_, let id):
            d.routePlaces.removeAll { $0.id == id }
            status = L("Place removed")
        case .search:
            return Result([effect])
        }
        model.drawing = d
        _ = message(&model, .stored(model.hike.id, d.routePlaces, status: status))
        return Result(status: StatusMessage(text: status, isError: false))
    }

    static func search(_ model: inout PlacesModel, _ result: inout Result) {
        model.searches += 1
        model.pendingSearch = model.searches
        let h = model.hike.screen.hike
        result.effects.append(.own(.search(request: model.searches, coordinates: h.coordinates, distances: h.profile.distances,
                                           segmentStarts: h.profile.segmentStartIndices, within: model.within,
                                           area: model.area)))
        result.status = StatusMessage(text: model.area == nil ? L("Looking for places within %s of the line…", radiusText(model.within))
                                                               : L("Looking for places in this area…"), isError: false)
    }

    static func radiusText(_ m: Double) -> String { m >= 1000 ? "\(Int(m / 1000)) km" : "\(Int(m)) m" }

    static func update(_ model: inout PlacesModel, _ event: InputEvent, _ context: FeatureContext) -> Result {
        guard case .key(let key) = event, let action = PlacesAction.keyMap.action(for: key) else { return Result() }
        var result = Result()
        let chips = PlaceKind.searchable
        let hikeID = model.hike.id
        switch action {
        case .move(let d):
            model.selected = max(0, min(model.rows.count - 1, model.selected + d))
        case .chip(let d):
            model.chip = (model.chip + d + chips.count) % chips.count
        case .toggleChip:
            let k = chips[model.chip]
            if model.kinds.contains(k) { model.kinds.remove(k) } else { model.kinds.insert(k) }
            model.selected = 0
        case .onlyChip:
            model.kinds = [chips[model.chip]]
            model.selected = 0
        case .allChips:
            model.kinds = Set(chips)
        case .widen, .narrow:
            let radii = PlacesModel.radii
            let i = radii.firstIndex { $0 >= model.within } ?? radii.count - 1
            let j = max(0, min(radii.count - 1, i + (action == .widen ? 1 : -1)))
            guard radii[j] != model.within else { return Result(bell: true) }
            model.within = radii[j]
            model.area = nil
            search(&model, &result)
        case .area:
            model.area = model.area == nil ? model.hike.screen.viewport.bounds : nil
            search(&model, &result)
        case .add:
            guard let row = model.selectedRow else { return Result(bell: true) }
            if row.place.id != nil {
                return Result(status: StatusMessage(text: model.drawing == nil ? L("Already on the hike (x removes it)") : L("Already on the route (x removes it)"),
                                                    isError: false))
            }
            return change(&model, .add(hikeID, row.place))
        case .own:
            let h = model.hike.screen.hike
            guard h.pointCount > 0 else { return Result(bell: true) }
            let i = model.hike.screen.scrubIndex
            let place = Place(kind: .other, name: nil, coordinate: h.coordinates[i], elevation: h.profile.elevations[i])
            result.modal = ownPlacePrompt(place, .placesScreen, where: L("at the profile's cursor"))
        case .rename, .note:
            guard let place = model.selectedRow?.place, let id = place.id else {
                return Result(status: StatusMessage(text: L("Only the hike's places can be changed (a adds this one)"), isError: false))
            }
            result.modal = action == .rename
                ? .prompt(PromptModel(purpose: .places(.rename(id)), title: L("New name"), text: place.name ?? ""))
                : .prompt(PromptModel(purpose: .places(.note(id)), title: L("Note"), text: place.note ?? ""))
        case .kind:
            guard var place = model.selectedRow?.place, place.id != nil else { return Result(bell: true) }
            let all = PlaceKind.allCases
            place.kind = all[((all.firstIndex(of: place.kind) ?? 0) + 1) % all.count]
            return change(&model, .update(hikeID, place))
        case .remove:
            guard let id = model.selectedRow?.place.id else { return Result(bell: true) }
            return change(&model, .remove(hikeID, placeID: id))
        case .help:
            result.modal = .help
        case .back:
            result.navigation = model.drawing.map { .drawingWithPlaces($0) } ?? .hike(model.hike)
        }
        return result
    }

    /// The first prompt for a place of one's own (its name; the note is asked next).
    static func ownPlacePrompt(_ place: Place, _ target: OwnPlaceTarget, where text: String) -> Modal {
        .prompt(PromptModel(purpose: .places(.ownName(place, target)), title: L("Name of your place %s", text)))
    }

    /// A prompt of the Places screen answered with `text`.
    static func promptAccepted(_ model: inout PlacesModel, _ prompt: PlacesPrompt, _ text: String) -> Result {
        let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
        let hikeID = model.hike.id
        switch prompt {
        case .ownName, .ownNote:
            return Result()  // CairnApp.placesPromptAccepted asks for the note and adds the place
        case .rename(let id), .note(let id):
            guard var place = model.added.first(where: { $0.place.id == id })?.place else { return Result() }
            if case .rename = prompt { place.name = value.isEmpty ? nil : value } else { place.note = value.isEmpty ? nil : value }
            return change(&model, .update(hikeID, place))
        }
    }

    /// An answer for the Places screen.
    static func message(_ model: inout PlacesModel, _ message: PlacesMessage) -> Result {
        switch message {
        case .found(let request, let places):
            guard request == model.pendingSearch else { return Result() }
            model.pendingSearch = nil
            model.found = places
            model.selected = min(model.selected, max(0, model.rows.count - 1))
            let scope = model.area == nil ? L("within %s of the line", radiusText(model.within)) : L("in this area")
            return Result(status: StatusMessage(text: Ln("%d place %s", "%d places %s", places.count, places.count, scope), isError: false))
        case .stored(let id, let places, let status):
            guard id == model.hike.id else { return Result() }
            let selectedPlace = model.selectedRow?.place
            model.hike.screen.setPlaces(places)
            if let osm = selectedPlace?.osmID, let i = model.rows.firstIndex(where: { $0.place.osmID == osm }) { model.selected = i }
            model.selected = min(model.selected, max(0, model.rows.count - 1))
            return Result(status: StatusMessage(text: status, isError: false))
        case .failed(let reason):
            model.pendingSearch = nil
            if model.found == nil { model.found = [] }
            return Result(status: StatusMessage(text: L("Places: %s", reason), isError: true), bell: true)
        }
    }
}

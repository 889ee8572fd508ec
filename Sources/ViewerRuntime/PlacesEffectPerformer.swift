import Foundation
import HikeServices
import Localization
import TrailApp
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain

/// The Places screen's work: the map search on the map queue, the hike's places in the
/// hike store on the store queue. Failures go back as ``PlacesMessage/failed(_:)``.
final class PlacesEffectPerformer: ScreenEffectPerformer {
    static let kind = AppState.Screen.Kind.places
    private let connections: StoreConnections

    init(_ connections: StoreConnections) { self.connections = connections }

    func perform(_ effect: PlacesEffect, send: @escaping EffectPerformer.Send) {
        switch effect {
        case .search(let request, let coordinates, let distances, let starts, let within, let area):
            connections.map.async { c in
                do {
                    guard let map = try c.store() else {
                        send(.places(.failed(L("no map store; import an extract with `cairn map import FILE.osm`")))); return
                    }
                    let line = TrailProximity(coordinates: coordinates, distances: distances, segmentStarts: starts)
                    let found: [PlaceAlongTrail]
                    if let area {
                        found = try map.places(in: area).map { p in
                            let n = line.nearest(to: p.coordinate)
                            return PlaceAlongTrail(place: p, distanceAlong: n?.along ?? 0, distanceOff: n?.off ?? 0,
                                                   pointIndex: n?.index ?? 0)
                        }.sorted(by: TrailProximity.walkingOrder)
                    } else {
                        found = try map.places(along: line, within: within)
                    }
                    let terrain = c.terrain()
                    send(.places(.found(request: request, found.map { var r = $0; r.place = PlaceHeights.filled(r.place, terrain); return r })))
                } catch {
                    send(.places(.failed("\(error)")))
                }
            }
        case .add(let id, let place), .update(let id, let place):
            connections.store.async { c in
                do {
                    let store = try c.store()
                    let status: String
                    if case .add = effect {
                        let p = try store.addPlace(PlaceHeights.filled(place, c.terrain()), to: id)
                        status = L("Added %s “%s” to the hike (#%d)", p.isOwn ? L("your place") : p.kind.label,
                                   TerminalText.clean(p.name ?? L("unnamed")), p.id ?? 0)
                    } else {
                        try store.updatePlace(place, of: id)
                        status = L("Place changed")
                    }
                    send(.places(.stored(id, try store.places(of: id), status: status)))
                } catch {
                    send(.places(.failed("\(error)")))
                }
            }
        case .remove(let id, let placeID):
            connections.store.async { c in
                do {
                    let store = try c.store()
                    try store.removePlaces([placeID], from: id)
                    send(.places(.stored(id, try store.places(of: id), status: L("Place removed"))))
                } catch {
                    send(.places(.failed("\(error)")))
                }
            }
        }
    }
}

import Foundation
import HikeServices
import Localization
import TrailApp
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain

/// The Routes screen's work: the listing on the map queue; completion and storing a route as a
/// hike on the store queue (the place names of missing stretches from the map, on its queue).
/// Failures go back as ``RoutesMessage/failed(_:)``.
final class RoutesEffectPerformer: ScreenEffectPerformer {
    static let kind = AppState.Screen.Kind.routes
    private let connections: StoreConnections

    init(_ connections: StoreConnections) { self.connections = connections }

    func perform(_ effect: RoutesEffect, send: @escaping EffectPerformer.Send) {
        switch effect {
        case .list(let request, let box, let point, let includeLong):
            connections.map.async { c in
                do {
                    guard let map = try c.store() else {
                        send(.routes(.failed(L("no map store; import an extract with `cairn map import FILE.osm`")))); return
                    }
                    // Listed as `cairn routes` lists them (RouteListing).
                    let listing = try RouteListing(map: map, box: box, near: point, includeLongDistance: includeLong)
                    send(.routes(.listed(request: request, listing.shown, hiddenLongDistance: listing.hiddenLongDistance)))
                } catch {
                    send(.routes(.failed("\(error)")))
                }
            }
        case .completion(let key, let runs, let excluding):
            connections.store.async { [connections] s in
                do {
                    let (c, lines) = try s.store().completion(of: runs, excluding: excluding)
                    // The names from the map, on its queue (store, then map).
                    let names = try connections.map.read { mc in CompletionNames.ends(of: c.missingStretches, map: (try? mc.store()) ?? nil) }
                    let figures = CompletionNames.figures(c, lines, names: names)
                    send(.routes(.completion(key, figures)))
                } catch {
                    send(.routes(.failed(L("completion: %s", "\(error)"))))
                }
            }
        case .open(let route):
            connections.store.async { s in
                do {
                    let terrain = s.terrain().map { TerrainElevation(store: $0) }
                    let hike = route.hike(elevate: terrain.map { t in { t.plannedTrack($0).0 } })
                    let title = TerminalText.clean(route.title)
                    // The same route opened before the terrain tiles were imported was stored
                    // without heights (another content hash): that copy is this route too.
                    let plain = terrain == nil ? [] : [route.hike().contentHash]
                    switch try s.store().insert(hike, sameAs: plain) {
                    case .inserted(let id):
                        send(.routes(.opened(id, status: terrain == nil ? L("Stored %s as hike %s (no terrain: no heights)", title, id)
                                                 : L("Stored %s as hike %s with terrain heights", title, id))))
                    case .duplicate(let id):
                        send(.routes(.opened(id, status: L("%s is stored already as hike %s", title, id))))
                    }
                } catch {
                    send(.routes(.failed(L("opening the route: %s", "\(error)"))))
                }
            }
        }
    }
}

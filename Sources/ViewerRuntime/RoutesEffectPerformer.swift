import Foundation
import HikeServices
import TrailApp
import TrailCore
import TrailMap
import TrailStore
import TrailTerrain

/// The Routes screen's work: the listing on the map queue; completion and storing a route as a
/// hike on the store queue (the place names of missing stretches from the map, on its queue).
/// Failures go back as ``RoutesMessage/failed(_:)``.
final class RoutesEffectPerformer: Sendable {
    private let connections: StoreConnections

    init(_ connections: StoreConnections) { self.connections = connections }

    func perform(_ effect: RoutesEffect, send: @escaping EffectPerformer.Send) {
        switch effect {
        case .list(let request, let box, let point, let includeLong):
            connections.map.async { c in
                do {
                    guard let map = try c.store() else {
                        send(.routes(.failed("no map store; import an extract with `cairn map import FILE.osm`"))); return
                    }
                    let world = BoundingBox(minLatitude: -90, minLongitude: -180, maxLatitude: 90, maxLongitude: 180)
                    let all = try map.routeSummaries(in: box ?? world, near: point, includeLongDistance: true)
                    let shown = all.filter { includeLong || !$0.isLongDistance }
                    send(.routes(.listed(request: request, shown, hiddenLongDistance: all.count - shown.count)))
                } catch {
                    send(.routes(.failed("\(error)")))
                }
            }
        case .completion(let key, let runs, let excluding):
            connections.store.async { [connections] s in
                do {
                    let (c, lines) = try s.store().completion(of: runs, excluding: excluding)
                    let missing = c.missingStretches
                    // The names from the map, on its queue (store, then map).
                    let names: [NamePair] = try connections.map.read { mc in
                        let map = (try? mc.store()) ?? nil
                        return missing.map { m in NamePair(from: (try? map?.nearestPlaceName(to: m.from)) ?? nil,
                                                           to: (try? map?.nearestPlaceName(to: m.to)) ?? nil) }
                    }
                    let figures = CompletionFigures(
                        share: c.share, length: c.length, walked: c.walked,
                        walkedRanges: c.walkedStretches.map { $0.start...$0.end },
                        missing: zip(missing, names).map { CompletionFigures.Missing(start: $0.start, end: $0.end,
                                                                                      fromName: $1.from, toName: $1.to) },
                        hikesRead: lines.hikesRead, walksRead: lines.walksRead)
                    send(.routes(.completion(key, figures)))
                } catch {
                    send(.routes(.failed("completion: \(error)")))
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
                        send(.routes(.opened(id, status: "Stored \(title) as hike \(id)"
                                             + (terrain == nil ? " (no terrain: no heights)" : " with terrain heights"))))
                    case .duplicate(let id):
                        send(.routes(.opened(id, status: "\(title) is stored already as hike \(id)")))
                    }
                } catch {
                    send(.routes(.failed("opening the route: \(error)")))
                }
            }
        }
    }
}

/// The place names at the two ends of a missing stretch (nil: nothing named near).
private struct NamePair: Sendable {
    var from: String?
    var to: String?
}

import Foundation
import HikeServices
import Localization
import TrailApp
import TrailCore
import TrailMap
import TrailStore

/// The match review's work: the recorded line read from the hike store and matched on the
/// map queue (``HikeMatching``, as `cairn match`), the kept line stored on the store queue.
/// Failures go back as ``ReviewMessage/failed(_:)``.
final class ReviewEffectPerformer: ScreenEffectPerformer {
    static let kind = AppState.Screen.Kind.review
    private let connections: StoreConnections

    init(_ connections: StoreConnections) { self.connections = connections }

    func perform(_ effect: ReviewEffect, send: @escaping EffectPerformer.Send) {
        switch effect {
        case .match(let id):
            connections.store.async { [connections] c in
                do {
                    let store = try c.store()
                    let recorded = try store.tracks(of: id, line: .raw).flatMap(\.segments).map(\.points)
                    let raw = recorded.map { $0.map(\.coordinate) }
                    let version = try store.keptLineVersion(of: id)
                    // The line shown, to find the choices it was saved with.
                    let kept = version == 0 ? nil : try store.tracks(of: id).flatMap(\.segments).map(\.points)
                    connections.map.async { m in
                        do {
                            guard let map = try m.store() else {
                                send(.review(.failed(L("no map store; import an extract with `cairn map import FILE.osm.pbf`")))); return
                            }
                            guard var match = try HikeMatching.match(segments: raw, map: map) else {
                                send(.review(.failed(L("the hike has no points to match")))); return
                            }
                            match.noteHeightEffects(recorded: recorded)
                            let saved = kept.flatMap { match.choices(giving: $0, recorded: recorded) }
                            send(.review(.matched(id, raw: raw, match, keptVersion: version, keptChoices: saved)))
                        } catch {
                            send(.review(.failed("\(error)")))
                        }
                    }
                } catch {
                    send(.review(.failed("\(error)")))
                }
            }
        case .keep(let id, let match, let choices):
            connections.store.async { c in
                do {
                    let store = try c.store()
                    // Kept as `cairn match --keep matched` keeps it (HikeMatching).
                    switch try HikeMatching.keep(match, choices: choices, of: id, in: store) {
                    case .unchanged(let version):
                        send(.review(.unchanged(id, version: version)))
                    case .reused(let version):
                        send(.review(.kept(id, version: version, length: try store.summary(id).statistics.distance, reused: true)))
                    case .stored(let version):
                        send(.review(.kept(id, version: version, length: try store.summary(id).statistics.distance)))
                    }
                } catch {
                    send(.review(.failed("\(error)")))
                }
            }
        case .keepRaw(let id):
            connections.store.async { c in
                do {
                    let store = try c.store()
                    guard try store.keepRawLine(of: id) else { send(.review(.unchanged(id, version: 0))); return }
                    send(.review(.kept(id, version: 0, length: try store.summary(id).statistics.distance)))
                } catch {
                    send(.review(.failed("\(error)")))
                }
            }
        }
    }
}

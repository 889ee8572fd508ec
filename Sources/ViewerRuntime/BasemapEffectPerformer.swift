import Foundation
import HikeServices
import Synchronization
import TrailApp
import TrailMap
import TrailTerrain

/// Loads map data for the maps on screen, on the map queue. Only the newest request is
/// served: older ones still queued are skipped (their screens wait for the newest anyway, see
/// ``BasemapRequests``). With terrain tiles the basemap carries the contour lines of its box
/// (``MapBasemap/addContours(from:)``), computed here, off the UI thread.
final class BasemapEffectPerformer: Sendable {
    private let connections: StoreConnections
    private let latest = Atomic<Int>(0)

    init(_ connections: StoreConnections) { self.connections = connections }

    func load(request: Int, _ viewport: MapViewport, send: @escaping EffectPerformer.Send) {
        latest.store(request, ordering: .sequentiallyConsistent)
        connections.map.async { [self] c in
            guard latest.load(ordering: .sequentiallyConsistent) == request else { return }
            do {
                var basemap: MapBasemap
                if let map = try c.store() {
                    basemap = try MapBasemap.load(from: map, viewport: viewport)
                } else {
                    basemap = MapBasemap(features: [], coverageAreas: [], bounds: viewport.bounds,
                                         zoom: MapBasemap.queryZoom(viewport.zoom))
                }
                if let terrain = c.terrain() { basemap.addContours(from: terrain) }
                send(.basemapLoaded(request: request, basemap))
            } catch {
                send(.basemapFailed(request: request, reason: "\(error)"))
            }
        }
    }
}

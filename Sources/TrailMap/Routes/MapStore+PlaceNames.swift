import Foundation
import TrailCore

extension MapStore {
    /// The name of the named place (peak, hut, village, saddle… — ``places(in:kinds:)``) nearest
    /// to `coordinate` within `within` metres, for saying where a stretch starts and ends
    /// ("missing 12.4 km from Arinsal to Coll de la Botella"); nil when none is that close.
    /// - Throws: ``SQLiteError``.
    public func nearestPlaceName(to coordinate: Coordinate, within: Double = 1000) throws -> String? {
        let box = BoundingBox(coordinate).expanded(byMetres: within)
        return try places(in: box)
            .compactMap { p -> (String, Double)? in
                guard let n = p.name, !n.isEmpty else { return nil }
                let d = Geodesy.sphericalDistance(from: coordinate, to: p.coordinate)
                return d <= within ? (n, d) : nil
            }
            .min { $0.1 < $1.1 }?.0
    }
}

import Foundation
import TrailCore

extension MapStore {
    /// The places (``Place/init(feature:)``) whose map feature lies in `box`, every kind or
    /// only `kinds`, in no particular order. Features are read at street zoom (16), so none
    /// is left out for its size.
    /// - Throws: ``SQLiteError``.
    public func places(in box: BoundingBox, kinds: Set<PlaceKind>? = nil) throws -> [Place] {
        let wanted = kinds ?? Set(PlaceKind.searchable)
        let features = try self.features(in: box, zoom: MapStore.simplificationMaxZoom,
                                         classes: PlaceKind.featureClasses(for: wanted))
        return features.compactMap { f in
            guard let p = Place(feature: f), wanted.contains(p.kind) else { return nil }
            return p
        }
    }

    /// The places within `within` metres of a trail, in walking order, with their distances
    /// along and off it (``TrailProximity/placesAlong(_:within:)``).
    ///
    /// Candidates come from the R*Tree for the trail's box widened by `within`, so the cost is
    /// one indexed query plus a nearest-point search per candidate.
    /// - Throws: ``SQLiteError``.
    public func places(along trail: TrailProximity, within: Double, kinds: Set<PlaceKind>? = nil) throws
        -> [PlaceAlongTrail] {
        guard let bounds = trail.bounds else { return [] }
        let box = bounds.expanded(byMetres: within)
        return trail.placesAlong(try places(in: box, kinds: kinds), within: within)
    }
}

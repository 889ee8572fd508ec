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

extension BoundingBox {
    /// The box widened by `metres` on every side (degrees from the WGS84 radii at the box's
    /// widest latitude, clamped to the poles and the antimeridian).
    public func expanded(byMetres metres: Double) -> BoundingBox {
        let lat = max(abs(minLatitude), abs(maxLatitude))
        let p = LocalProjection(origin: Coordinate(latitude: min(lat, 89), longitude: 0))
        let dLat = metres / p.metresPerDegreeLatitude, dLon = metres / p.metresPerDegreeLongitude
        return BoundingBox(minLatitude: max(-90, minLatitude - dLat), minLongitude: max(-180, minLongitude - dLon),
                           maxLatitude: min(90, maxLatitude + dLat), maxLongitude: min(180, maxLongitude + dLon))
    }
}

import Foundation
import TrailCore
import TrailSQLite

/// A named feature found by ``MapStore/search(name:near:limit:classes:)`` or
/// ``MapStore/nearestNamedFeature(to:maxDistance:classes:)``.
public struct NamedPlace: Sendable, Hashable {
    /// The feature it names.
    public let id: MapFeatureID
    /// Its class (peak, hut, path, place…).
    public let featureClass: FeatureClass
    /// The `name` tag.
    public let name: String
    /// Where to show it: the feature's ``MapFeature/representativeCoordinate``.
    public let coordinate: Coordinate
    /// The feature's kept tags (e.g. `ele` of a peak).
    public let tags: [String: String]
    /// Metres from the point asked about: great-circle distance to `coordinate` for a
    /// search, distance to the geometry (0 inside an area) for a nearest-feature query;
    /// nil for a search without a reference point.
    public let distance: Double?

    /// A named feature as given (a kept drawing's stop place, DECISIONS 504).
    public init(id: MapFeatureID, featureClass: FeatureClass, name: String, coordinate: Coordinate, tags: [String: String],
                distance: Double?) {
        self.id = id
        self.featureClass = featureClass
        self.name = name
        self.coordinate = coordinate
        self.tags = tags
        self.distance = distance
    }
}

extension NamedPlace {
    /// The same feature at `distance` metres from the point asked about (0: the point is the
    /// place, as a stop put in from a search is).
    public func at(distance: Double?) -> NamedPlace {
        NamedPlace(id: id, featureClass: featureClass, name: name, coordinate: coordinate, tags: tags, distance: distance)
    }
}

extension MapStore {
    /// Finds named features whose name (or alt_name) contains words starting with each word
    /// of `name`, ignoring case and accents ("refugi ang" finds "Refugi de l'Angonella").
    ///
    /// Uses the FTS5 index (tokenizer unicode61, remove_diacritics 2). With `near`, the best
    /// 1,000 text matches are sorted by distance from it; without, by FTS5 rank.
    /// - Parameters:
    ///   - name: the words typed by the user; punctuation is ignored.
    ///   - near: a reference point for sorting, or nil.
    ///   - limit: the most results to return.
    ///   - classes: only these classes (nil: all).
    /// - Throws: ``SQLiteError``.
    public func search(name: String, near: Coordinate? = nil, limit: Int = 20,
                       classes: Set<FeatureClass>? = nil) throws -> [NamedPlace] {
        let words = name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
        guard !words.isEmpty, limit > 0 else { return [] }
        let query = words.map { "\"\($0)\"*" }.joined(separator: " ")
        let st = try cachedStatement("""
            SELECT f.id, f.class, f.name, f.label_lat, f.label_lon, f.tags
            FROM feature_names n JOIN features f ON f.id = n.rowid
            WHERE feature_names MATCH ?1 ORDER BY n.rank LIMIT 1000
            """)
        defer { st.reset() }
        try st.bind(.text(query), at: 1)
        var out: [NamedPlace] = []
        while try st.step() {
            guard let id = MapFeatureID(rawValue: st.int64(0)), let cls = FeatureClass(rawValue: st.string(1)) else { continue }
            if let classes, !classes.contains(cls) { continue }
            let c = FixedPoint.coordinate(latE7: Int32(truncatingIfNeeded: st.int64(3)), lonE7: Int32(truncatingIfNeeded: st.int64(4)))
            let tags = st.withBlob(5) { TagsJSON.decode($0) } ?? [:]
            out.append(NamedPlace(id: id, featureClass: cls, name: st.optionalString(2) ?? tags["name"] ?? "",
                                  coordinate: c, tags: tags, distance: near.map { LocalPlane.haversine($0, c) }))
        }
        if near != nil { out.sort { ($0.distance ?? 0, $0.name) < ($1.distance ?? 0, $1.name) } }
        return Array(out.prefix(limit))
    }

    /// The named feature nearest to a point, within `maxDistance` metres: "what is here".
    ///
    /// Distance is measured to the geometry (a path's nearest segment, a peak's node) in a
    /// local flat approximation (``LocalPlane``). Points and lines win over areas: an area
    /// (a lake, a forest, a park) is returned only when no named point or line is in range,
    /// and then the smallest area containing the point, else the nearest outline.
    /// - Parameters:
    ///   - coordinate: where the user is or a stop is.
    ///   - maxDistance: search radius in metres.
    ///   - classes: only these classes (nil: all).
    /// - Returns: the feature and its distance, or nil when nothing named is that close.
    /// - Throws: ``SQLiteError``.
    public func nearestNamedFeature(to coordinate: Coordinate, maxDistance: Double,
                                    classes: Set<FeatureClass>? = nil) throws -> NamedPlace? {
        let box = LocalPlane.box(around: coordinate, metres: maxDistance)
        let plane = LocalPlane(origin: coordinate)
        var best: (MapFeature, Double)?
        var bestArea: (MapFeature, Double, Double)?  // feature, distance, bbox size
        for f in try features(in: box, zoom: 99, classes: classes) {
            guard f.name != nil else { continue }
            if f.kind == .area {
                let inside = f.parts.filter { plane.isInside(ring: $0) }.count % 2 == 1
                let d = inside ? 0 : f.parts.map { plane.distance(toPolyline: $0) }.min() ?? .infinity
                guard d <= maxDistance else { continue }
                let size = (f.bounds.maxLatitude - f.bounds.minLatitude) * (f.bounds.maxLongitude - f.bounds.minLongitude)
                if bestArea.map({ (d, size) < ($0.1, $0.2) }) ?? true { bestArea = (f, d, size) }
            } else {
                let d = f.parts.map { plane.distance(toPolyline: $0) }.min() ?? .infinity
                guard d <= maxDistance else { continue }
                if best.map({ d < $0.1 || (d == $0.1 && f.id < $0.0.id) }) ?? true { best = (f, d) }
            }
        }
        guard let (f, d) = best ?? bestArea.map({ ($0.0, $0.1) }) else { return nil }
        return NamedPlace(id: f.id, featureClass: f.featureClass, name: f.name ?? "", coordinate: f.representativeCoordinate,
                          tags: f.tags.dictionary, distance: d)
    }
}

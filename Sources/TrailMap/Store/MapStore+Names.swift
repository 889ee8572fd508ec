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
    /// Uses the FTS5 index (tokenizer unicode61, remove_diacritics 2). The best 1,000 text
    /// matches are ordered by ``SearchRank``: exact names, then names starting with the words;
    /// within that by class (places, peaks and huts before paths, roads and lifts), then by
    /// distance from `near` (without it, by FTS5 rank); results farther than
    /// ``searchNearRadius`` from `near` come after all nearer ones, and pieces of one named
    /// feature (same name and class within ``searchSamePlaceRadius``) come once.
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
        // What a hiker looks for first (DECISIONS 765): the name typed exactly, then names that
        // start with it; places, then peaks and huts, water and landmarks, paths, roads, and lifts
        // and boundaries last; then by distance (or FTS5 rank without a reference point).
        // Places farther than ``searchNearRadius`` from `near` come after every nearer one,
        // whatever their name match (issue 34: an exact name 1,238 km away led the list).
        let rank = out.enumerated().map { i, p in
            (far: (p.distance ?? 0) > Self.searchNearRadius ? 1 : 0, match: SearchRank.match(words, p.name),
             tier: SearchRank.tier(p.featureClass), distance: p.distance ?? Double(i), p: p)
        }
        let sorted = rank.sorted {
            ($0.far, $0.match, $0.tier, $0.distance, $0.p.name) < ($1.far, $1.match, $1.tier, $1.distance, $1.p.name)
        }.map(\.p)
        // One entry per place: a path, road or lift mapped as many ways with one name comes once
        // (the best-ranked piece); the same name and class farther than
        // ``searchSamePlaceRadius`` from every kept piece is another place and stays.
        var kept: [NamedPlace] = []
        var seen: [String: [Coordinate]] = [:]
        for p in sorted where kept.count < limit {
            let key = p.featureClass.rawValue + "\u{1F}" + p.name.lowercased()
            // Only lines are mapped in pieces; lakes or peaks sharing a name are each a place.
            if Self.mappedInPieces(p.featureClass), let near = seen[key],
               near.contains(where: { LocalPlane.haversine($0, p.coordinate) <= Self.searchSamePlaceRadius }) {
                continue
            }
            seen[key, default: []].append(p.coordinate)
            kept.append(p)
        }
        return kept
    }

    /// How far from the reference point a search result still counts as near (metres): a
    /// day's walk and then some; farther ones are listed after all nearer ones.
    public static let searchNearRadius = 100_000.0

    /// Classes of lines that mappers split into many ways under one name (roads, paths,
    /// streams, lifts, ridges): their pieces are one place in search results.
    static func mappedInPieces(_ c: FeatureClass) -> Bool {
        c.isHighway || [.river, .stream, .aerialway, .ridge, .cliff, .boundary].contains(c)
    }

    /// Pieces of one feature with the same name and class closer than this (metres) to a kept
    /// piece are the same place in search results (a ski piste of 40 ways spans a few km).
    public static let searchSamePlaceRadius = 5_000.0

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
                let inside = f.parts.filter { plane.isInside(ring: $0.array) }.count % 2 == 1
                let d = inside ? 0 : f.parts.map { plane.distance(toPolyline: $0.array) }.min() ?? .infinity
                guard d <= maxDistance else { continue }
                let size = (f.bounds.maxLatitude - f.bounds.minLatitude) * (f.bounds.maxLongitude - f.bounds.minLongitude)
                if bestArea.map({ (d, size) < ($0.1, $0.2) }) ?? true { bestArea = (f, d, size) }
            } else {
                let d = f.parts.map { plane.distance(toPolyline: $0.array) }.min() ?? .infinity
                guard d <= maxDistance else { continue }
                if best.map({ d < $0.1 || (d == $0.1 && f.id < $0.0.id) }) ?? true { best = (f, d) }
            }
        }
        guard let (f, d) = best ?? bestArea.map({ ($0.0, $0.1) }) else { return nil }
        return NamedPlace(id: f.id, featureClass: f.featureClass, name: f.name ?? "", coordinate: f.representativeCoordinate,
                          tags: f.tags.dictionary, distance: d)
    }
}

/// How a place search orders its matches (``MapStore/search(name:near:limit:classes:)``).
enum SearchRank {
    /// 0 when `name` is the typed words exactly, 1 when it starts with them, 2 otherwise
    /// (case and accents ignored, punctuation as word breaks, as FTS5's unicode61 does).
    static func match(_ words: [String], _ name: String) -> Int {
        let nameWords = name.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split { !$0.isLetter && !$0.isNumber }.map(String.init)
        let typed = words.map { $0.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
        if nameWords == typed { return 0 }
        if nameWords.count >= typed.count, zip(nameWords, typed).allSatisfy({ $0.hasPrefix($1) }) { return 1 }
        return 2
    }

    /// The class's rank: what a walker more likely means by a name.
    static func tier(_ c: FeatureClass) -> Int {
        switch c {
        case .place: return 0
        case .peak, .saddle, .hut, .shelter: return 1
        case .water, .river, .stream, .waterfall, .spring, .drinkingWater, .glacier, .viewpoint, .ridge, .cliff: return 2
        case .protectedArea, .parking, .busStop, .information, .toilets: return 3
        case .track, .path, .footway, .steps, .bridleway, .viaFerrata: return 4
        case .motorway, .trunk, .primaryRoad, .secondaryRoad, .tertiaryRoad, .minorRoad, .serviceRoad, .pedestrian, .cycleway:
            return 5
        default: return 6
        }
    }
}

import Foundation
import TrailCore

extension PlaceKind {
    /// The kind of place a stored map feature is, or nil when it is none a hiker looks for.
    ///
    /// By class (``FeatureClassifier`` has read the tags): peak → peak, saddle → saddle,
    /// spring and drinking water → spring, hut and shelter → hut, viewpoint, waterfall,
    /// parking, toilets, bus stop; `place=city|town|village|hamlet` → village (not farms,
    /// suburbs or countries); a *named* water area that is not a river (`water=river|canal|
    /// stream` and riverbanks are left out) → lake. Unnamed ponds are left out: in the Andorra
    /// extract they are mostly snow-making basins and puddles.
    public init?(feature f: MapFeature) {
        self.init(featureClass: f.featureClass, tags: f.tags.dictionary, name: f.name, isArea: f.kind == .area)
    }

    /// The kind by a feature's class, tags, name and whether it is an area (rules above).
    public init?(featureClass: FeatureClass, tags: [String: String], name: String?, isArea: Bool) {
        switch featureClass {
        case .peak: self = .peak
        case .saddle: self = .saddle
        case .spring, .drinkingWater: self = .spring
        case .hut, .shelter: self = .hut
        case .viewpoint: self = .viewpoint
        case .waterfall: self = .waterfall
        case .parking: self = .parking
        case .toilets: self = .toilets
        case .busStop: self = .busStop
        case .place:
            guard let v = tags["place"], ["city", "town", "village", "hamlet"].contains(v) else { return nil }
            self = .village
        case .water:
            guard isArea, name != nil, tags["waterway"] == nil,
                  !["river", "canal", "stream", "ditch", "riverbank"].contains(tags["water"] ?? "") else { return nil }
            self = .lake
        default: return nil
        }
    }

    /// The map classes that may hold places of these kinds (for the store query).
    public static func featureClasses(for kinds: Set<PlaceKind>) -> Set<FeatureClass> {
        var out = Set<FeatureClass>()
        for k in kinds {
            switch k {
            case .peak: out.insert(.peak)
            case .saddle: out.insert(.saddle)
            case .spring: out.formUnion([.spring, .drinkingWater])
            case .hut: out.formUnion([.hut, .shelter])
            case .viewpoint: out.insert(.viewpoint)
            case .waterfall: out.insert(.waterfall)
            case .lake: out.insert(.water)
            case .parking: out.insert(.parking)
            case .toilets: out.insert(.toilets)
            case .busStop: out.insert(.busStop)
            case .village: out.insert(.place)
            case .other: break
            }
        }
        return out
    }
}

extension Place {
    /// The place a map feature is (``PlaceKind/init(feature:)``): its name, the feature's
    /// ``MapFeature/representativeCoordinate`` (the node; an area's box centre), the tagged
    /// `ele`, the OSM id ("node/123") and the tags of ``Place/hikerTagKeys`` it has.
    public init?(feature f: MapFeature) {
        guard let kind = PlaceKind(feature: f) else { return nil }
        self.init(kind: kind, name: f.name, coordinate: f.representativeCoordinate, elevation: f.elevation,
                  osmID: f.id.description, tags: Place.hikerTags(f.tags.dictionary))
    }

    /// The place a named feature found at a drawn route's stop is (peak, hut, village…, by
    /// ``PlaceKind/init(featureClass:tags:name:isArea:)``; never a lake, a search result not
    /// saying whether it is an area): its name, coordinate, tagged `ele` (metres), OSM id and
    /// hiker tags. Nil for a path, a road or any other class that is no place.
    public init?(named n: NamedPlace) {
        guard let kind = PlaceKind(featureClass: n.featureClass, tags: n.tags, name: n.name, isArea: false) else { return nil }
        self.init(kind: kind, name: n.name, coordinate: n.coordinate, elevation: MapFeature.elevation(tags: n.tags),
                  osmID: n.id.description, tags: Place.hikerTags(n.tags))
    }

    /// The tags of ``Place/hikerTagKeys`` among `tags`.
    static func hikerTags(_ tags: [String: String]) -> [String: String] {
        var out: [String: String] = [:]
        for k in Place.hikerTagKeys { if let v = tags[k] { out[k] = v } }
        return out
    }
}

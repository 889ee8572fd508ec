import Foundation
import TrailCore

/// Chooses a ``FeatureClass`` for an OSM object from its tags, and the tags worth keeping.
///
/// Order of precedence (the first rule that matches wins, so every object has one class):
/// - nodes: natural (peak, volcano, saddle, spring) → tourism (alpine_hut, wilderness_hut,
///   viewpoint, information) → amenity (shelter, drinking_water, parking, toilets) →
///   waterway=waterfall → highway=bus_stop → place (with a name);
/// - ways and multipolygon relations: highway (known classes only; highway=proposed,
///   construction, platform… fall through) → aerialway → tourism → amenity → waterway →
///   natural → landuse → leisure → boundary → place;
/// - boundary relations: boundary only.
/// Objects that match nothing are not stored (their nodes still give ways their shape).
enum FeatureClassifier {
    /// Keys kept in a feature's stored tags: what the renderer, a walking router (foot,
    /// access, sac_scale, trail_visibility, surface, smoothness, tracktype), the places list
    /// and waymarked routes need. Everything else is dropped at import.
    static let keptKeys: Set<String> = [
        "highway", "sac_scale", "trail_visibility", "surface", "smoothness", "tracktype", "incline", "width",
        "foot", "access", "bicycle", "horse", "motor_vehicle", "vehicle", "oneway",
        "name", "alt_name", "ref", "ele", "natural", "waterway", "water", "intermittent", "seasonal",
        "landuse", "leisure", "boundary", "admin_level", "protect_class", "tourism", "amenity", "information",
        "shelter_type", "drinking_water", "place", "aerialway", "bridge", "tunnel", "layer", "area",
        "route", "type", "osmc:symbol", "symbol", "colour", "network", "distance", "from", "to", "roundtrip", "operator",
        // What the places list shows of a hut or a spring (DECISIONS 201).
        "opening_hours", "capacity", "fee", "website", "contact:website",
    ]

    /// ``keptKeys`` for the reader to ask with a key's C bytes (``OSMSink/tagKeys``).
    static let keptTagKeys = OSMTagKeys(keptKeys)

    /// The class for a node, or nil when the node is not a feature.
    static func classifyNode(_ tags: [OSMTag]) -> FeatureClass? {
        if let v = tags.value("natural") {
            switch v {
            case "peak", "volcano": return .peak
            case "saddle": return .saddle
            case "spring": return .spring
            default: break
            }
        }
        if let c = tourismOrAmenity(tags) { return c }
        if tags.value("waterway") == "waterfall" { return .waterfall }
        if tags.value("highway") == "bus_stop" { return .busStop }
        if tags.value("place") != nil, tags.value("name") != nil { return .place }
        return nil
    }

    /// The class for a way or a multipolygon relation, or nil.
    static func classifyArea(_ tags: [OSMTag]) -> FeatureClass? {
        if let v = tags.value("highway"), let c = highwayClass(v) { return c }
        if let v = tags.value("aerialway"), aerialwayLines.contains(v) { return .aerialway }
        if let c = tourismOrAmenity(tags) { return c }
        if let v = tags.value("waterway") {
            switch v {
            case "river", "canal": return .river
            case "stream", "ditch", "drain": return .stream
            case "riverbank": return .water
            default: break
            }
        }
        if let v = tags.value("natural") {
            switch v {
            case "water": return .water
            case "wood": return .forest
            case "grassland", "heath", "scrub", "fell": return .grassland
            case "scree", "shingle": return .scree
            case "bare_rock": return .bareRock
            case "glacier": return .glacier
            case "cliff": return .cliff
            case "ridge", "arete": return .ridge
            default: break
            }
        }
        if let v = tags.value("landuse") {
            switch v {
            case "reservoir", "basin": return .water
            case "forest": return .forest
            case "meadow", "grass": return .grassland
            default: return .landuse
            }
        }
        if tags.value("leisure") != nil { return .leisure }
        if let c = boundaryClass(tags) { return c }
        if tags.value("place") != nil, tags.value("name") != nil { return .place }
        return nil
    }

    /// The class for a `type=boundary` relation, or nil.
    static func boundaryClass(_ tags: [OSMTag]) -> FeatureClass? {
        guard let v = tags.value("boundary") else { return nil }
        switch v {
        case "protected_area", "national_park": return .protectedArea
        case "administrative":
            guard let level = tags.value("admin_level").flatMap({ Int($0) }), level <= 4 else { return nil }
            return .boundary
        default: return nil
        }
    }

    private static func tourismOrAmenity(_ tags: [OSMTag]) -> FeatureClass? {
        if let v = tags.value("tourism") {
            switch v {
            case "alpine_hut", "wilderness_hut": return .hut
            case "viewpoint": return .viewpoint
            case "information": return .information
            default: break
            }
        }
        if let v = tags.value("amenity") {
            switch v {
            case "shelter": return .shelter
            case "drinking_water": return .drinkingWater
            case "parking": return .parking
            case "toilets": return .toilets
            default: break
            }
        }
        return nil
    }

    static let aerialwayLines: Set<String> = [
        "cable_car", "gondola", "mixed_lift", "chair_lift", "drag_lift", "t-bar", "j-bar", "platter",
        "rope_tow", "magic_carpet", "zip_line", "goods",
    ]

    /// highway=* value to class; nil for values that are not roads or paths.
    static func highwayClass(_ v: String) -> FeatureClass? {
        switch v {
        case "motorway", "motorway_link": return .motorway
        case "trunk", "trunk_link": return .trunk
        case "primary", "primary_link": return .primaryRoad
        case "secondary", "secondary_link": return .secondaryRoad
        case "tertiary", "tertiary_link": return .tertiaryRoad
        case "unclassified", "residential", "living_street", "road": return .minorRoad
        case "service": return .serviceRoad
        case "pedestrian": return .pedestrian
        case "cycleway": return .cycleway
        case "track": return .track
        case "path": return .path
        case "footway": return .footway
        case "steps": return .steps
        case "bridleway": return .bridleway
        case "via_ferrata": return .viaFerrata
        default: return nil
        }
    }

    /// The tags worth storing, sorted by key.
    static func keptTags(_ tags: [OSMTag]) -> [OSMTag] {
        // keptTagKeys answers as keptKeys does (OSMTagKeys), without hashing each String.
        tags.filter { keptTagKeys.contains($0.key) }.sorted { $0.key < $1.key }
    }

    /// Whether a way of class `c` is drawn as an area: closed (first node = last, at least
    /// 4 nodes), and either an area class or tagged `area=yes`; `area=no` always wins.
    static func wayIsArea(_ c: FeatureClass, closed: Bool, tags: [OSMTag]) -> Bool {
        guard closed else { return false }
        switch tags.value("area") {
        case "yes": return true
        case "no": return false
        default: return c.closedWayIsArea
        }
    }

    /// The lowest zoom at which to draw a feature.
    ///
    /// The class's ``FeatureClass/baseMinZoom``, raised for lines and areas whose extent would
    /// be under 3 pixels of a 256-pixel Web Mercator tile (an area 30 m across appears at
    /// about z14), and for places by their `place` value. Capped at 16, the street zoom.
    static func minZoom(_ c: FeatureClass, bounds: BoundingBox, isPoint: Bool, tags: [OSMTag]) -> Int {
        var z = c.baseMinZoom
        if c == .place {
            switch tags.value("place") {
            case "country": z = 3
            case "state", "region", "province": z = 5
            case "city": z = 7
            case "town": z = 9
            case "village": z = 11
            case "suburb", "hamlet": z = 12
            case "neighbourhood", "quarter": z = 14
            case "isolated_dwelling", "farm", "square": z = 15
            default: z = 14
            }
        }
        if c == .peak {
            // Peaks by height (level of detail, DECISIONS 105): the highest at country zoom.
            let ele = tags.value("ele").flatMap { Double($0.split(separator: " ").first ?? "") }
            switch ele {
            case let e? where e >= 2900: z = 10
            case let e? where e >= 2700: z = 11
            case let e? where e >= 2300: z = 12
            default: z = tags.value("name") == nil ? 14 : 13
            }
        }
        if !isPoint {
            let a = WebMercator.unitPoint(Coordinate(latitude: bounds.maxLatitude, longitude: bounds.minLongitude))
            let b = WebMercator.unitPoint(Coordinate(latitude: bounds.minLatitude, longitude: bounds.maxLongitude))
            let extent = max(b.u - a.u, b.v - a.v)
            if extent > 0 {
                // Lines from 3 pixels (braille dots) across; areas only from 12, so small
                // woods, meadows and ponds do not turn a wide view into dot soup.
                let pixels = c.closedWayIsArea && !c.isHighway ? 12.0 : 3.0
                let sizeZoom = Int(log2(pixels / (256 * extent)).rounded(.up))
                z = max(z, sizeZoom)
            } else {
                z = 16
            }
        }
        return min(max(z, 0), 16)
    }
}

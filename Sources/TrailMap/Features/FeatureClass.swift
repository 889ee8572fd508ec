import Foundation
import Localization

/// What a map feature is, for drawing, routing and the places list.
///
/// Every stored feature has exactly one class, chosen from its OSM tags by
/// ``FeatureClassifier`` (the order of precedence is documented there). Raw values are
/// stored in the map file and must never change; new classes may be added.
public enum FeatureClass: String, Sendable, Hashable, CaseIterable, Comparable {
    // Roads (highway=*)
    /// highway=motorway, motorway_link.
    case motorway
    /// highway=trunk, trunk_link.
    case trunk
    /// highway=primary, primary_link.
    case primaryRoad = "primary"
    /// highway=secondary, secondary_link.
    case secondaryRoad = "secondary"
    /// highway=tertiary, tertiary_link.
    case tertiaryRoad = "tertiary"
    /// highway=unclassified, residential, living_street, road.
    case minorRoad = "minor_road"
    /// highway=service.
    case serviceRoad = "service"
    /// highway=pedestrian (a line, or an area with area=yes).
    case pedestrian
    /// highway=cycleway.
    case cycleway

    // Walking network (highway=*)
    /// highway=track (forest and farm tracks; see tag tracktype).
    case track
    /// highway=path (see tags sac_scale, trail_visibility).
    case path
    /// highway=footway.
    case footway
    /// highway=steps.
    case steps
    /// highway=bridleway.
    case bridleway
    /// highway=via_ferrata.
    case viaFerrata = "via_ferrata"

    // Water
    /// natural=water, landuse=reservoir or basin, waterway=riverbank (areas).
    case water
    /// waterway=river, canal.
    case river
    /// waterway=stream, ditch, drain.
    case stream
    /// waterway=waterfall (a point).
    case waterfall
    /// natural=spring (a point).
    case spring
    /// amenity=drinking_water (a point).
    case drinkingWater = "drinking_water"

    // Land cover
    /// natural=wood, landuse=forest.
    case forest
    /// natural=grassland, heath, scrub, fell; landuse=meadow, grass.
    case grassland
    /// natural=scree, shingle.
    case scree
    /// natural=bare_rock.
    case bareRock = "bare_rock"
    /// natural=glacier.
    case glacier
    /// Any other landuse=* area (residential, farmland, quarry… the value is in the tags).
    case landuse
    /// leisure=* areas (park, nature_reserve, pitch… the value is in the tags).
    case leisure

    // Relief lines
    /// natural=cliff (a line; the cliff drops on its right-hand side).
    case cliff
    /// natural=ridge, arete.
    case ridge

    // Points of interest (points, or areas for buildings)
    /// natural=peak, volcano.
    case peak
    /// natural=saddle.
    case saddle
    /// tourism=alpine_hut, wilderness_hut.
    case hut
    /// amenity=shelter.
    case shelter
    /// tourism=viewpoint.
    case viewpoint
    /// amenity=parking.
    case parking
    /// amenity=toilets.
    case toilets
    /// tourism=information (boards, guideposts, offices; see tag information).
    case information
    /// highway=bus_stop (a point).
    case busStop = "bus_stop"
    /// place=* with a name (country … isolated_dwelling; the value is in the tags).
    case place

    // Other lines
    /// aerialway=cable_car, gondola, chair_lift, drag_lift… (ski lifts and cable cars).
    case aerialway
    /// boundary=administrative with admin_level ≤ 4 (national and regional borders).
    case boundary
    /// boundary=protected_area, national_park.
    case protectedArea = "protected_area"

    /// The broad group a class belongs to, for themes and filters.
    public enum Group: String, Sendable, CaseIterable {
        case road, walking, water, landCover, relief, pointOfInterest, place, other
    }

    /// The class's group.
    public var group: Group {
        switch self {
        case .motorway, .trunk, .primaryRoad, .secondaryRoad, .tertiaryRoad, .minorRoad, .serviceRoad,
             .pedestrian, .cycleway:
            return .road
        case .track, .path, .footway, .steps, .bridleway, .viaFerrata: return .walking
        case .water, .river, .stream, .waterfall, .spring, .drinkingWater: return .water
        case .forest, .grassland, .scree, .bareRock, .glacier, .landuse, .leisure: return .landCover
        case .cliff, .ridge: return .relief
        case .peak, .saddle, .hut, .shelter, .viewpoint, .parking, .toilets, .information, .busStop:
            return .pointOfInterest
        case .place: return .place
        case .aerialway, .boundary, .protectedArea: return .other
        }
    }

    /// True for highway classes a walking router may use (subject to foot/access tags).
    public var isHighway: Bool { group == .road || group == .walking }

    /// True when a closed way of this class is an area without needing `area=yes`.
    public var closedWayIsArea: Bool {
        switch self {
        case .water, .forest, .grassland, .scree, .bareRock, .glacier, .landuse, .leisure, .protectedArea,
             .hut, .shelter, .viewpoint, .parking, .toilets, .information, .drinkingWater, .place,
             .peak, .saddle, .spring, .waterfall:
            return true
        default:
            return false
        }
    }

    /// The lowest zoom (slippy-map level) at which features of this class are worth drawing.
    /// Stored per feature, raised for small areas and lines (see ``FeatureClassifier``);
    /// every feature is returned at zoom 16 and above.
    public var baseMinZoom: Int {
        switch self {
        case .boundary: return 5
        case .motorway, .trunk: return 7
        case .primaryRoad: return 8
        case .secondaryRoad, .water, .glacier, .protectedArea: return 9
        case .tertiaryRoad, .river, .forest: return 10
        case .peak, .scree, .bareRock, .grassland, .landuse, .leisure: return 11
        case .minorRoad, .track, .path, .hut, .aerialway: return 12
        case .serviceRoad, .pedestrian, .cycleway, .footway, .bridleway, .viaFerrata, .stream, .saddle,
             .cliff, .ridge, .shelter:
            return 13
        case .steps, .spring, .viewpoint, .waterfall, .parking: return 14
        case .drinkingWater, .information, .busStop: return 15
        case .toilets: return 16
        case .place: return 11
        }
    }

    public static func < (a: FeatureClass, b: FeatureClass) -> Bool { a.rawValue < b.rawValue }
}

extension FeatureClass {
    /// The raw values' UTF-8 bytes for ``init(utf8:)``, in one array ordered by length: the
    /// entries of length `n` are `entries[firstOfLength[n] ..< firstOfLength[n + 1]]`, each
    /// naming its bytes' start in `bytes`. Flat, so a lookup (once per row of a view query)
    /// touches no reference-counted element.
    private struct UTF8Table {
        var bytes: [UInt8] = []
        var entries: [(start: Int, value: FeatureClass)] = []
        var firstOfLength: [Int] = []
    }

    private static let utf8Table: UTF8Table = {
        var t = UTF8Table()
        let byLength = Dictionary(grouping: allCases) { $0.rawValue.utf8.count }
        let longest = byLength.keys.max() ?? 0
        for n in 0...longest {
            t.firstOfLength.append(t.entries.count)
            for c in byLength[n] ?? [] {
                t.entries.append((t.bytes.count, c))
                t.bytes.append(contentsOf: c.rawValue.utf8)
            }
        }
        t.firstOfLength.append(t.entries.count)
        return t
    }()

    /// The class whose raw value is these UTF-8 bytes (the `features.class` column read
    /// without making a `String` per row); nil for an unknown value.
    init?(utf8 bytes: UnsafeRawBufferPointer) {
        let t = Self.utf8Table
        let n = bytes.count
        guard n + 1 < t.firstOfLength.count, let base = bytes.baseAddress else { return nil }
        let found: FeatureClass? = t.bytes.withUnsafeBufferPointer { names in
            t.entries.withUnsafeBufferPointer { entries in
                for i in t.firstOfLength[n] ..< t.firstOfLength[n + 1] where memcmp(names.baseAddress! + entries[i].start, base, n) == 0 {
                    return entries[i].value
                }
                return nil
            }
        }
        guard let found else { return nil }
        self = found
    }
}

extension FeatureClass {
    /// The class in words, in the user's language ("river", German "Fluss"), for lists and
    /// messages; the raw value stays what files and JSON carry.
    public var label: String {
        switch self {
        case .motorway: return Lc("map feature", "motorway")
        case .trunk: return Lc("map feature", "trunk road")
        case .primaryRoad: return Lc("map feature", "primary road")
        case .secondaryRoad: return Lc("map feature", "secondary road")
        case .tertiaryRoad: return Lc("map feature", "tertiary road")
        case .minorRoad: return Lc("map feature", "minor road")
        case .serviceRoad: return Lc("map feature", "service road")
        case .pedestrian: return Lc("map feature", "pedestrian street")
        case .cycleway: return Lc("map feature", "cycleway")
        case .track: return Lc("map feature", "track")
        case .path: return Lc("map feature", "path")
        case .footway: return Lc("map feature", "footway")
        case .steps: return Lc("map feature", "steps")
        case .bridleway: return Lc("map feature", "bridleway")
        case .viaFerrata: return Lc("map feature", "via ferrata")
        case .water: return Lc("map feature", "water")
        case .river: return Lc("map feature", "river")
        case .stream: return Lc("map feature", "stream")
        case .waterfall: return Lc("map feature", "waterfall")
        case .spring: return Lc("map feature", "spring")
        case .drinkingWater: return Lc("map feature", "drinking water")
        case .forest: return Lc("map feature", "forest")
        case .grassland: return Lc("map feature", "grassland")
        case .scree: return Lc("map feature", "scree")
        case .bareRock: return Lc("map feature", "bare rock")
        case .glacier: return Lc("map feature", "glacier")
        case .landuse: return Lc("map feature", "land use")
        case .leisure: return Lc("map feature", "leisure area")
        case .cliff: return Lc("map feature", "cliff")
        case .ridge: return Lc("map feature", "ridge")
        case .peak: return Lc("map feature", "peak")
        case .saddle: return Lc("map feature", "saddle")
        case .hut: return Lc("map feature", "hut")
        case .shelter: return Lc("map feature", "shelter")
        case .viewpoint: return Lc("map feature", "viewpoint")
        case .parking: return Lc("map feature", "parking")
        case .toilets: return Lc("map feature", "toilets")
        case .information: return Lc("map feature", "information")
        case .busStop: return Lc("map feature", "bus stop")
        case .place: return Lc("map feature", "place")
        case .aerialway: return Lc("map feature", "aerial lift")
        case .boundary: return Lc("map feature", "boundary")
        case .protectedArea: return Lc("map feature", "protected area")
        }
    }
}

import Foundation
import Localization

/// What a walker has underfoot, in six words: the short surface vocabulary of the ground
/// shares (issue 16), read from a way's `surface`, else its `tracktype`, else its highway class.
///
/// Mapping (DECISIONS.md 210; the values are those of the OSM wiki pages Key:surface and
/// Key:tracktype; anything not listed falls through to the next source):
///
/// | class | `surface` values | `tracktype` | highway class without either tag |
/// |---|---|---|---|
/// | paved | paved, asphalt, chipseal, concrete, concrete:plates, concrete:lanes, paving_stones, sett, cobblestone, unhewn_cobblestone, bricks, brick, metal, wood | grade1 | primary, secondary, tertiary, minor and service roads, pedestrian streets |
/// | gravel | gravel, fine_gravel, compacted, pebblestone | grade2, grade3 | — |
/// | dirt | dirt, earth, ground, mud, sand, soil, woodchips, unpaved | grade4, grade5 | — |
/// | grass | grass, grass_paver | — | — |
/// | rock | rock, stone, scree, bare_rock, shingle | — | — |
/// | unknown | any other value | — | paths, footways, tracks, bridleways, steps, cycleways, via ferratas |
///
/// Roads without a `surface` count as paved because OSM's convention (and the routers' foot
/// profiles) takes a road as sealed unless tagged otherwise; a path without one is unknown.
public enum SurfaceClass: Int, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case paved = 0, gravel, dirt, grass, rock, unknown

    /// `surface` values per class.
    public static let surfaceValues: [SurfaceClass: Set<String>] = [
        .paved: ["paved", "asphalt", "chipseal", "concrete", "concrete:plates", "concrete:lanes", "paving_stones", "sett",
                 "cobblestone", "unhewn_cobblestone", "bricks", "brick", "metal", "wood"],
        .gravel: ["gravel", "fine_gravel", "compacted", "pebblestone"],
        .dirt: ["dirt", "earth", "ground", "mud", "sand", "soil", "woodchips", "unpaved"],
        .grass: ["grass", "grass_paver"],
        .rock: ["rock", "stone", "scree", "bare_rock", "shingle"],
    ]

    /// `tracktype` values per class.
    public static let tracktypeValues: [String: SurfaceClass] = [
        "grade1": .paved, "grade2": .gravel, "grade3": .gravel, "grade4": .dirt, "grade5": .dirt,
    ]

    /// Highway classes that count as paved when nothing else is tagged.
    public static let pavedByDefault: Set<FeatureClass> = [
        .primaryRoad, .secondaryRoad, .tertiaryRoad, .minorRoad, .serviceRoad, .pedestrian,
    ]

    /// The class of a way of class `featureClass` with `tags` (see the table above). A
    /// `surface` with several values (`gravel;grass`) is read by its first.
    public init(featureClass: FeatureClass, tags: [String: String]) {
        if let raw = tags["surface"] {
            let v = raw.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if let c = SurfaceClass.allCases.first(where: { SurfaceClass.surfaceValues[$0]?.contains(v) == true }) {
                self = c
                return
            }
        }
        if let t = tags["tracktype"]?.trimmingCharacters(in: .whitespaces), let c = SurfaceClass.tracktypeValues[t] {
            self = c
            return
        }
        self = SurfaceClass.pavedByDefault.contains(featureClass) ? .paved : .unknown
    }

    /// The word used in `show --json` and the stats panel: "paved", "gravel", "dirt",
    /// "grass", "rock", "unknown".
    public var description: String {
        switch self {
        case .paved: return "paved"
        case .gravel: return "gravel"
        case .dirt: return "dirt"
        case .grass: return "grass"
        case .rock: return "rock"
        case .unknown: return "unknown"
        }
    }

    /// The class in the user's language ("paved", "gravel"…), as the ground bars and `cairn
    /// show` print it; ``description`` stays the English word (JSON, tests).
    public var localizedName: String {
        switch self {
        case .paved: return Lc("surface", "paved")
        case .gravel: return Lc("surface", "gravel")
        case .dirt: return Lc("surface", "dirt")
        case .grass: return Lc("surface", "grass")
        case .rock: return Lc("surface", "rock")
        case .unknown: return Lc("surface", "unknown")
        }
    }
}

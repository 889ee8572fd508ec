import Foundation
import Localization

/// What a place along a trail is, as a hiker sorts them: the filter chips of the Places list
/// and the `type` of a place's GPX waypoint.
///
/// Raw values are stored in the hike store (`waypoints.kind`) and written as GPX `<type>`;
/// they never change. OpenStreetMap tags map onto kinds in `TrailMap` (`PlaceKind(feature:)`):
/// natural=peak/volcano → peak, natural=saddle → saddle, natural=spring and
/// amenity=drinking_water → spring, tourism=alpine_hut/wilderness_hut and amenity=shelter →
/// hut, tourism=viewpoint, waterway=waterfall, a named natural=water area → lake,
/// amenity=parking, amenity=toilets, highway=bus_stop, place=city/town/village/hamlet → village.
public enum PlaceKind: String, Sendable, Hashable, CaseIterable, Codable {
    case peak, saddle
    /// A spring or drinking water.
    case spring
    /// An alpine or wilderness hut, or a shelter.
    case hut
    case viewpoint, waterfall, lake, parking, toilets
    case busStop = "bus_stop"
    /// A city, town, village or hamlet.
    case village
    /// A place of the hiker's own, or a waypoint of a file whose type is none of the above.
    case other

    /// The kinds the Places list offers as filter chips (all but ``other``).
    public static let searchable: [PlaceKind] = allCases.filter { $0 != .other }

    /// Short English label, what `--kinds` lists accept besides raw values ("peak",
    /// "spring/water", "hut/shelter"…).
    public var englishLabel: String {
        switch self {
        case .spring: return "spring/water"
        case .hut: return "hut/shelter"
        case .busStop: return "bus stop"
        case .village: return "town/village"
        default: return rawValue
        }
    }

    /// Short label for lists and chips in the user's language (``englishLabel`` in English).
    public var label: String {
        switch self {
        case .peak: return Lc("place kind", "peak")
        case .saddle: return Lc("place kind", "saddle")
        case .spring: return Lc("place kind", "spring/water")
        case .hut: return Lc("place kind", "hut/shelter")
        case .viewpoint: return Lc("place kind", "viewpoint")
        case .waterfall: return Lc("place kind", "waterfall")
        case .lake: return Lc("place kind", "lake")
        case .parking: return Lc("place kind", "parking")
        case .toilets: return Lc("place kind", "toilets")
        case .busStop: return Lc("place kind", "bus stop")
        case .village: return Lc("place kind", "town/village")
        case .other: return Lc("place kind", "other")
        }
    }

    /// The symbol drawn on the map and in lists: one cell (the map's own symbols for peaks,
    /// huts, springs and viewpoints; see ``asciiSymbol`` for `--ascii`).
    public var symbol: Character {
        switch self {
        case .peak: return "▲"
        case .saddle: return "⌒"
        case .spring: return "○"
        case .hut: return "⌂"
        case .viewpoint: return "✦"
        case .waterfall: return "≋"
        case .lake: return "~"
        case .parking: return "P"
        case .toilets: return "T"
        case .busStop: return "B"
        case .village: return "●"
        case .other: return "✚"
        }
    }

    /// The symbol in plain ASCII.
    public var asciiSymbol: Character {
        switch self {
        case .peak: return "A"
        case .saddle: return "^"
        case .spring: return "o"
        case .hut: return "H"
        case .viewpoint: return "V"
        case .waterfall: return "W"
        case .lake: return "~"
        case .parking: return "P"
        case .toilets: return "T"
        case .busStop: return "B"
        case .village: return "*"
        case .other: return "+"
        }
    }

    /// The Garmin symbol name written as GPX `<sym>` (the names GPS units know), nil where
    /// no common symbol fits.
    public var gpxSymbol: String? {
        switch self {
        case .peak: return "Summit"
        case .spring: return "Drinking Water"
        case .hut: return "Lodge"
        case .viewpoint: return "Scenic Area"
        case .parking: return "Parking Area"
        case .toilets: return "Restroom"
        case .busStop: return "Ground Transportation"
        case .village: return "City (Small)"
        case .waterfall, .lake: return "Water Source"
        case .saddle, .other: return "Flag, Blue"
        }
    }

    /// The kind a GPX waypoint stands for: its `<type>` when it is one of ours (or a common
    /// synonym), else its `<sym>` when it is a Garmin name we write, else ``other``.
    public init(gpxType type: String?, symbol: String?) {
        let t = type?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        if let k = PlaceKind(rawValue: t) { self = k; return }
        switch t {
        case "summit", "volcano": self = .peak; return
        case "col", "pass", "mountain_pass": self = .saddle; return
        case "drinking_water", "water", "fountain": self = .spring; return
        case "alpine_hut", "wilderness_hut", "shelter", "lodge", "refuge": self = .hut; return
        case "bus stop", "bus": self = .busStop; return
        case "town", "city", "hamlet": self = .village; return
        default: break
        }
        let s = symbol?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        switch s {
        case "summit": self = .peak
        case "drinking water": self = .spring
        case "lodge": self = .hut
        case "scenic area": self = .viewpoint
        case "parking area": self = .parking
        case "restroom": self = .toilets
        case "ground transportation": self = .busStop
        case "city (small)", "city (medium)", "city (large)": self = .village
        default: self = .other
        }
    }

    /// Parses a comma-separated list of kinds ("peak,spring", labels or raw values, spaces
    /// allowed).
    /// - Returns: the kinds, or a failure naming the first word that is not a kind.
    public static func parseList(_ text: String) -> Result<Set<PlaceKind>, PlaceKindError> {
        var out = Set<PlaceKind>()
        for word in text.split(separator: ",") {
            let w = word.trimmingCharacters(in: .whitespaces).lowercased()
            if w.isEmpty { continue }
            guard let k = PlaceKind(rawValue: w) ?? allCases.first(where: { $0.englishLabel == w || $0.label.lowercased() == w })
                    ?? (w == "water" || w == "drinking_water" ? .spring : nil)
                    ?? (w == "shelter" ? .hut : nil) ?? (w == "town" ? .village : nil) else {
                return .failure(PlaceKindError(word: String(word)))
            }
            out.insert(k)
        }
        return .success(out)
    }
}

/// A word that names no ``PlaceKind``.
public struct PlaceKindError: Error, Equatable, CustomStringConvertible {
    public let word: String
    public var description: String {
        L("“%s” is not a kind of place (one of: %s)", word, PlaceKind.allCases.map(\.rawValue).joined(separator: ", "))
    }
}

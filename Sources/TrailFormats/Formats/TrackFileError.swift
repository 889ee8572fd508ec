import Foundation
import Localization

/// Why a FIT, TCX, KML/KMZ or GeoJSON file (or a file in no format Cairn reads) could not be
/// read. GPX files keep throwing ``GPXError``; both print as `file:place: what: reason`.
public struct TrackFileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The class of failure.
    public enum Kind: String, Sendable, Equatable {
        /// The bytes are in none of the formats Cairn reads (GPX, FIT, TCX, KML/KMZ, GeoJSON).
        case notRecognised = "not a track file Cairn reads"
        /// A FIT file of a type that holds no track (monitoring, settings, workout…).
        case notActivity = "not an activity"
        /// The file holds no bytes, or only white space or a byte-order mark.
        case empty = "nothing to read"
        /// The file is damaged or cut off before anything usable, or damaged at all with `strict`.
        case malformed = "malformed"
        /// The file is well formed but holds no position to import.
        case noPositions = "no positions"
        /// The file could not be opened or read, or is larger than a reader accepts.
        case io = "cannot read file"
        /// An external converter (gpsbabel) failed, was missing or took too long.
        case conversion = "conversion failed"

        /// The kind in the user's language (the raw value in English).
        public var label: String {
            switch self {
            case .notRecognised: return L("not a track file Cairn reads")
            case .notActivity: return L("not an activity")
            case .empty: return L("nothing to read")
            case .malformed: return L("malformed")
            case .noPositions: return L("no positions")
            case .io: return L("cannot read file")
            case .conversion: return L("conversion failed")
            }
        }
    }

    /// The class of failure.
    public var kind: Kind
    /// The format the content was recognised as ("FIT", "TCX", "KML", "KMZ", "GeoJSON"), or nil.
    public var format: String?
    /// The file name as given to the reader.
    public var fileName: String
    /// Where, in the file's own terms: "12" (a line) or "record 57, byte 1234"; nil when unknown.
    public var place: String?
    /// What is wrong, in words.
    public var reason: String

    /// Creates an error.
    public init(kind: Kind, format: String?, fileName: String, place: String? = nil, reason: String) {
        self.kind = kind
        self.format = format
        self.fileName = fileName
        self.place = place
        self.reason = reason
    }

    /// `file:place: [format] kind: reason`, one line (the colon after the kind is the
    /// language's, ``colonSeparator``; the one after the place stays `file:line:` as compilers write it).
    public var description: String {
        var s = fileName
        if let place { s += ":" + place }
        let what = format.map { kind == .notRecognised ? kind.label : "\($0) \(kind.label)" } ?? kind.label
        return s + ": " + what + colonSeparator + reason
    }
}

/// The end of a salvage warning, in correct grammar: "the 1 complete point before it was kept",
/// "the 12 complete points and 2 waypoints before it were kept". `points` counts track and
/// route points, `waypoints` the waypoints (placemarks), so neither is called the other.
func keptBeforeFault(points: Int, waypoints: Int) -> String {
    switch (points, waypoints) {
    case (0, 0): return L("the 0 complete points before it were kept")
    case (_, 0): return Ln("the %d complete point before it was kept", "the %d complete points before it were kept", points, points)
    case (0, _): return Ln("the %d waypoint before it was kept", "the %d waypoints before it were kept", waypoints, waypoints)
    default:
        return L("the %s and %s before it were kept", Ln("%d complete point", "%d complete points", points, points),
                 Ln("%d waypoint", "%d waypoints", waypoints, waypoints))
    }
}

/// How strictly a reader treats a damaged file.
public struct TrackReadOptions: Sendable, Equatable {
    /// When true, a file damaged or cut off anywhere is refused whole; when false (the default)
    /// the complete points before the damage are kept and a warning says where reading stopped.
    public var strict: Bool
    /// When true, a point rejected as invalid (no, unreadable or out-of-range position) refuses
    /// the file, naming its place; when false it is left out with a warning (DECISIONS 1079).
    /// Set with `strict` (`--strict`); ``GPXReader``'s own default refuses malformed XML only.
    public var refusesInvalidPoints: Bool
    /// Reader warnings kept, at most; further ones are only counted (``GPXReadResult/omittedWarningCount``).
    /// 100 unless asked for more (`cairn stats --all-warnings`).
    public var maximumWarnings = 100
    /// Options with `strict` as given (and ``refusesInvalidPoints`` the same).
    public init(strict: Bool = false) {
        self.strict = strict
        self.refusesInvalidPoints = strict
    }
    /// Refuses malformed or cut-off XML but leaves invalid points out with a warning: what
    /// ``GPXReader`` does when not told otherwise (a whole document or nothing).
    public static let wellFormed: TrackReadOptions = {
        var o = TrackReadOptions(strict: true)
        o.refusesInvalidPoints = false
        return o
    }()
    /// Keep what was complete before damage, with a warning.
    public static let lenient = TrackReadOptions(strict: false)
    /// Refuse damaged files whole.
    public static let strict = TrackReadOptions(strict: true)
}

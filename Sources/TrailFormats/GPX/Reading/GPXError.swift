import Foundation
import Localization

/// Why a GPX file could not be read. Carries the file name, the line (and column when libxml2
/// knows it) and a reason a hiker can act on. A file that fails is never partly imported: the
/// reader returns a whole document or throws this.
public struct GPXError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The class of failure.
    public enum Kind: String, Sendable, Equatable {
        /// Not well-formed XML (truncated file, bad character, mismatched tags, bad encoding…).
        case malformedXML = "malformed XML"
        /// No XML element where the document should begin: binary data, a zip, a text file
        /// (libxml2 would say "Document is empty" or "Start tag expected").
        case notXML = "not a GPX/XML file"
        /// Well-formed XML whose root element is not GPX `<gpx>` (e.g. an OSM `.osm` file).
        case notGPX = "not a GPX file"
        /// A `<gpx>` root of a version other than 1.0 or 1.1.
        case unsupportedVersion = "unsupported GPX version"
        /// The file declares entities in a DTD; refused to rule out entity-expansion and
        /// external-entity attacks (DECISIONS.md).
        case entityRefused = "entity declaration refused"
        /// The file could not be opened or read.
        case io = "cannot read file"
        /// A point with an unreadable or out-of-range position, under ``TrackReadOptions/strict``
        /// (lenient reading leaves the point out with a warning).
        case invalidPoint = "invalid point"

        /// The kind in the user's language (the raw value in English).
        public var label: String {
            switch self {
            case .malformedXML: return L("malformed XML")
            case .notXML: return L("not a GPX/XML file")
            case .notGPX: return L("not a GPX file")
            case .unsupportedVersion: return L("unsupported GPX version")
            case .entityRefused: return L("entity declaration refused")
            case .io: return L("cannot read file")
            case .invalidPoint: return L("invalid point")
            }
        }
    }

    /// The class of failure.
    public var kind: Kind
    /// The file name as given to the reader (a path or a display name).
    public var fileName: String
    /// 1-based line of the problem, when known.
    public var line: Int?
    /// 1-based column of the problem, when known.
    public var column: Int?
    /// What is wrong, in words (libxml2's message for XML errors).
    public var reason: String

    /// Creates an error; `line` and `column` are 1-based.
    public init(kind: Kind, fileName: String, line: Int? = nil, column: Int? = nil, reason: String) {
        self.kind = kind
        self.fileName = fileName
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// `file:line:column: kind: reason`, the form compilers use, so editors can jump to it.
    public var description: String {
        var s = fileName
        if let line {
            s += ":\(line)"
            if let column { s += ":\(column)" }
        }
        return s + ": \(kind.label): \(reason)"
    }
}

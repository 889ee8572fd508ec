import Foundation

/// Why an OSM file could not be read. Always names the file; `line` is the 1-based line in
/// the (decompressed) XML where the reader stopped, when known (XML only; PBF has no lines).
public struct OSMReadError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What went wrong, as a category tests and callers can switch over.
    public enum Kind: Equatable, Sendable {
        /// The file could not be opened or read (errno text in `reason`).
        case io
        /// A damaged or truncated OSM PBF file (libosmium's reason in `reason`).
        case damagedPBF
        /// Damaged gzip/bzip2 data, or data that inflates like a decompression bomb.
        case badCompression
        /// An osmChange (diff) file: it describes edits, not a map, and is refused.
        case osmChange
        /// Not an OSM XML 0.6 document (other root element, other version, other format).
        case notOSM
        /// The XML is not well-formed or ends early (libxml2's message in `reason`).
        case malformedXML
        /// Well-formed XML with an OSM element that cannot be used (bad coordinate, id…).
        case invalidData
        /// Anything else the reader met (out of memory, no room for the node index).
        case readerFailure
    }

    public let kind: Kind
    /// The file path as given to the reader.
    public let file: String
    /// 1-based line, or nil when the error is not tied to a place in the file.
    public let line: Int?
    /// A sentence a user can act on.
    public let reason: String

    public init(_ kind: Kind, file: String, line: Int? = nil, reason: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.reason = reason
    }

    /// `file:line: reason` (or `file: reason`).
    public var description: String {
        if let line { return "\(file):\(line): \(reason)" }
        return "\(file): \(reason)"
    }
}

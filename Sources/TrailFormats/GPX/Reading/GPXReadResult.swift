import Foundation
import TrailCore

/// What ``GPXReader`` returns: the document and what it had to repair to read it.
public struct GPXReadResult: Sendable {
    /// Everything read from the file.
    public var document: GPXDocument
    /// The first ``GPXReader/maximumWarnings`` warnings, in file order.
    public var warnings: [GPXWarning]
    /// How many further warnings were counted but not kept.
    public var omittedWarningCount: Int

    /// For each track of `document.tracks`, the 1-based line of each trackpoint's start tag,
    /// all segments in order (the flattened index of ``Track/strayFixes(rule:)``); empty when
    /// unknown (a document not read from a file).
    public var trackpointLines: [[Int32]]

    /// Bundles a document with its warnings. Every reader builds its result here, so this is
    /// where the readers' shared rules apply: elevations outside ``PlausibleElevation/range``
    /// are dropped (positions kept) with one warning at the end of `warnings`.
    public init(document: GPXDocument, warnings: [GPXWarning], omittedWarningCount: Int = 0,
                trackpointLines: [[Int32]] = []) {
        var document = document
        var warnings = warnings
        if let w = Self.dropImplausibleElevations(&document, trackpointLines: trackpointLines) { warnings.append(w) }
        self.document = document
        self.warnings = warnings
        self.omittedWarningCount = omittedWarningCount
        self.trackpointLines = trackpointLines
    }
}

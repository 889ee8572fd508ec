import Foundation
import TrailCore

/// Writes a ``GPXDocument`` as GPX 1.1 that validates against the GPX 1.1 schema
/// (https://www.topografix.com/GPX/1/1/gpx.xsd), in chunks.
///
/// - Element order is the schema's; text is escaped and otherwise kept byte for byte (only
///   characters XML 1.0 cannot carry are dropped); empty strings are left out like nil.
/// - Numbers are the shortest decimals that read back to the same Double; times are UTC with
///   fractional seconds only when needed (see ``ISO8601Timestamp/format(_:)``).
/// - Heart rate, cadence and temperatures go in a Garmin TrackPointExtension v1
///   (`gpxtpx:`); when any point also has a speed or course (GPX 1.0 fields, gone from
///   1.1) the file uses TrackPointExtension v2 instead, which has both.
/// - Longitude 180 is written as -180 (the same meridian; the schema excludes 180). A value
///   that has no valid form (invalid `fix`, negative `sat`, e-mail without `@`, non-finite
///   numbers) is left out; a point with an invalid position throws.
///
/// Reading what this writes gives back an equal document, except `version` (always "1.1")
/// and the two documented losses above.
public struct GPXWriter: DocumentWriter, Sendable {
    /// The `creator` attribute used when the document has none.
    public var defaultCreator: String

    /// A writer that names `defaultCreator` as the creator of documents that have none.
    public init(defaultCreator: String = "Cairn") {
        self.defaultCreator = defaultCreator
    }

    /// Writes `document`, handing the bytes to `sink` in chunks of about 64 KiB.
    /// - Throws: ``GPXWriteError/invalidCoordinate(latitude:longitude:location:)``, or what
    ///   `sink` throws.
    public func write(_ document: GPXDocument, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { sink in
            let out = ChunkedOutput(sink: sink)
            try GPXEmitter(out: out, document: document, defaultCreator: defaultCreator).emit()
            try out.flush()
        }
    }
}

import Foundation
import TrailCore

/// Writes a ``GPXDocument`` as GPX 1.1 that validates against the GPX 1.1 schema
/// (https://www.topografix.com/GPX/1/1/gpx.xsd), in chunks.
///
/// - Element order is the schema's; text is escaped and otherwise kept byte for byte (only
///   characters XML 1.0 cannot carry are dropped); empty strings are left out like nil.
/// - Positions, elevations and bounds: with ``Precision/measured`` (the default, what every
///   export writes) degrees to 7 decimals (≈ 1 cm) and metres to 1 (10 cm), what the data
///   supports; with ``Precision/exact`` the shortest decimals that read back to the same Double.
///   Other numbers (hdop, heart rate…) are always shortest. Times are UTC with fractional
///   seconds only when needed (see ``ISO8601Timestamp/format(_:)``).
/// - Heart rate, cadence and temperatures go in a Garmin TrackPointExtension v1
///   (`gpxtpx:`); when any point also has a speed or course (GPX 1.0 fields, gone from
///   1.1) the file uses TrackPointExtension v2 instead, which has both.
/// - Longitude 180 is written as -180 (the same meridian; the schema excludes 180). A value
///   that has no valid form (invalid `fix`, negative `sat`, e-mail without `@`, non-finite
///   numbers) is left out; a point with an invalid position throws.
///
/// Reading what an ``Precision/exact`` writer writes gives back an equal document, except
/// `version` (always "1.1") and the two documented losses above.
public struct GPXWriter: DocumentWriter, Sendable {
    /// How positions and elevations are written.
    public enum Precision: Sendable {
        /// Degrees to 7 decimals, metres to 1 (`DecimalFormatter.degreePlaces`, `.metrePlaces`).
        case measured
        /// The shortest decimal that reads back to the same Double (lossless).
        case exact
    }

    /// The `creator` attribute used when the document has none.
    public var defaultCreator: String
    /// How positions and elevations are written.
    public var precision: Precision

    /// A writer that names `defaultCreator` as the creator of documents that have none.
    public init(defaultCreator: String = "Cairn", precision: Precision = .measured) {
        self.defaultCreator = defaultCreator
        self.precision = precision
    }

    /// Writes `document`, handing the bytes to `sink` in chunks of about 64 KiB.
    /// - Throws: ``GPXWriteError/invalidCoordinate(latitude:longitude:location:)``, or what
    ///   `sink` throws.
    public func write(_ document: GPXDocument, to sink: (UnsafeRawBufferPointer) throws -> Void) throws {
        try withoutActuallyEscaping(sink) { sink in
            let out = ChunkedOutput(sink: sink)
            try GPXEmitter(out: out, document: document, defaultCreator: defaultCreator, precision: precision).emit()
            try out.flush()
        }
    }
}

import Foundation
import HikeServices
import TrailFormats

extension HikeJSON {
    /// Encodes `value` as pretty, key-sorted JSON text ending with a newline.
    static func text<T: Encodable>(_ value: T) throws -> String {
        let e = JSONEncoder()
        e.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // ISO 8601 UTC with fractional seconds when the time has them (as GPX writes them).
        e.dateEncodingStrategy = .custom { date, encoder in
            var c = encoder.singleValueContainer()
            try c.encode(ISO8601Timestamp.format(date))
        }
        e.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try e.encode(value), as: UTF8.self) + "\n"
    }
}

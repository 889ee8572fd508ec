import Foundation

/// One NMEA 0183 sentence split into fields, after its checksum has been verified.
///
/// Shape: `$TTSSS,field1,field2,…*HH` where `TT` is the talker (GP, GN, GL, GA, GB, BD…), `SSS`
/// the sentence type (GGA, RMC…) and `HH` two hexadecimal digits: the XOR of every byte between
/// `$` and `*` (NMEA 0183 v4.10, §5.2.1). The checksum is required here: a sentence without one
/// is rejected like a sentence with a wrong one.
public struct NMEASentence: Hashable, Sendable {
    /// Two-letter talker identifier ("GP", "GN"…); empty for proprietary sentences.
    public var talker: String
    /// Sentence type ("GGA", "RMC"…); for proprietary sentences everything after `P`.
    public var type: String
    /// The comma-separated data fields after the address field (field 1 is `fields[0]`).
    public var fields: [String]

    /// Why a line is not a usable sentence.
    public enum ParseError: Error, Hashable, Sendable {
        /// The line does not start with `$` or `!`, or has no address field.
        case notASentence
        /// No `*HH` at the end.
        case missingChecksum
        /// The checksum digits do not match the XOR of the sentence body.
        case badChecksum(expected: UInt8, found: UInt8)
    }

    /// Parses and verifies one line (without CR LF; surrounding whitespace is ignored).
    /// - Throws: ``ParseError``.
    public init(line: String) throws(ParseError) {
        let bytes = Array(Array(line.utf8).trimmingWhitespace())
        guard let first = bytes.first, first == UInt8(ascii: "$") || first == UInt8(ascii: "!") else {
            throw .notASentence
        }
        guard let star = bytes.lastIndex(of: UInt8(ascii: "*")), bytes.count - star == 3,
              let found = Self.hexByte(bytes[star + 1], bytes[star + 2]) else {
            throw .missingChecksum
        }
        let body = bytes[1..<star]
        let expected = body.reduce(UInt8(0), ^)
        guard expected == found else { throw .badChecksum(expected: expected, found: found) }
        var parts = body.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        let address = parts.removeFirst()
        guard address.count >= 2, address.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw .notASentence
        }
        if address.hasPrefix("P") {
            talker = ""
            type = String(address.dropFirst())
        } else {
            guard address.count == 5 else { throw .notASentence }
            talker = String(address.prefix(2))
            type = String(address.dropFirst(2))
        }
        fields = parts
    }

    /// The checksum NMEA 0183 requires for `body` (the text between `$` and `*`).
    public static func checksum(of body: String) -> UInt8 {
        body.utf8.reduce(UInt8(0), ^)
    }

    /// Field `n` (1-based, as the standard numbers them), nil when missing or empty.
    public func field(_ n: Int) -> String? {
        guard n >= 1, n <= fields.count else { return nil }
        let f = fields[n - 1]
        return f.isEmpty ? nil : f
    }

    /// Field `n` as a number, nil when missing, empty or not a number.
    public func number(_ n: Int) -> Double? {
        field(n).flatMap(Double.init).flatMap { $0.isFinite ? $0 : nil }
    }

    private static func hexByte(_ a: UInt8, _ b: UInt8) -> UInt8? {
        guard let hi = hexDigit(a), let lo = hexDigit(b) else { return nil }
        return hi << 4 | lo
    }

    private static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

extension Array where Element == UInt8 {
    fileprivate func trimmingWhitespace() -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }
        guard let start = firstIndex(where: { !isSpace($0) }),
              let end = lastIndex(where: { !isSpace($0) }) else { return [] }
        return self[start...end]
    }
}

import Foundation

/// Parses numbers straight from UTF-8 bytes, locale-independently and without allocating on
/// the common path.
///
/// Grammar (XML Schema `xsd:decimal` plus an optional exponent, as `xsd:double` allows):
/// optional XML white space, optional `+`/`-`, digits with at most one `.` (at least one
/// digit in all), optional `e`/`E` with optional sign and digits, optional white space.
/// Anything else (including `NaN`, `INF`, hex and a decimal comma) is not a number.
///
/// Method: Clinger's fast path — when the significant digits fit in 15 decimal digits and the
/// power of ten is at most 22 in magnitude, one IEEE multiplication or division of two exact
/// values gives the correctly rounded result (W. D. Clinger, "How to read floating point
/// numbers accurately", PLDI 1990). Longer literals (e.g. Garmin Connect's 30-digit
/// coordinates) fall back to the standard library's correctly rounded, C-locale `Double(_:)`.
enum DecimalParser {
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    static func isXMLSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }

    /// The bounds of `bytes` without surrounding XML white space, or nil when nothing is left.
    @inline(__always)
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> (start: Int, end: Int)? {
        var start = 0
        var end = bytes.count
        while start < end && isXMLSpace(bytes[start]) { start += 1 }
        while end > start && isXMLSpace(bytes[end - 1]) { end -= 1 }
        return start == end ? nil : (start, end)
    }

    /// Skips an optional leading `+` or `-` at `i`. - Returns: true for `-`.
    @inline(__always)
    static func takeSign(_ bytes: UnsafeBufferPointer<UInt8>, at i: inout Int) -> Bool {
        guard bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+") else { return false }
        defer { i += 1 }
        return bytes[i] == UInt8(ascii: "-")
    }

    /// The finite value of `bytes`, or nil when the text is empty, is not a number in the
    /// grammar above, or overflows to infinity.
    static func finiteDouble(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let (start, end) = trimmed(bytes) else { return nil }

        var i = start
        let negative = takeSign(bytes, at: &i)
        var mantissa: UInt64 = 0
        var significantDigits = 0
        var digitCount = 0
        var decimalExponent = 0
        var seenPoint = false
        while i < end {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                digitCount += 1
                if mantissa == 0 && b == 0x30 {
                    // Leading zero: not significant, but shifts the exponent after the point.
                    if seenPoint { decimalExponent -= 1 }
                } else {
                    significantDigits += 1
                    if significantDigits <= 19 {
                        mantissa = mantissa &* 10 &+ UInt64(b &- 0x30)
                        if seenPoint { decimalExponent -= 1 }
                    } else if !seenPoint {
                        decimalExponent += 1
                    }
                }
            } else if b == UInt8(ascii: ".") && !seenPoint {
                seenPoint = true
            } else {
                break
            }
            i += 1
        }
        if digitCount == 0 { return nil }
        if i < end {
            guard bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") else { return nil }
            i += 1
            var expNegative = false
            if i < end && (bytes[i] == UInt8(ascii: "-") || bytes[i] == UInt8(ascii: "+")) {
                expNegative = bytes[i] == UInt8(ascii: "-")
                i += 1
            }
            var exp = 0
            var expDigits = 0
            while i < end, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                if exp < 100_000 { exp = exp * 10 + Int(bytes[i] - 0x30) }
                expDigits += 1
                i += 1
            }
            if expDigits == 0 || i != end { return nil }
            decimalExponent += expNegative ? -exp : exp
        }

        if significantDigits <= 15 && decimalExponent >= -22 && decimalExponent <= 22 {
            var value = Double(mantissa)
            if decimalExponent < 0 {
                value /= powersOfTen[-decimalExponent]
            } else {
                value *= powersOfTen[decimalExponent]
            }
            return negative ? -value : value
        }
        // Slow, exact path: the grammar was checked above, so the text is a plain decimal.
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// An integer in `xsd:integer` form (optional sign, digits, surrounding white space), or nil
    /// when malformed or outside `Int`.
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let (start, end) = trimmed(bytes) else { return nil }
        var i = start
        let negative = takeSign(bytes, at: &i)
        if i == end { return nil }
        var value = 0
        while i < end {
            let b = bytes[i]
            guard b >= 0x30 && b <= 0x39 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int(b - 0x30))
            if o1 || o2 { return nil }
            value = s
            i += 1
        }
        return negative ? -value : value
    }

    /// True when `bytes` holds nothing but XML white space.
    static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where !isXMLSpace(b) { return false }
        return true
    }
}

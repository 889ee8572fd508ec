import Foundation

/// Writes numbers as plain decimals (never exponent notation, which XML Schema `xsd:decimal`
/// and the GPX `latitudeType`/`longitudeType` forbid), locale-independently.
enum DecimalFormatter {
    /// Decimal places of degrees in every export: 7 (1e-7° ≈ 1.1 cm of latitude), finer than
    /// any receiver's fix (issue 34: 17 digits said more than the data holds).
    static let degreePlaces = 7
    /// Decimal places of metres (elevations, distances) in every export: 1 (10 cm), finer than
    /// any receiver's or terrain model's height.
    static let metrePlaces = 1

    /// The shortest decimal that parses back to exactly `value` (the digits of Swift's
    /// `description`, which is shortest-round-trip, moved out of exponent form). Integral
    /// values have no fraction ("1298", not "1298.0"). `value` must be finite.
    static func shortest(_ value: Double) -> String {
        let s = value.description
        guard let e = s.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            return s.hasSuffix(".0") ? String(s.dropLast(2)) : s
        }
        let exponent = Int(s[s.index(after: e)...])!
        var mantissa = s[..<e]
        let negative = mantissa.hasPrefix("-")
        if negative { mantissa = mantissa.dropFirst() }
        // mantissa is "d" or "d.ddd": digits with the point after the first one.
        let digits = Array(mantissa.filter { $0 != "." })
        let pointPosition = 1 + exponent  // digits before the decimal point
        var out = negative ? "-" : ""
        if pointPosition <= 0 {
            out += "0." + String(repeating: "0", count: -pointPosition) + String(digits)
        } else if pointPosition >= digits.count {
            out += String(digits) + String(repeating: "0", count: pointPosition - digits.count)
        } else {
            out += String(digits[..<pointPosition]) + "." + String(digits[pointPosition...])
        }
        return out
    }

    /// `value` rounded to `places` decimal places (0...9), trailing zeros and a bare point
    /// removed ("1.5", "2", "-0.1234567"). Falls back to ``shortest(_:)`` when the scaled
    /// value does not fit exactly in a Double's integer range. `value` must be finite.
    static func fixed(_ value: Double, places: Int) -> String {
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded()
        guard abs(scaled) < 9.0e15 else { return shortest(value) }
        var n = Int64(scaled)
        if n == 0 { return "0" }
        let negative = n < 0
        if negative { n = -n }
        var digits = Array(String(n).utf8)
        if digits.count <= places {
            digits = Array(repeating: UInt8(ascii: "0"), count: places - digits.count + 1) + digits
        }
        var integerPart = digits[..<(digits.count - places)]
        var fraction = digits[(digits.count - places)...]
        while let last = fraction.last, last == UInt8(ascii: "0") { fraction = fraction.dropLast() }
        if integerPart.isEmpty { integerPart = [UInt8(ascii: "0")] }
        var out = negative ? "-" : ""
        out += String(decoding: integerPart, as: UTF8.self)
        if !fraction.isEmpty { out += "." + String(decoding: fraction, as: UTF8.self) }
        return out
    }
}

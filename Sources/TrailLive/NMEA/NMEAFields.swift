import Foundation

/// Decoders for the NMEA 0183 field formats used by GGA, RMC, GSA and GSV.
enum NMEAFields {
    /// The largest satellite count read; larger (or negative, or non-numeric) counts are malformed.
    static let maximumCount = 1000

    /// A satellite count (GGA field 7, GSV field 3): digits only, 0…``maximumCount``.
    static func count(_ s: String?) -> Int? {
        guard let s, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let n = Int(s), n <= maximumCount else { return nil }
        return n
    }

    /// Two ASCII digits as a number ("-1" and "+1" are not: Int("-1") would let a negative hour in).
    private static func twoDigits(_ s: Substring) -> Int? {
        guard s.utf8.count == 2, s.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(s)
    }

    /// `hhmmss.ss` to seconds since midnight UTC, nil when malformed.
    static func timeOfDay(_ s: String?) -> Double? {
        guard let s, s.count >= 6, let h = twoDigits(s.prefix(2)), let m = twoDigits(s.dropFirst(2).prefix(2)),
              let sec = Double(s.dropFirst(4)), h < 24, m < 60, sec >= 0, sec < 61 else { return nil }
        return Double(h * 3600 + m * 60) + sec
    }

    /// The most decimals of degrees a position keeps (about 0.1 mm).
    static let maximumDegreeDecimals = 9

    /// `ddmmyy` to (year, month, day); years 80–99 are 1980–1999, 00–79 are 2000–2079.
    static func date(_ s: String?) -> (year: Int, month: Int, day: Int)? {
        guard let s, s.count == 6, let d = twoDigits(s.prefix(2)), let mo = twoDigits(s.dropFirst(2).prefix(2)),
              let y = twoDigits(s.dropFirst(4)), (1...31).contains(d), (1...12).contains(mo) else { return nil }
        return (y >= 80 ? 1900 + y : 2000 + y, mo, d)
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` with hemisphere N/S/E/W to signed degrees, rounded to the
    /// precision the field carried: with k decimals of minutes (a step of 10⁻ᵏ′ = 1.67·10⁻⁽ᵏ⁺²⁾°)
    /// to k + 2 decimals of degrees (the largest decimal step below it, so no two values the
    /// sentence can carry become one), at most 9. "4237.40759" is 42.6234598°, not the
    /// 42.623459833333335 the division gives: exports do not invent digits (DECISIONS.md 496).
    /// Returns nil when a field is missing or the value is out of range.
    static func angle(_ value: String?, _ hemisphere: String?, degreeDigits: Int) -> Double? {
        guard let value, let hemisphere, value.count > degreeDigits,
              let deg = Double(value.prefix(degreeDigits)), let min = Double(value.dropFirst(degreeDigits)),
              min >= 0, min < 60 else { return nil }
        let minuteDecimals = value.firstIndex(of: ".").map { value.distance(from: $0, to: value.endIndex) - 1 } ?? 0
        let scale = pow(10, Double(Swift.min(minuteDecimals + 2, maximumDegreeDecimals)))
        // n / 10^d, both exact, divided once: the double nearest the decimal (what parsing it gives).
        let v = ((deg + min / 60) * scale).rounded() / scale
        switch hemisphere {
        case "N", "E": return v
        case "S", "W": return -v
        default: return nil
        }
    }
}

import Foundation

/// Decoders for the NMEA 0183 field formats used by GGA, RMC, GSA and GSV.
enum NMEAFields {
    /// `hhmmss.ss` to seconds since midnight UTC, nil when malformed.
    static func timeOfDay(_ s: String?) -> Double? {
        guard let s, s.count >= 6, let h = Int(s.prefix(2)), let m = Int(s.dropFirst(2).prefix(2)),
              let sec = Double(s.dropFirst(4)), h < 24, m < 60, sec >= 0, sec < 61 else { return nil }
        return Double(h * 3600 + m * 60) + sec
    }

    /// `ddmmyy` to (year, month, day); years 80–99 are 1980–1999, 00–79 are 2000–2079.
    static func date(_ s: String?) -> (year: Int, month: Int, day: Int)? {
        guard let s, s.count == 6, let d = Int(s.prefix(2)), let mo = Int(s.dropFirst(2).prefix(2)),
              let y = Int(s.dropFirst(4)), (1...31).contains(d), (1...12).contains(mo) else { return nil }
        return (y >= 80 ? 1900 + y : 2000 + y, mo, d)
    }

    /// `ddmm.mmmm` / `dddmm.mmmm` with hemisphere N/S/E/W to signed degrees.
    /// Returns nil when a field is missing or the value is out of range.
    static func angle(_ value: String?, _ hemisphere: String?, degreeDigits: Int) -> Double? {
        guard let value, let hemisphere, value.count > degreeDigits,
              let deg = Double(value.prefix(degreeDigits)), let min = Double(value.dropFirst(degreeDigits)),
              min >= 0, min < 60 else { return nil }
        let v = deg + min / 60
        switch hemisphere {
        case "N", "E": return v
        case "S", "W": return -v
        default: return nil
        }
    }
}

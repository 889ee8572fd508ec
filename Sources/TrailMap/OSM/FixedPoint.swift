import Foundation
import TrailCore

/// Fixed-point degrees as OpenStreetMap stores them: an Int32 count of 1e-7 degrees
/// (OSM's database precision, about 1 cm). Longitudes up to ±180° (±1.8e9) fit in an Int32.
enum FixedPoint {
    /// 1e7: fixed-point units per degree.
    static let scale = 10_000_000.0

    /// Degrees to 1e-7 degrees, rounded half away from zero.
    @inline(__always) static func e7(_ degrees: Double) -> Int32 {
        Int32((degrees * scale).rounded())
    }

    /// 1e-7 degrees to degrees.
    @inline(__always) static func degrees(_ e7: Int32) -> Double { Double(e7) / scale }

    /// A coordinate from fixed-point latitude and longitude.
    @inline(__always) static func coordinate(latE7: Int32, lonE7: Int32) -> Coordinate {
        Coordinate(latitude: degrees(latE7), longitude: degrees(lonE7))
    }

    /// Parses decimal degrees ("42.5142133", "-0.5", "1") from UTF-8 bytes into 1e-7 units
    /// exactly (no binary floating point in between), rounding half away from zero on the
    /// eighth decimal. Falls back to `strtod` for other spellings (exponents).
    /// - Returns: nil when the text is not a finite number or is outside ±214.7483647°.
    static func parse(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int32? {
        var q = p
        var negative = false
        if q < end && (q.pointee == UInt8(ascii: "-") || q.pointee == UInt8(ascii: "+")) {
            negative = q.pointee == UInt8(ascii: "-")
            q += 1
        }
        var value: Int64 = 0
        var digits = 0
        while q < end, q.pointee &- 48 < 10 {
            value = value * 10 + Int64(q.pointee &- 48)
            digits += 1
            q += 1
            if digits > 4 { return slowParse(p, end) }
        }
        var fractionDigits = 0
        if q < end && q.pointee == UInt8(ascii: ".") {
            q += 1
            while q < end, q.pointee &- 48 < 10 {
                let d = Int64(q.pointee &- 48)
                if fractionDigits < 7 {
                    value = value * 10 + d
                } else if fractionDigits == 7 && d >= 5 {
                    value += 1  // round half away from zero on the eighth decimal
                }
                fractionDigits += 1
                digits += 1
                q += 1
            }
        }
        guard q == end, digits > 0 else { return slowParse(p, end) }
        for _ in min(fractionDigits, 7)..<7 { value *= 10 }
        if negative { value = -value }
        guard value >= Int64(Int32.min), value <= Int64(Int32.max) else { return nil }
        return Int32(value)
    }

    private static func slowParse(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int32? {
        let text = String(decoding: UnsafeBufferPointer(start: p, count: end - p), as: UTF8.self)
        guard let d = Double(text.trimmingCharacters(in: .whitespaces)), d.isFinite,
              abs(d) * scale <= Double(Int32.max) else { return nil }
        return e7(d)
    }

    /// Parses a decimal integer (an OSM id or version) from UTF-8 bytes.
    /// - Returns: nil when the text is empty, not an integer, or overflows Int64.
    static func parseInteger(_ p: UnsafePointer<UInt8>, _ end: UnsafePointer<UInt8>) -> Int64? {
        var q = p
        var negative = false
        if q < end && (q.pointee == UInt8(ascii: "-") || q.pointee == UInt8(ascii: "+")) {
            negative = q.pointee == UInt8(ascii: "-")
            q += 1
        }
        guard q < end else { return nil }
        var value: Int64 = 0
        while q < end {
            let d = q.pointee &- 48
            guard d < 10 else { return nil }
            let (m, o1) = value.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int64(d))
            guard !o1, !o2 else { return nil }
            value = s
            q += 1
        }
        return negative ? -value : value
    }
}

extension FixedPoint {
    /// A box from fixed-point (minLat, maxLat, minLon, maxLon).
    static func box(_ b: (Int32, Int32, Int32, Int32)) -> BoundingBox {
        BoundingBox(minLatitude: degrees(b.0), minLongitude: degrees(b.2), maxLatitude: degrees(b.1), maxLongitude: degrees(b.3))
    }
}

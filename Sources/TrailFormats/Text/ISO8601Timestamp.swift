import Foundation

/// Reads and writes the ISO 8601 / XML Schema `dateTime` timestamps of GPX `<time>`, fast and
/// without Foundation's date formatters.
///
/// Accepted on reading: `YYYY-MM-DD` `T` (or `t` or a space) `hh:mm[:ss[.f…]]` followed by
/// `Z`/`z`, `±hh:mm`, `±hhmm`, `±hh` or nothing (no zone means UTC, as most GPS units mean
/// it). Fractional seconds may have any number of digits (a comma works as well as a point);
/// digits past the 18th are ignored. `24:00:00` is the end of the day. Leap second `:60` is
/// accepted and falls into the next minute. Surrounding XML white space is ignored.
///
/// Calendar arithmetic: Howard Hinnant's `days_from_civil`/`civil_from_days` algorithms for the
/// proleptic Gregorian calendar (http://howardhinnant.github.io/date_algorithms.html).
public enum ISO8601Timestamp {
    /// Seconds from 1970-01-01 to 2001-01-01 (Foundation's reference date).
    private static let unixToReference: Int64 = 978_307_200
    /// Fractional-second precisions tried when writing: milli-, micro-, nanoseconds, and finer
    /// steps for the rare computed time that needs them.
    private static let fractionPrecisions: [(Int, Double)] = [(3, 1e3), (6, 1e6), (9, 1e9), (12, 1e12), (15, 1e15)]

    /// Parses a timestamp; nil when the text is not one (see the type's grammar).
    public static func parse(_ text: String) -> Date? {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    /// Parses a timestamp from UTF-8 bytes; nil when the text is not one.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Date? {
        var i = 0
        var end = bytes.count
        while i < end && DecimalParser.isXMLSpace(bytes[i]) { i += 1 }
        while end > i && DecimalParser.isXMLSpace(bytes[end - 1]) { end -= 1 }

        @inline(__always) func digits(_ n: Int) -> Int? {
            guard i + n <= end else { return nil }
            var v = 0
            for k in 0..<n {
                let b = bytes[i + k]
                guard b >= 0x30 && b <= 0x39 else { return nil }
                v = v * 10 + Int(b - 0x30)
            }
            i += n
            return v
        }
        @inline(__always) func expect(_ c: UInt8) -> Bool {
            guard i < end && bytes[i] == c else { return false }
            i += 1
            return true
        }

        guard let year = digits(4), expect(UInt8(ascii: "-")), let month = digits(2),
              expect(UInt8(ascii: "-")), let day = digits(2) else { return nil }
        guard i < end, bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: "t")
                || bytes[i] == UInt8(ascii: " ") else { return nil }
        i += 1
        guard let hour = digits(2), expect(UInt8(ascii: ":")), let minute = digits(2) else { return nil }
        var second = 0
        var fraction = 0.0
        if expect(UInt8(ascii: ":")) {
            guard let s = digits(2) else { return nil }
            second = s
            if i < end && (bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",")) {
                i += 1
                var numerator: Int64 = 0
                var denominator: Int64 = 1
                var count = 0
                while i < end, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                    if count < 18 {
                        numerator = numerator * 10 + Int64(bytes[i] - 0x30)
                        denominator *= 10
                    }
                    count += 1
                    i += 1
                }
                guard count > 0 else { return nil }
                fraction = Double(numerator) / Double(denominator)
            }
        }
        var offsetSeconds = 0
        if i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "Z") || b == UInt8(ascii: "z") {
                i += 1
            } else if b == UInt8(ascii: "+") || b == UInt8(ascii: "-") {
                i += 1
                guard let oh = digits(2), oh <= 23 else { return nil }
                var om = 0
                if expect(UInt8(ascii: ":")) {
                    guard let m = digits(2) else { return nil }
                    om = m
                } else if i < end {
                    guard let m = digits(2) else { return nil }
                    om = m
                }
                guard om <= 59 else { return nil }
                offsetSeconds = (oh * 3600 + om * 60) * (b == UInt8(ascii: "-") ? -1 : 1)
            } else {
                return nil
            }
        }
        guard i == end else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
              minute <= 59, second <= 60 else { return nil }
        guard hour <= 23 || (hour == 24 && minute == 0 && second == 0 && fraction == 0) else { return nil }

        let days = daysFromCivil(year: Int64(year), month: Int64(month), day: Int64(day))
        let unixSeconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        // One rounding only: the integer part is exact, the fraction is added once.
        return Date(timeIntervalSinceReferenceDate: Double(unixSeconds - unixToReference) + fraction)
    }

    /// Formats `date` in UTC as `YYYY-MM-DDThh:mm:ss[.fff]Z`. Fractional digits appear only
    /// when needed: none for whole seconds, else 3, 6, 9, 12 or 15 digits — the fewest whose
    /// parse gives back exactly the same `Date` (15 when none does, which only a time within
    /// days of 2001-01-01 with a sub-picosecond fraction can need).
    public static func format(_ date: Date) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(32)
        append(date, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the UTF-8 of ``format(_:)`` to `out`, without allocating a String.
    public static func append(_ date: Date, to out: inout [UInt8]) {
        let t = date.timeIntervalSinceReferenceDate
        var whole = t.rounded(.down)
        var fractionDigits: Int64 = 0
        var digitCount = 0
        let frac = t - whole
        if frac != 0 {
            for (n, scale) in fractionPrecisions {
                var d = (frac * scale).rounded()
                var w = whole
                if d >= scale { d -= scale; w += 1 }
                let candidate = w + d / scale
                if candidate == t || n == 15 {
                    whole = w
                    fractionDigits = Int64(d)
                    digitCount = d == 0 ? 0 : n
                    break
                }
            }
        }
        let unix = Int64(whole) + unixToReference
        var days = unix / 86_400
        var secs = unix % 86_400
        if secs < 0 { secs += 86_400; days -= 1 }
        let (y, m, d) = civilFromDays(days)
        appendPadded(y, width: 4, to: &out)
        out.append(UInt8(ascii: "-")); appendPadded(m, width: 2, to: &out)
        out.append(UInt8(ascii: "-")); appendPadded(d, width: 2, to: &out)
        out.append(UInt8(ascii: "T")); appendPadded(secs / 3600, width: 2, to: &out)
        out.append(UInt8(ascii: ":")); appendPadded(secs / 60 % 60, width: 2, to: &out)
        out.append(UInt8(ascii: ":")); appendPadded(secs % 60, width: 2, to: &out)
        if digitCount > 0 {
            out.append(UInt8(ascii: "."))
            appendPadded(fractionDigits, width: digitCount, to: &out)
        }
        out.append(UInt8(ascii: "Z"))
    }

    private static func appendPadded(_ value: Int64, width: Int, to out: inout [UInt8]) {
        var v = value
        if v < 0 { out.append(UInt8(ascii: "-")); v = -v }
        var buffer: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &buffer) { raw in
            repeat {
                raw[count] = UInt8(truncatingIfNeeded: v % 10) + 0x30
                v /= 10
                count += 1
            } while v > 0 && count < 20
            while count < width && count < 20 { raw[count] = 0x30; count += 1 }
            for k in stride(from: count - 1, through: 0, by: -1) { out.append(raw[k]) }
        }
    }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Hinnant's `days_from_civil`).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The proleptic Gregorian date of a day count since 1970-01-01 (Hinnant's `civil_from_days`).
    static func civilFromDays(_ z0: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let y = yoe + era * 400
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (m <= 2 ? y + 1 : y, m, d)
    }
}

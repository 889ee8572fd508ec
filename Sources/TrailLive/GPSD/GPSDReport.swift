import Foundation
import TrailCore

/// One line of gpsd's JSON protocol, decoded as far as Cairn needs it (gpsd_json(5), protocol 3).
///
/// Every field a report may omit is optional; values of the wrong JSON type are treated as
/// absent rather than failing the whole report, because gpsd versions differ in what they send.
public enum GPSDReport: Equatable, Sendable {
    /// `VERSION`: the daemon's release and protocol version.
    case version(release: String?, protocolMajor: Int?, protocolMinor: Int?)
    /// `TPV`: time-position-velocity.
    case tpv(TPV)
    /// `SKY`: satellites used and in view.
    case sky(used: Int?, visible: Int?)
    /// `ERROR`: gpsd refused a command.
    case error(message: String)
    /// Any other class (`DEVICES`, `DEVICE`, `WATCH`, `GST`, `ATT`, `PPS`, `TOFF`…).
    case other(className: String)

    /// The fields of a TPV report Cairn uses.
    public struct TPV: Equatable, Sendable {
        /// 0 unknown, 1 no fix, 2 2D, 3 3D (any other value reads as 0).
        public var mode: Int
        public var time: Date?
        public var latitude: Double?
        public var longitude: Double?
        /// `altMSL` when present, else the deprecated `alt` (both metres above mean sea level).
        public var altitude: Double?
        /// `eph` when present, else √(epx² + epy²), metres.
        public var horizontalError: Double?
        /// `epv`, metres.
        public var verticalError: Double?
        /// `speed`, m/s.
        public var speed: Double?
        /// `track`, degrees true.
        public var track: Double?
    }

    /// Decodes one line. Returns nil for text that is not a JSON object with a string `class`.
    public init?(line: String) {
        guard let data = line.data(using: .utf8),
              let object = try? JSONSerialization.jsonObject(with: data),
              let json = object as? [String: Any],
              let cls = json["class"] as? String else { return nil }
        func number(_ key: String) -> Double? {
            guard let n = json[key] as? NSNumber, !(json[key] is Bool) else { return nil }
            let d = n.doubleValue
            return d.isFinite ? d : nil
        }
        // A whole-number field only when it lies in `range` (else absent): Int(Double) traps on
        // 1e112, NaN or infinity, which a broken or hostile gpsd stream can send (fuzz-gpsd found
        // it first in `nSat`, then in `mode`).
        func integer(_ key: String, in range: ClosedRange<Int>) -> Int? {
            guard let v = number(key), v >= Double(range.lowerBound), v <= Double(range.upperBound) else { return nil }
            return Int(v)
        }
        switch cls {
        case "VERSION":
            self = .version(release: json["release"] as? String,
                            protocolMajor: integer("proto_major", in: 0...1000),
                            protocolMinor: integer("proto_minor", in: 0...1000))
        case "TPV":
            var horizontal = number("eph")
            if horizontal == nil, let x = number("epx"), let y = number("epy") {
                horizontal = (x * x + y * y).squareRoot()
            }
            self = .tpv(TPV(mode: integer("mode", in: 0...3) ?? 0,
                            time: (json["time"] as? String).flatMap(GPSDTime.parse),
                            latitude: number("lat"), longitude: number("lon"),
                            altitude: number("altMSL") ?? number("alt"),
                            horizontalError: horizontal, verticalError: number("epv"),
                            speed: number("speed"), track: number("track")))
        case "SKY":
            // A satellite count only when it is one (0…1000).
            var used = integer("uSat", in: 0...1000)
            var visible = integer("nSat", in: 0...1000)
            if let sats = json["satellites"] as? [[String: Any]] {
                if used == nil { used = sats.filter { ($0["used"] as? Bool) == true }.count }
                if visible == nil { visible = sats.count }
            }
            self = .sky(used: used, visible: visible)
        case "ERROR":
            self = .error(message: json["message"] as? String ?? "")
        default:
            self = .other(className: cls)
        }
    }
}

/// gpsd timestamps: ISO 8601 UTC, `2024-05-01T10:00:00.000Z`, with or without fractional seconds.
enum GPSDTime {
    static func parse(_ s: String) -> Date? {
        let b = Array(s.utf8)
        guard b.count >= 20, b[4] == 0x2D, b[7] == 0x2D, b[10] == 0x54, b[13] == 0x3A, b[16] == 0x3A,
              b.last == 0x5A else { return nil }
        func int(_ r: Range<Int>) -> Int? { Int(String(decoding: b[r], as: UTF8.self)) }
        guard let y = int(0..<4), let mo = int(5..<7), let d = int(8..<10), let h = int(11..<13),
              let mi = int(14..<16),
              let sec = Double(String(decoding: b[17..<(b.count - 1)], as: UTF8.self)),
              (1...12).contains(mo), (1...31).contains(d), h < 24, mi < 60, sec >= 0, sec < 61 else {
            return nil
        }
        return Date(timeIntervalSince1970: Double(daysSinceEpoch(year: y, month: mo, day: d)) * 86_400
                    + Double(h * 3600 + mi * 60) + sec)
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (the civil-from-days inverse, computed
    /// with 400-year eras of 146 097 days; March-based years put the leap day last).
    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}

import Foundation
import Localization

/// Formats the numbers of a hike for people, in one ``UnitSystem``: every user-facing output
/// (tables, status bar, chart axes) goes through it so that units and precision agree.
///
/// Inputs are SI (metres, seconds, metres per second, grade as a fraction). Output is plain
/// text: ``decimalSeparator`` (a period unless the front end sets the locale's, as the CLI and
/// the viewer do for what they show), no thousands grouping, "-" for negatives, and "--" for a
/// value that is unknown, infinite or NaN. Rounding is to nearest.
public struct UnitFormatter: Hashable, Sendable {
    /// Metric or imperial.
    public var system: UnitSystem
    /// Time zone for dates and clock times (injected; the CLI passes the user's).
    public var timeZone: TimeZone
    /// Set when the user asked for a zone that does not exist (`TZ=Nonsense`) and
    /// ``timeZone`` is a fallback: the words to tell them (the CLI's).
    public var timeZoneWarning: String?
    /// Between the whole and the fractional part of a number: "." (the default, for anything a
    /// program may read) or the user's `LC_NUMERIC` separator for displays ("4,25 km" in German).
    public var decimalSeparator: String = "."

    /// Shown for an unknown or non-finite value.
    public static let unknown = "--"

    public init(system: UnitSystem, timeZone: TimeZone = TimeZone(identifier: "UTC")!) {
        self.system = system
        self.timeZone = timeZone
    }

    /// A horizontal distance. Metric: whole metres below 1 km ("850 m"), then kilometres with
    /// 2 decimals below 10 km ("4.25 km"), 1 below 100 km ("12.3 km"), none above ("154 km").
    /// Imperial: whole feet below 0.1 mi ("328 ft"), then miles with the same 2/1/0 decimals.
    public func distance(_ metres: Double) -> String {
        guard metres.isFinite else { return Self.unknown }
        switch system {
        case .metric:
            if abs(metres.rounded()) < 1000 { return "\(Int(metres.rounded())) m" }
            return "\(stepped(metres / 1000)) km"
        case .imperial:
            let miles = metres / 1609.344
            if abs(miles) < 0.1 { return "\(Int((metres / 0.3048).rounded())) ft" }
            return "\(stepped(miles)) mi"
        }
    }

    /// An elevation (or elevation difference) in whole metres or feet: "2849 m", "9347 ft".
    public func elevation(_ metres: Double?) -> String {
        guard let m = metres, let v = Self.whole(m / system.metresPerElevationUnit) else { return Self.unknown }
        return "\(v) \(system.elevationSymbol)"
    }

    /// A climb or descent with its sign: "+467 m", "-438 m", "0 m".
    public func elevationChange(_ metres: Double?) -> String {
        guard let m = metres, let v = Self.whole(m / system.metresPerElevationUnit) else { return Self.unknown }
        return "\(v > 0 ? "+" : "")\(v) \(system.elevationSymbol)"
    }

    /// A speed with one decimal: "4.5 km/h", "2.8 mph".
    public func speed(_ metresPerSecond: Double?) -> String {
        guard let v = metresPerSecond, v.isFinite else { return Self.unknown }
        return "\(fixed(v * 3600 / system.metresPerDistanceUnit, decimals: 1)) \(system.speedSymbol)"
    }

    /// Pace from a speed, as minutes:seconds per km or mile: 1.25 m/s → "13:20 min/km",
    /// "21:27 min/mi". Unknown, zero or negative speeds give "--".
    public func pace(speed metresPerSecond: Double?) -> String {
        guard let v = metresPerSecond, v.isFinite, v > 0 else { return Self.unknown }
        let seconds = (system.metresPerDistanceUnit / v).rounded()
        guard seconds < 100 * 3600 else { return Self.unknown }
        let s = Int(seconds)
        return "\(s / 60):\(twoDigits(s % 60)) min/\(system.distanceSymbol)"
    }

    /// How a duration is written.
    public enum DurationStyle: Sendable {
        /// "h:mm:ss", hours not wrapped at 24: 11 109 s → "3:05:09".
        case clock
        /// Rounded to the minute: "3 h 05 min", "45 min"; below a minute "40 s".
        case words
    }

    /// A duration in seconds (negative or non-finite → "--").
    public func duration(_ seconds: Double?, style: DurationStyle = .words) -> String {
        guard let t = seconds, t >= 0, Self.whole(t) != nil else { return Self.unknown }
        switch style {
        case .clock:
            let s = Int(t.rounded())
            return "\(s / 3600):\(twoDigits(s / 60 % 60)):\(twoDigits(s % 60))"
        case .words:
            if t.rounded() < 60 { return "\(Int(t.rounded())) s" }
            let minutes = Int((t / 60).rounded())
            if minutes < 60 { return "\(minutes) min" }
            return "\(minutes / 60) h \(twoDigits(minutes % 60)) min"
        }
    }

    /// A grade (fraction) as whole percent, always signed so uphill and downhill read apart
    /// the same way everywhere (statistics, the profile readout, `show`, `stats`):
    /// 0.25 → "+25 %", -0.084 → "-8 %", anything that rounds to zero → "0 %": whole percent
    /// with a space before "%", as every share the screens and the CLI print (DECISIONS 20).
    public func grade(_ fraction: Double?) -> String {
        guard let g = fraction, let p = Self.whole(g * 100) else { return Self.unknown }
        return p > 0 ? "+\(p) %" : "\(p) %"
    }

    /// A share (fraction 0...1) as unsigned whole percent with a space before "%", as every share
    /// the screens and the CLI print (DECISIONS 20): 0.823 → "82 %", nil or not finite → "--".
    public func percent(_ fraction: Double?) -> String {
        guard let f = fraction, let p = Self.whole(f * 100) else { return Self.unknown }
        return "\(p) %"
    }

    /// Calendar date in the formatter's time zone: "2024-06-01".
    public func date(_ date: Date?) -> String {
        guard let d = date, let c = components(d) else { return Self.unknown }
        return "\(fourDigits(c.year!))-\(twoDigits(c.month!))-\(twoDigits(c.day!))"
    }

    /// Date and time to the minute: "2024-06-01 14:05".
    public func dateTime(_ date: Date?) -> String {
        guard let d = date, let c = components(d) else { return Self.unknown }
        return "\(self.date(d)) \(twoDigits(c.hour!)):\(twoDigits(c.minute!))"
    }

    /// Clock time to the minute: "14:05".
    public func time(_ date: Date?) -> String {
        guard let d = date, let c = components(d) else { return Self.unknown }
        return "\(twoDigits(c.hour!)):\(twoDigits(c.minute!))"
    }

    // MARK: - Helpers

    /// `v` rounded to a whole number; nil when it is not finite or beyond ±10¹⁵, far past any
    /// real elevation, grade or duration and inside Int's range, so that Int(_:) cannot trap on
    /// a file's `<ele>1e300</ele>`.
    static func whole(_ v: Double) -> Int? {
        let r = v.rounded()
        return abs(r) < 1e15 ? Int(r) : nil
    }

    /// 2 decimals below 10, 1 below 100, none above, deciding on the rounded value so that
    /// 9.996 reads "10.0", not "10.00".
    private func stepped(_ v: Double) -> String {
        if abs((v * 100).rounded() / 100) < 10 { return fixed(v, decimals: 2) }
        if abs((v * 10).rounded() / 10) < 100 { return fixed(v, decimals: 1) }
        return fixed(v, decimals: 0)
    }

    /// `v` with `decimals` decimals and ``decimalSeparator``, "-0" as "0": for a figure the
    /// other methods do not cover (a chart's tick labels).
    public func decimal(_ v: Double, decimals: Int) -> String { fixed(v, decimals: decimals) }

    /// `v` with `decimals` decimals and the process locale's decimal separator ("102,5" in a
    /// German locale; ``Localization/processDecimalSeparator``), for figures inside messages
    /// composed where no formatter is at hand (readers' warnings).
    public static func messageDecimal(_ v: Double, decimals: Int) -> String {
        let s = String(format: "%.\(max(0, decimals))f", v)
        let separator = Localization.processDecimalSeparator
        return separator == "." ? s : s.replacingOccurrences(of: ".", with: separator)
    }

    private func fixed(_ v: Double, decimals: Int) -> String {
        var s = String(format: "%.\(decimals)f", v)
        // "-0.0" reads oddly; a value that rounds to zero has no sign.
        if s.hasPrefix("-") && Double(s) == 0 { s.removeFirst() }
        return decimalSeparator == "." ? s : s.replacingOccurrences(of: ".", with: decimalSeparator)
    }

    private func twoDigits(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }

    private func fourDigits(_ v: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, 4 - s.count)) + s
    }

    private func components(_ d: Date) -> DateComponents? {
        guard d.timeIntervalSince1970.isFinite else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar.dateComponents([.year, .month, .day, .hour, .minute], from: d)
    }
}

import Foundation
import TrailCore

/// Turns NMEA 0183 lines into position events: GGA, RMC, GSA and GSV are read, everything else
/// is counted and skipped, and lines with a bad or missing checksum are counted and dropped.
///
/// Epochs: a receiver sends one GGA and one RMC per fix, with the same UTC time of day. The
/// parser keeps the sentences of the current epoch and emits one ``PositionFix`` as soon as it
/// has both, or when a sentence with a different time starts the next epoch (so a receiver that
/// sends only GGA or only RMC still works, one epoch late), or on ``finish()``.
///
/// What comes from where:
/// - position: RMC when its status is `A`, else GGA when its quality is not 0;
/// - altitude: GGA field 9 (metres above mean sea level);
/// - date: RMC field 9; epochs without RMC take the last RMC date (rolled to the next day when
///   the time of day wrapped past midnight), or before any RMC the UTC day of `fallbackDate`;
/// - speed and course: RMC (knots converted to m/s: 1 kn = 1852/3600 m/s);
/// - mode: the latest GSA field 2, or if there was none, 3D when GGA has an altitude, else 2D;
/// - satellites used: GGA field 7 (else the PRNs listed in GSA); in view: the sum over talkers
///   of GSV field 3;
/// - accuracy: NMEA has no error estimate in metres, so it is modelled as gpsd 3.22 does for
///   NMEA receivers (checked against gpsfake on Debian 12: HDOP 0.9 gave `eph` 17.1, VDOP 1.2
///   gave `epv` 27.6): horizontal = HDOP × 19 m, vertical = VDOP × 23 m, and a quarter of that
///   with a differential fix (GGA quality 2). Both are meant as 95 % radii.
public struct NMEAParser: Sendable {
    /// Metres per unit of HDOP for a plain fix (gpsd's `P_UERE_NO_DGPS`, 95 %).
    public static let horizontalUERE = 19.0
    /// Metres per unit of VDOP for a plain fix (gpsd's `V_UERE_NO_DGPS`, 95 %).
    public static let verticalUERE = 23.0
    /// Divisor of both UERE values for a differential (DGPS/SBAS) fix.
    public static let differentialImprovement = 4.0
    /// Metres per second in one knot.
    public static let metresPerSecondPerKnot = 1852.0 / 3600.0

    /// Sentences and fixes counted so far.
    public private(set) var counters = NMEACounters()

    private struct GGA { var time: Double; var coordinate: Coordinate?; var quality: Int
                         var satellites: Int?; var hdop: Double?; var altitude: Double? }
    private struct RMC { var time: Double; var valid: Bool; var coordinate: Coordinate?
                         var speed: Double?; var course: Double?; var date: (Int, Int, Int)? }
    private struct GSA { var mode: FixMode?; var used: Int; var hdop: Double?; var vdop: Double? }
    private struct Epoch { var time: Double; var gga: GGA?; var rmc: RMC? }

    private var epoch: Epoch?
    private var gsa: GSA?
    private var inView: [String: Int] = [:]
    private var lastDate: (year: Int, month: Int, day: Int, time: Double)?
    private var lastSatellites: [Int?] = []
    private let fallbackDate: Date
    private let calendar: Calendar

    /// - Parameter fallbackDate: supplies the UTC day for fixes before the first RMC (GGA has no
    ///   date); pass the clock's current time.
    public init(fallbackDate: Date) {
        self.fallbackDate = fallbackDate
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        calendar = cal
    }

    /// Reads one line (CR LF already removed) and returns the events it completes.
    public mutating func parse(line: String) -> [PositionEvent] {
        if line.allSatisfy({ $0.isWhitespace }) { return [] }
        counters.lines += 1
        let sentence: NMEASentence
        do {
            sentence = try NMEASentence(line: line)
        } catch {
            switch error {
            case .badChecksum: counters.badChecksum += 1
            case .missingChecksum: counters.missingChecksum += 1
            case .notASentence: counters.malformed += 1
            }
            return []
        }
        switch sentence.type {
        case "GGA":
            guard let gga = Self.gga(sentence) else { counters.malformed += 1; return [] }
            counters.used += 1
            return add(time: gga.time) { $0.gga = gga }
        case "RMC":
            guard let rmc = Self.rmc(sentence) else { counters.malformed += 1; return [] }
            counters.used += 1
            return add(time: rmc.time) { $0.rmc = rmc }
        case "GSA":
            guard let g = Self.gsa(sentence) else { counters.malformed += 1; return [] }
            counters.used += 1
            gsa = g
            return []
        case "GSV":
            // Bounded, as every count: the in-view total is summed over talkers, and a count near
            // Int.max from two talkers overflowed that sum (a trap).
            guard let total = NMEAFields.count(sentence.field(3)) else {
                counters.malformed += 1; return []
            }
            counters.used += 1
            inView[sentence.talker] = total
            return []
        default:
            counters.unsupported += 1
            return []
        }
    }

    /// Emits the epoch still being collected (call at end of input).
    public mutating func finish() -> [PositionEvent] {
        guard let e = epoch else { return [] }
        epoch = nil
        return complete(e)
    }

    private mutating func add(time: Double, _ update: (inout Epoch) -> Void) -> [PositionEvent] {
        var out: [PositionEvent] = []
        if let e = epoch, e.time != time {
            out += complete(e)
            epoch = nil
        }
        var e = epoch ?? Epoch(time: time)
        update(&e)
        if e.gga != nil && e.rmc != nil {
            epoch = nil
            out += complete(e)
        } else {
            epoch = e
        }
        return out
    }

    private mutating func complete(_ e: Epoch) -> [PositionEvent] {
        if let date = e.rmc?.date { lastDate = (date.0, date.1, date.2, e.time) }
        let coordinate: Coordinate? = if let r = e.rmc, r.valid, let c = r.coordinate { c }
            else if let g = e.gga, g.quality > 0, let c = g.coordinate { c } else { nil }
        guard let coordinate, let time = instant(timeOfDay: e.time) else {
            return [.noFix(mode: .none)]
        }
        let differential = e.gga?.quality == 2
        let scale = differential ? 1 / Self.differentialImprovement : 1
        let hdop = e.gga?.hdop ?? gsa?.hdop
        let altitude = e.gga?.altitude
        var mode = gsa?.mode ?? (altitude != nil ? .threeD : .twoD)
        if mode == .none { mode = .twoD }
        let used = e.gga?.satellites ?? gsa.map(\.used)
        let visible = inView.isEmpty ? nil : inView.values.reduce(0, +)
        let fix = PositionFix(
            time: time, coordinate: coordinate, altitude: altitude,
            horizontalAccuracy: hdop.map { $0 * Self.horizontalUERE * scale },
            verticalAccuracy: gsa?.vdop.map { $0 * Self.verticalUERE * scale },
            speed: e.rmc?.speed.map { $0 * Self.metresPerSecondPerKnot }, course: e.rmc?.course,
            mode: mode, satellitesUsed: used, satellitesVisible: visible, source: .nmea)
        counters.fixes += 1
        var out: [PositionEvent] = [.fix(fix)]
        if [used, visible] != lastSatellites {
            lastSatellites = [used, visible]
            out.append(.satellites(used: used, visible: visible))
        }
        return out
    }

    /// The UTC instant of `timeOfDay` on the known or fallback day.
    private func instant(timeOfDay: Double) -> Date? {
        var day: DateComponents
        var extraDays = 0
        if let d = lastDate {
            day = DateComponents(year: d.year, month: d.month, day: d.day)
            if timeOfDay < d.time - 43_200 { extraDays = 1 }  // wrapped past midnight
        } else {
            day = calendar.dateComponents([.year, .month, .day], from: fallbackDate)
        }
        day.hour = 0; day.minute = 0; day.second = 0
        guard let midnight = calendar.date(from: day) else { return nil }
        return midnight.addingTimeInterval(Double(extraDays) * 86_400 + timeOfDay)
    }

    // MARK: sentence decoders (field numbers as in NMEA 0183 v4.10)

    private static func gga(_ s: NMEASentence) -> GGA? {
        guard let t = NMEAFields.timeOfDay(s.field(1)) else { return nil }
        let quality = s.field(6).flatMap(Int.init) ?? 0
        let lat = NMEAFields.angle(s.field(2), s.field(3), degreeDigits: 2)
        let lon = NMEAFields.angle(s.field(4), s.field(5), degreeDigits: 3)
        if quality > 0 && (lat == nil || lon == nil) { return nil }
        let c = lat.flatMap { la in lon.map { Coordinate(latitude: la, longitude: $0) } }
        if let c, !c.isValid { return nil }
        return GGA(time: t, coordinate: c, quality: quality, satellites: NMEAFields.count(s.field(7)),
                   hdop: s.number(8), altitude: s.field(10) == "M" || s.field(10) == nil ? s.number(9) : nil)
    }

    private static func rmc(_ s: NMEASentence) -> RMC? {
        guard let t = NMEAFields.timeOfDay(s.field(1)) else { return nil }
        let valid = s.field(2) == "A"
        let lat = NMEAFields.angle(s.field(3), s.field(4), degreeDigits: 2)
        let lon = NMEAFields.angle(s.field(5), s.field(6), degreeDigits: 3)
        if valid && (lat == nil || lon == nil) { return nil }
        let c = lat.flatMap { la in lon.map { Coordinate(latitude: la, longitude: $0) } }
        if let c, !c.isValid { return nil }
        let date = NMEAFields.date(s.field(9))
        if s.field(9) != nil && date == nil { return nil }
        return RMC(time: t, valid: valid, coordinate: c, speed: s.number(7), course: s.number(8),
                   date: date.map { ($0.year, $0.month, $0.day) })
    }

    private static func gsa(_ s: NMEASentence) -> GSA? {
        guard let m = s.field(2).flatMap(Int.init), (1...3).contains(m) else { return nil }
        let used = (3...14).filter { s.field($0) != nil }.count
        return GSA(mode: FixMode(rawValue: m), used: used, hdop: s.number(16), vdop: s.number(17))
    }
}

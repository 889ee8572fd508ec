import Foundation
import Localization
import TermUI
import TrailCore

/// The words and numbers of the totals, shared by the Totals screen and `cairn totals`, so the
/// two say the same thing.
public enum TotalsText {
    /// January to December, abbreviated (three letters in English), in the user's language.
    public static var months: [String] { (0..<12).map(month) }

    /// Month `m` (0 = January) abbreviated, in the user's language: one catalogue lookup, for
    /// the chart's axis drawn every frame.
    public static func month(_ m: Int) -> String {
        switch m {
        case 0: return Lc("month", "Jan")
        case 1: return Lc("month", "Feb")
        case 2: return Lc("month", "Mar")
        case 3: return Lc("month", "Apr")
        case 4: return Lc("month", "May")
        case 5: return Lc("month", "Jun")
        case 6: return Lc("month", "Jul")
        case 7: return Lc("month", "Aug")
        case 8: return Lc("month", "Sep")
        case 9: return Lc("month", "Oct")
        case 10: return Lc("month", "Nov")
        default: return Lc("month", "Dec")
        }
    }

    /// The name of a record.
    public static func label(_ kind: TotalsRecordKind) -> String {
        switch kind {
        case .longest: return L("longest")
        case .highest: return L("highest point")
        case .mostClimb: return L("most climb")
        case .steepest: return L("steepest")
        case .fastestPace: return L("fastest pace")
        }
    }

    /// A record's value in the user's units, with what it is measured over: "23.4 km",
    /// "2857 m", "+1650 m", "32 % up over 100 m", "12:30 min/km moving, walks of 5.00 km or more".
    public static func value(_ record: TotalsRecord, _ units: UnitFormatter, _ rules: TotalsRules) -> String {
        switch record.kind {
        case .longest: return units.distance(record.value)
        case .highest: return (record.fromTerrain == true ? "~" : "") + units.elevation(record.value)
        case .mostClimb: return (record.fromTerrain == true ? "~" : "") + units.elevationChange(record.value)
        case .steepest:
            // The direction in words, so the percentage is unsigned ("63% down", never "+63% down").
            // Whole percent with a space before "%", as ``UnitFormatter/grade(_:)`` writes it.
            let percent = record.value.isFinite ? "\(Int((abs(record.value) * 100).rounded())) %" : UnitFormatter.unknown
            let over = units.distance(rules.gradeWindow)
            return (record.fromTerrain == true ? "~" : "")
                + (record.value >= 0 ? L("%s up over %s", percent, over) : L("%s down over %s", percent, over))
        case .fastestPace:
            return L("%s moving, walks of %s or more", units.pace(speed: record.value), units.distance(rules.minimumPaceDistance))
        }
    }

    /// `value` out of `maximum` as a bar of at most `width` columns, in eighths of a column
    /// (U+258F…U+2588); "" for nothing, at least one eighth for any value above zero.
    public static func horizontalBar(_ value: Double, of maximum: Double, width: Int) -> String {
        guard maximum > 0, value > 0, width > 0 else { return "" }
        let eighths = max(1, Int((value / maximum * Double(width * 8)).rounded()))
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        return String(repeating: "█", count: min(width, eighths / 8)) + (eighths / 8 >= width ? "" : partial[eighths % 8])
    }

    /// A climb figure, "~+4500 m" when part of it is the terrain's (``TotalsFigures/elevationGainFromTerrain``).
    public static func climb(_ f: TotalsFigures, _ units: UnitFormatter) -> String {
        (f.elevationGainFromTerrain != nil ? "~" : "") + units.elevationChange(f.elevationGain)
    }

    /// What the "~" of a climb means, with how much of `f`'s climb is on hikes whose heights
    /// are (partly) the terrain's: "~ climb: +1200 m of the +4500 m is on hikes with no or only
    /// some heights of their own, from the terrain (SRTM)"; nil when none is.
    public static func terrainNote(_ f: TotalsFigures, _ units: UnitFormatter) -> String? {
        guard let t = f.elevationGainFromTerrain else { return nil }
        let part = f.hikesWithPartialHeights.map {
            Ln("; %d of them has heights under only part of the line, whose climb counts that part",
               "; %d of them have heights under only part of the line, whose climb counts that part", $0, $0)
        } ?? ""
        return L("~ climb: %s of the %s is on hikes with no or only some heights of their own, from the terrain (SRTM)",
                 units.elevationChange(t), units.elevationChange(f.elevationGain)) + part
    }

    /// What the two counts mean, said under the figures.
    public static var walksAndTrails: String {
        L("walks: every time out (a hike or a walk of one); trails: different hikes walked, each counted once however often")
    }

    /// One line of figures: "123 km · +4500 m · 41 h 10 min moving · 12 walks · 5 trails".
    public static func figures(_ f: TotalsFigures, _ units: UnitFormatter) -> String {
        "\(units.distance(f.distance)) · \(climb(f, units)) · " + L("%s moving", units.duration(f.movingTime)) + " · "
            + Ln("%d walk", "%d walks", f.walks, f.walks) + " · " + Ln("%d trail", "%d trails", f.trails, f.trails)
    }

    /// The note under the records when some walks were left out of them (their numbers
    /// cannot be a walk's): "Left out of the records: 'Commute' (abc123), averages 43.0 km/h, …".
    public static func leftOut(_ report: TotalsReport, _ units: UnitFormatter) -> [String] {
        report.leftOutOfRecords.map { l in
            L("Left out of the records: “%s” (%s, %s): %s", TextSanitizer.sanitize(l.trailName), l.trailID,
              units.date(l.startTime), l.reason)
        }
    }
}

import Foundation
import TermUI
import TrailCore

/// The words and numbers of the totals, shared by the Totals screen and `cairn totals`, so the
/// two say the same thing.
public enum TotalsText {
    /// January to December, three letters.
    public static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The name of a record.
    public static func label(_ kind: TotalsRecordKind) -> String {
        switch kind {
        case .longest: return "longest"
        case .highest: return "highest point"
        case .mostClimb: return "most climb"
        case .steepest: return "steepest"
        case .fastestPace: return "fastest pace"
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
            return (record.fromTerrain == true ? "~" : "") + percent + (record.value >= 0 ? " up" : " down")
                + " over \(units.distance(rules.gradeWindow))"
        case .fastestPace:
            return units.pace(speed: record.value) + " moving, walks of \(units.distance(rules.minimumPaceDistance)) or more"
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
            "; \($0 == 1 ? "1 of them has" : "\($0) of them have") heights under only part of the line, whose climb counts that part"
        } ?? ""
        return "~ climb: \(units.elevationChange(t)) of the \(units.elevationChange(f.elevationGain)) is on hikes with "
            + "no or only some heights of their own, from the terrain (SRTM)" + part
    }

    /// What the two counts mean, said under the figures.
    public static let walksAndTrails = "walks: every time out (a hike or a walk of one); trails: different hikes walked, "
        + "each counted once however often"

    /// One line of figures: "123 km · +4500 m · 41 h 10 min moving · 12 walks · 5 trails".
    public static func figures(_ f: TotalsFigures, _ units: UnitFormatter) -> String {
        "\(units.distance(f.distance)) · \(climb(f, units)) · "
            + "\(units.duration(f.movingTime)) moving · \(f.walks) walk\(f.walks == 1 ? "" : "s") · "
            + "\(f.trails) trail\(f.trails == 1 ? "" : "s")"
    }

    /// The note under the records when some walks were left out of them (their numbers
    /// cannot be a walk's): "Left out of the records: 'Commute' (abc123), averages 43.0 km/h, …".
    public static func leftOut(_ report: TotalsReport, _ units: UnitFormatter) -> [String] {
        report.leftOutOfRecords.map { l in
            "Left out of the records: \u{201C}\(TextSanitizer.sanitize(l.trailName))\u{201D} (\(l.trailID), "
                + "\(units.date(l.startTime))): \(l.reason)"
        }
    }
}

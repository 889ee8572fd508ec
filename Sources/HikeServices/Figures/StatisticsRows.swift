import Localization
import Foundation
import TrailApp
import TrailCore

/// The labelled statistic lines shared by `cairn show` and `cairn stats`, in the user's units.
public enum StatisticsRows {
    /// Label/value pairs for `s`; values that cannot be known (no times, no elevations) are left out.
    /// "Elapsed time (recording)" is the time inside the segments; "Total time (first to last
    /// point)" (pauses between segments included) follows it only when it reads differently.
    /// `fromTerrain` marks gain and loss "~" with "(terrain)": figures (partly) from the
    /// terrain, as `cairn list` marks them; the walking time then says its climb is the
    /// terrain's. `coverage` (``HikeSummary/partialElevationCoverage``, under 99.5 %) says over
    /// how much of the hike the gain and the walking time's climb are measured (DECISIONS 415).
    /// `fileHeights` (the statistics of the file's own heights) marks the lowest and highest
    /// point and the steepest grade "~" when, with `fromTerrain`, they are not the file's: a
    /// filled or terrain height (``HikeTerrain/mark(_:own:)``).
    public static func rows(_ s: TrackStatistics, _ u: UnitFormatter, fromTerrain: Bool = false,
                     coverage: Double? = nil, fileHeights: TrackStatistics? = nil) -> [(String, String)] {
        var rows: [(String, String)] = []
        func row(_ k: String, _ v: String?) { if let v { rows.append((k, v)) } }
        guard s.pointCount > 0 else { return [(L("Trackpoints"), "0")] }
        row(L("Distance"), u.distance(s.distance))
        let elapsed = u.duration(s.elapsedTime, style: .clock)
        row(L("Elapsed time (recording)"), elapsed)
        if let t = s.totalTime, u.duration(t, style: .clock) != elapsed {
            row(L("Total time (first to last point)"), u.duration(t, style: .clock))
        }
        row(L("Moving time"), u.duration(s.movingTime, style: .clock))
        row(L("Average speed"), u.speed(s.averageSpeed))
        row(L("Moving average speed"), u.speed(s.movingAverageSpeed))
        row(L("Moving pace"), u.pace(speed: s.movingAverageSpeed))
        row(L("Max speed"), u.speed(s.maxSpeed))
        // The "~" marks and the coverage by the viewer's stats panel's rule (TerrainMarks).
        let marks = TerrainMarks(fromTerrain: fromTerrain, coverage: coverage, own: fileHeights)
        let note = fromTerrain ? " " + L("(with terrain heights, see Elevation source)") : ""
        let percent = marks.partialCoverage.map { HikeTerrain.percent($0) }
        let part = percent.map { " " + L("over %s %% of the hike", $0) } ?? ""
        row(L("Elevation gain"), s.elevationGain.map { marks.change($0) + u.elevationChange($0) + part + note } ?? UnitFormatter.unknown)
        row(L("Elevation loss"), s.elevationLoss.map { marks.change($0) + u.elevationChange(-$0) + part } ?? UnitFormatter.unknown)
        row(L("Lowest point"), marks.lowest(s) + u.elevation(s.minElevation))
        row(L("Highest point"), marks.highest(s) + u.elevation(s.maxElevation))
        row(L("Steepest grade"), marks.steepest(s) + u.grade(s.steepestGrade))
        let climb = !fromTerrain ? "" : percent.map { " " + L("(climb over %s %% of the hike)", $0) } ?? " " + L("(terrain climb)")
        row(L("Walking time (DIN 33466)"), u.duration(s.estimatedWalkingTime, style: .clock) + climb)
        row(L("Trackpoints"), Ln("%d in %d segment", "%d in %d segments", s.segmentCount, s.pointCount, s.segmentCount))
        if let b = s.boundingBox {
            // Coordinates as decimal degrees with a period, whatever the locale: "lat,lon" notation.
            row(L("Bounds"), L("%s to %s (lat,lon)", String(format: "%.5f,%.5f", b.minLatitude, b.minLongitude),
                               String(format: "%.5f,%.5f", b.maxLatitude, b.maxLongitude)))
        }
        return rows
    }

    /// Rows as aligned "  label  value" lines.
    public static func format(_ rows: [(String, String)], indent: String = "  ") -> String {
        let width = rows.map(\.0.count).max() ?? 0
        return rows.map { indent + $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.1 + "\n" }
            .joined()
    }
}

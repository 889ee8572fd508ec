import Localization
import Foundation
import TrailCore

/// The live figures of the recording screen as labelled rows, computed from
/// ``RecordingFigures`` (or a pure ``RecordingSession``) alone; `cairn record`'s headless
/// status line shows the same numbers.
///
/// Rows: state, elapsed and moving time, distance, current pace (over the last
/// ``RecordingSession/currentPaceWindow`` metres, named in the label: "Pace (500 m)"), average and moving average pace, elevation,
/// gain / loss, fix quality and age, points accepted, and one row per rejection rule that has
/// fired. Times, distances and gain are ``StatisticsCalculator``'s over the recorded points.
public struct RecordingPanelModel: Hashable, Sendable {
    /// One line of the panel.
    public struct Row: Hashable, Sendable {
        public var label: String
        public var value: String
    }

    public var rows: [Row]

    /// - Parameters:
    ///   - fixAge: seconds since the last fix arrived (nil: none yet); grows while a source is silent.
    ///   - fixMode: the last fix's mode.
    ///   - waiting: why there is no fix yet ("connecting (attempt 2)"), shown instead of an age.
    public init(session: RecordingSession, fixAge: Double?, fixMode: FixMode?, waiting: String? = nil,
                units: UnitFormatter) {
        self.init(figures: RecordingFigures(session: session), fixAge: fixAge, fixMode: fixMode, waiting: waiting,
                  units: units)
    }

    /// The rows of `figures`; `accuracy` (metres, the last fix's horizontal accuracy) is added to
    /// the fix row when known. `lost` ("lost", "ended", "no fix") replaces the last
    /// fix's mode and accuracy once the source stopped delivering: they describe a fix that is gone.
    public init(figures session: RecordingFigures, fixAge: Double?, fixMode: FixMode?, accuracy: Double? = nil,
                waiting: String? = nil, lost: String? = nil, units: UnitFormatter) {
        let s = session.statistics
        var r: [Row] = [
            Row(label: N("State"), value: session.state == .recording ? Lc("live state", "recording")
                    : session.state == .paused ? Lc("live state", "paused") : Lc("live state", "finished")),
            Row(label: N("Elapsed"), value: units.duration(s.elapsedTime ?? 0, style: .clock)),
            Row(label: N("Moving"), value: units.duration(s.movingTime ?? 0, style: .clock)),
            Row(label: N("Distance"), value: units.distance(session.distance)),
            // TRANSLATORS: the current pace, measured over the last distance given ("Pace (500 m)").
            Row(label: L("Pace (%s)", units.distance(RecordingSession.currentPaceWindow)),
                value: units.pace(speed: session.currentSpeed)),
            Row(label: N("Average pace"), value: units.pace(speed: s.averageSpeed)),
            Row(label: N("Moving pace"), value: units.pace(speed: s.movingAverageSpeed)),
            Row(label: N("Elevation"), value: units.elevation(session.lastPoint?.elevation)),
            Row(label: N("Gain / loss"), value: units.elevationChange(s.elevationGain) + " / "
                + units.elevationChange(s.elevationLoss.map { -$0 })),
        ]
        if let fixAge, let lost {
            // TRANSLATORS: the fix's mode or problem ("3D ±5 m", "lost") and its age in seconds.
            r.append(Row(label: N("Fix"), value: L("%s, %d s ago", lost, Int(fixAge.rounded(.down)))))
        } else if let fixAge {
            let acc = accuracy.map { " ±" + units.distance($0) } ?? ""
            r.append(Row(label: N("Fix"), value: L("%s, %d s ago", (fixMode?.label ?? "?") + acc, Int(fixAge.rounded(.down)))))
        } else {
            r.append(Row(label: N("Fix"), value: waiting.map { L("none yet: %s", $0) } ?? L("none yet")))
        }
        let c = session.counters
        r.append(Row(label: N("Points"), value: L("%d recorded", session.pointCount)))
        r.append(Row(label: N("Rejected"), value: String(c.totalRejected)))
        for rule in FixRejection.allCases {
            if let n = c.rejected[rule] { r.append(Row(label: "  " + Self.ruleLabel(rule), value: String(n))) }
        }
        rows = r
    }

    /// A short human label for each rule (``FixRejection/label``, as `cairn record` says it).
    public static func ruleLabel(_ rule: FixRejection) -> String { rule.label }

    /// The rows as text, label padded to `labelWidth` (tests, and a plain-text fallback).
    public func text(labelWidth: Int = 20) -> String {
        rows.map { $0.label.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + $0.value }.joined(separator: "\n")
    }
}

import Foundation
import HikeServices
import TrailCore

/// The one-line status `cairn record` prints every minute when headless:
///
/// `12:03:00 recording · elapsed 0:42:10 · moving 0:39:00 · 3.21 km · pace 13:08 min/km (last 500 m) ·
///  ele 1520 m · gain 312 m · fix 1 s ago (3D) · accepted 412 · rejected 37 (poor accuracy 3, too close 34)`
///
/// Elapsed, moving time, distance and gain are ``StatisticsCalculator``'s over the recorded
/// points (what `cairn stats` and the stored hike say); the pace is over the last
/// ``RecordingSession/currentPaceWindow`` metres; the fix age is measured from the last fix
/// received (accepted or not), by the wall clock, so a silent source shows it growing.
enum RecordStatusLine {
    /// - Parameter lost: why the source delivers nothing now ("source lost: …"), said instead of
    ///   the last fix's mode once a fix had come (DECISIONS.md 145).
    static func text(session: RecordingSession, fixAge: Double?, fixMode: FixMode?, waiting: String?, lost: String? = nil,
                     units: UnitFormatter, at now: Date) -> String {
        let s = session.statistics()
        var parts = [units.time(now) + " " + session.state.rawValue]
        parts.append("elapsed " + units.duration(s.elapsedTime ?? 0, style: .clock))
        parts.append("moving " + units.duration(s.movingTime ?? 0, style: .clock))
        parts.append(units.distance(s.distance))
        parts.append("pace " + units.pace(speed: session.currentSpeed())
                     + " (last \(units.distance(RecordingSession.currentPaceWindow)))")
        parts.append("ele " + units.elevation(session.lastPoint?.elevation))
        parts.append("gain " + units.elevationChange(s.elevationGain))
        if let fixAge {
            parts.append("fix \(Int(fixAge.rounded(.down))) s ago"
                         + ((lost.map(TerminalText.clean) ?? fixMode?.label).map { " (\($0))" } ?? ""))
        } else {
            parts.append("no fix yet" + (waiting.map { ": " + TerminalText.clean($0) } ?? ""))
        }
        let c = session.filter.counters
        parts.append("accepted \(c.accepted)")
        parts.append("rejected \(c.totalRejected)" + rejections(c))
        return parts.joined(separator: " · ")
    }

    /// " (poor accuracy 3, too close 34)" in the filter's rule order (``FixRejection/label``, the
    /// recording panel's words); "" when nothing was rejected.
    static func rejections(_ c: FilterCounters) -> String {
        let byRule = FixRejection.allCases.compactMap { r in c.rejected[r].map { "\(r.label) \($0)" } }
        return byRule.isEmpty ? "" : " (" + byRule.joined(separator: ", ") + ")"
    }
}

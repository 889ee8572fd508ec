import Foundation
import TrailCore
import TrailLive
import Localization

/// The one-line status `cairn record` prints every minute when headless:
///
/// `12:03:00 recording · elapsed 0:42:10 · moving 0:39:00 · 3.21 km · pace 13:08 min/km (last 500 m) ·
///  ele 1520 m · gain 312 m · fix 1 s ago (3D) · accepted 412 · rejected 37 (poor accuracy 3, too close 34)`
///
/// Elapsed and moving time are ``StatisticsCalculator``'s over the recorded points run on by
/// the wall clock since the last of them (``LiveReadout/runningTimes(elapsed:moving:clock:speed:)``,
/// as the recording screen does); distance and gain are the points'; the pace is over the last
/// ``RecordingSession/currentPaceWindow`` metres; the fix age is measured from the last fix
/// received (accepted or not), by the wall clock, so a silent source shows it growing, with
/// "stale" or why the source is lost (``LiveReadout/fixProblem``) in place of its mode.
public enum RecordStatusLine {
    /// - Parameters:
    ///   - readout: the source's state and the clock (its `now` is the time printed).
    ///   - clock: when the last committed point's fix arrived and the pauses since (the time runs
    ///     on from it, frozen while paused).
    public static func text(session: RecordingSession, readout: LiveReadout, clock: WalkClock, units: UnitFormatter) -> String {
        let s = session.statistics()
        let now = readout.now ?? Date()
        let times = readout.runningTimes(elapsed: s.elapsedTime, moving: s.movingTime, clock: clock, speed: session.currentSpeed())
        let state: String
        switch session.state {
        // TRANSLATORS: the recording's state in the status line of `cairn record`.
        case .recording: state = Lc("live state", "recording")
        case .paused: state = Lc("live state", "paused")
        case .finished: state = Lc("live state", "finished")
        }
        var parts = [units.time(now) + " " + state]
        // TRANSLATORS: status line parts of `cairn record`: a label, then a clock time or a measure.
        parts.append(L("elapsed %s", units.duration(times.elapsed ?? 0, style: .clock)))
        parts.append(L("moving %s", units.duration(times.moving ?? 0, style: .clock)))
        parts.append(units.distance(s.distance))
        // TRANSLATORS: the current pace, measured over the last distance given.
        parts.append(L("pace %s (last %s)", units.pace(speed: session.currentSpeed()),
                       units.distance(RecordingSession.currentPaceWindow)))
        // TRANSLATORS: short for elevation.
        parts.append(L("ele %s", units.elevation(session.lastPoint?.elevation)))
        parts.append(L("gain %s", units.elevationChange(s.elevationGain)))
        if let fixAge = readout.fixAge {
            let problem: String?
            if case .disconnected(let reason, _)? = readout.connection { problem = L("source lost: %s", reason) }
            else { problem = readout.fixProblem }
            let seconds = Int(fixAge.rounded(.down))
            if let detail = problem.map(TerminalText.clean) ?? readout.lastReceived?.mode.label {
                parts.append(L("fix %d s ago (%s)", seconds, detail))
            } else {
                parts.append(L("fix %d s ago", seconds))
            }
        } else {
            let waiting = readout.waiting ?? L("waiting for the position source")
            parts.append(L("no fix yet: %s", TerminalText.clean(waiting)))
        }
        let c = session.filter.counters
        // TRANSLATORS: counts of fixes the filter accepted and rejected.
        parts.append(L("accepted %d", c.accepted))
        parts.append(L("rejected %d", c.totalRejected) + rejections(c))
        return parts.joined(separator: " · ")
    }

    /// " (poor accuracy 3, too close 34)" in the filter's rule order (``FixRejection/label``, the
    /// recording panel's words); "" when nothing was rejected.
    public static func rejections(_ c: FilterCounters) -> String {
        let byRule = FixRejection.allCases.compactMap { r in c.rejected[r].map { "\(r.label) \($0)" } }
        return byRule.isEmpty ? "" : " (" + byRule.joined(separator: ", ") + ")"
    }
}

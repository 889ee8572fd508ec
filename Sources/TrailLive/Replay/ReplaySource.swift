import Foundation
import TrailCore
import Localization

/// A ``PositionSource`` that plays a track back (`--gps replay:FILE.gpx --speed 10`), for
/// demos and end-to-end tests.
///
/// The fixes come from ``ReplayPlan``; their times are track time anchored at the start of
/// the replay, so speeds, active time and ETA read as on the original walk whatever the
/// speed factor. Between fixes the source waits (Δ track time) / ``Configuration/speedFactor``
/// on the injected clock: 10 plays a 3 h walk in 18 min; nil plays as fast as the consumer
/// takes events. The UI should judge a fix's age by its arrival, not by its time.
///
/// Recording (``ReplayTiming/recording(after:anchor:)``) keeps the log's own times instead, so
/// `--speed` never stamps a fix in the future and a resumed recording continues the log.
///
/// Events: `.connection(.connected(detail:))` first, then the fixes, then `.ended` ("replay
/// finished", or "stopped").
public final class ReplaySource: PausableSource, @unchecked Sendable {
    public struct Configuration: Sendable {
        /// The track to play (all segments joined, in order).
        public var points: [Trackpoint]
        /// How many times faster than recorded; nil for no waiting at all.
        public var speedFactor: Double?
        /// How untimed tracks are walked.
        public var plan: ReplayPlan
        /// What the fixes' times are (``ReplayTiming``).
        public var timing: ReplayTiming

        public init(points: [Trackpoint], speedFactor: Double? = 1, plan: ReplayPlan = ReplayPlan(),
                    timing: ReplayTiming = .fromNow) {
            self.points = points
            self.speedFactor = speedFactor
            self.plan = plan
            self.timing = timing
        }

        /// The fixes this configuration plays, before pacing, when the replay starts at `now`.
        public func fixes(startingAt now: Date) -> [PositionFix] {
            switch timing {
            case .fromNow:
                return plan.fixes(for: points, start: now)
            case .recording(let after, let anchor):
                let start: Date
                if ReplayPlan.isTimed(points) {
                    start = points[0].time!
                } else if let anchor {
                    start = anchor
                } else {
                    // The last synthesized fix is stamped when it arrives: the walk takes D of
                    // track time and D / speed of wall time, so start D·(1 − 1/speed) ago.
                    let d = plan.fixes(for: points, start: now).last?.time.timeIntervalSince(now) ?? 0
                    let wall = speedFactor.map { $0 > 0 ? d / $0 : 0 } ?? 0
                    start = now.addingTimeInterval(wall - d)
                }
                let all = plan.fixes(for: points, start: start)
                guard let after else { return all }
                return all.filter { $0.time > after }
            }
        }
    }

    public let configuration: Configuration
    private let clock: any LiveClock
    private let stopFlag = StopFlag()
    private let pause = PauseGate()

    public init(configuration: Configuration, clock: any LiveClock = SystemClock()) {
        self.configuration = configuration
        self.clock = clock
    }

    public func start(_ handler: @escaping @Sendable (PositionEvent) -> Void) {
        stopFlag.startOnce(threadName: "cairn.replay") { [self] in run(handler) }
    }

    public func stop() { stopFlag.stop() }

    /// Pauses (true) or resumes the playback: no fix is delivered while paused, and the track
    /// carries on where it stopped (the fixes' times stay track time, so the gap is not walked).
    public func setPaused(_ paused: Bool) { pause.set(paused) }

    private func run(_ emit: @Sendable (PositionEvent) -> Void) {
        let c = configuration
        let fixes = c.fixes(startingAt: clock.now())
        let factor = c.speedFactor.map { $0 > 0 ? "\($0.formatted())×" : L("no waiting") } ?? L("no waiting")
        // TRANSLATORS: the last %s is a speed factor ("10×") or "no waiting".
        emit(.connection(.connected(detail: Ln("replay of %d point at %s", "replay of %d points at %s", c.points.count, c.points.count, factor))))
        var pacing = Pacing(speedFactor: c.speedFactor)
        for fix in fixes {
            guard pacing.wait(until: fix.time, clock: clock, stop: stopFlag),
                  pause.waitWhilePaused(clock: clock, stop: stopFlag) else {
                emit(.ended(SourceEnd(reason: L("stopped"))))
                return
            }
            emit(.fix(fix))
        }
        emit(.ended(SourceEnd(reason: stopFlag.isStopped ? L("stopped") : L("replay finished"))))
    }
}

extension Double {
    /// "10", "2.5": the shortest text for a speed factor.
    fileprivate func formatted() -> String {
        // Int(_:) only where it cannot trap (`--speed 1e300` is a finite positive number).
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}

/// What a replay's fix times are.
public enum ReplayTiming: Sendable, Equatable {
    /// Track time anchored at the start of the replay (following: readouts and ETA as on the
    /// original walk, dated today).
    case fromNow
    /// For recording (DECISIONS.md 251): a timed track keeps its own times, as an NMEA log
    /// keeps the receiver's; an untimed one is walked from `anchor` (a resumed recording: its
    /// first point's time, so the times repeat) or, new, from so far back that its last fix is
    /// stamped the moment it arrives — at any `--speed` no fix lies in the future. Fixes at or
    /// before `after` (the recording's last point, when resuming) are not played, so a resumed
    /// replay continues where the recording stopped instead of walking the log again.
    case recording(after: Date?, anchor: Date?)
}

import Foundation
import TrailCore

/// A ``PositionSource`` that plays a track back (`--gps replay:FILE.gpx --speed 10`), for
/// demos and end-to-end tests.
///
/// The fixes come from ``ReplayPlan``; their times are track time anchored at the start of
/// the replay, so speeds, active time and ETA read as on the original walk whatever the
/// speed factor. Between fixes the source waits (Δ track time) / ``Configuration/speedFactor``
/// on the injected clock: 10 plays a 3 h walk in 18 min; nil plays as fast as the consumer
/// takes events. The UI should judge a fix's age by its arrival, not by its time.
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

        public init(points: [Trackpoint], speedFactor: Double? = 1, plan: ReplayPlan = ReplayPlan()) {
            self.points = points
            self.speedFactor = speedFactor
            self.plan = plan
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
        let fixes = c.plan.fixes(for: c.points, start: clock.now())
        let factor = c.speedFactor.map { $0 > 0 ? "\($0.formatted())×" : "no waiting" } ?? "no waiting"
        emit(.connection(.connected(detail: "replay of \(c.points.count) points at \(factor)")))
        var pacing = Pacing(speedFactor: c.speedFactor)
        for fix in fixes {
            guard pacing.wait(until: fix.time, clock: clock, stop: stopFlag),
                  pause.waitWhilePaused(clock: clock, stop: stopFlag) else {
                emit(.ended(SourceEnd(reason: "stopped")))
                return
            }
            emit(.fix(fix))
        }
        emit(.ended(SourceEnd(reason: stopFlag.isStopped ? "stopped" : "replay finished")))
    }
}

extension Double {
    /// "10", "2.5": the shortest text for a speed factor.
    fileprivate func formatted() -> String {
        // Int(_:) only where it cannot trap (`--speed 1e300` is a finite positive number).
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}

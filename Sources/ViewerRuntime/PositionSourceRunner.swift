import Dispatch
import Foundation
import HikeServices
import TrailCore
import TrailLive

/// One running position source and its 1 Hz clock, for the screens that read positions live
/// (following and recording): starts a `--gps` source, hands each event and tick to closures,
/// pauses a replay or NMEA log file, stops both. Thread-safe (a lock around the source).
final class PositionSourceRunner: @unchecked Sendable {
    private let tickQueue: DispatchQueue
    private let lock = NSLock()
    private var source: (any PositionSource)?
    private var ticker: DispatchSourceTimer?

    init(label: String) {
        tickQueue = DispatchQueue(label: label)
    }

    /// Starts `spec` (stopping any running source) paced by `speed` (``FollowEffectPerformer/pacing(_:_:)``).
    /// Events go to `event` with their wall-clock arrival, the clock to `tick` once a second;
    /// a source that cannot be made calls `failed` with the error's description.
    func start(_ spec: PositionSourceSpec, speed: Double?, replayTiming: ReplayTiming = .fromNow, now: @escaping @Sendable () -> Date,
               event: @escaping @Sendable (PositionEvent, Date) -> Void, tick: @escaping @Sendable (Date) -> Void,
               failed: @escaping @Sendable (String) -> Void) {
        stop()
        let src: any PositionSource
        do {
            src = try spec.makeSource(speedFactor: FollowEffectPerformer.pacing(spec, speed), replayTiming: replayTiming,
                                      loadTrack: FollowEffectPerformer.loadTrack)
        } catch {
            failed("\(error)")
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: tickQueue)
        timer.schedule(deadline: .now() + 1, repeating: 1)
        timer.setEventHandler { tick(now()) }
        lock.withLock {
            source = src
            ticker = timer
        }
        timer.resume()
        src.start { e in event(e, now()) }
    }

    /// Holds (true) or releases the playback of a replay or NMEA log file; nothing for gpsd or
    /// a serial device.
    func setPaused(_ paused: Bool) {
        lock.withLock { (source as? any PausableSource)?.setPaused(paused) }
    }

    /// Stops the source and the clock.
    func stop() {
        lock.withLock {
            source?.stop()
            source = nil
            ticker?.cancel()
            ticker = nil
        }
    }
}

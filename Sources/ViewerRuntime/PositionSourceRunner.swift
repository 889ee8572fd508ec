import Dispatch
import Foundation
import Synchronization
import HikeServices
import TrailCore
import TrailLive

/// One running position source and its 1 Hz clock, for the screens that read positions live
/// (following and recording): starts a `--gps` source, hands each event and tick to closures,
/// pauses a replay or NMEA log file, stops both. `Sendable` checked by the compiler: the
/// running source and clock sit in a `Mutex`. Started and stopped from one thread at a time
/// (the runtime's loop, or the recorder's queue).
final class PositionSourceRunner: Sendable {
    private let tickQueue: DispatchQueue
    private let running = Mutex<(source: (any PositionSource)?, ticker: (any DispatchSourceTimer)?)>((nil, nil))

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
        // Resumed before it is handed to the mutex, after which this thread no longer holds it.
        timer.resume()
        running.withLock { $0 = (src, timer) }
        src.start { e in event(e, now()) }
    }

    /// Holds (true) or releases the playback of a replay or NMEA log file; nothing for gpsd or
    /// a serial device.
    func setPaused(_ paused: Bool) {
        running.withLock { ($0.source as? any PausableSource)?.setPaused(paused) }
    }

    /// Stops the source and the clock.
    func stop() {
        running.withLock { r in
            r.source?.stop()
            r.source = nil
            r.ticker?.cancel()
            r.ticker = nil
        }
    }
}

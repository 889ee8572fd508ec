import Foundation
import TrailCore
import Localization

/// The live readout shared by following, recording (on screen and headless) and a backtrack
/// started while recording, and by `cairn status`: what the position source last said (link,
/// last fix and when it arrived, a receiver without a fix), the wall clock that ticks every
/// second between fixes, and from these the fix age with its "stale" marker, a lost source
/// that is cleared when fixes flow again, and for any route being followed the distance and
/// time left and the arrival (DECISIONS.md 920).
///
/// A value type updated by ``receive(_:at:)`` (every source event) and ``tick(_:)`` (the
/// 1 Hz clock); everything else is derived, so two front ends reading the same events say the
/// same thing.
public struct LiveReadout: Sendable {
    /// The link as last reported (gpsd: connecting, connected, disconnected with retry).
    public var connection: ConnectionState?
    /// When ``connection`` last changed (wall clock), to count down a reconnection wait.
    public var connectionAt: Date?
    /// Set when the source ended (file done, replay finished, error); cleared by a new connection.
    public var ended: SourceEnd?
    /// The last fix received (accepted by the filter or not) and when it arrived (wall clock).
    public var lastReceived: PositionFix?
    public var lastArrival: Date?
    /// Set by a no-fix report, cleared by the next fix.
    public var noFix: FixMode?
    /// True after the source's own stale event, until the next fix.
    public var sourceSaidStale = false
    /// Satellites used / in view as last reported.
    public var satellitesUsed: Int?
    public var satellitesVisible: Int?
    /// The latest clock time seen (ticks and arrivals; never goes back).
    public var now: Date?
    /// Why the source was lost, once a fix had come: set by a disconnection, cleared by the
    /// next fix (the front ends then say "Position source back").
    public private(set) var lostReason: String?

    public init() {}

    /// A fix older than this (seconds, wall clock) is called stale: the panels and `cairn status`.
    public static let staleAfter = 10.0

    /// What an event changed that a front end says once (a status line, a printed line).
    public enum Change: Equatable, Sendable {
        case none
        /// The link was lost after fixes had come (the reason).
        case lost(String)
        /// A fix came after the source had been lost: the error goes.
        case recovered
        /// The source ended.
        case ended(SourceEnd)
    }

    /// Applies one source event that arrived at `time` (wall clock).
    public mutating func receive(_ event: PositionEvent, at time: Date) -> Change {
        tick(time)
        switch event {
        case .fix(let fix):
            lastReceived = fix
            lastArrival = time
            noFix = nil
            sourceSaidStale = false
            if let u = fix.satellitesUsed { satellitesUsed = u }
            if let v = fix.satellitesVisible { satellitesVisible = v }
            if lostReason != nil {
                lostReason = nil
                return .recovered
            }
        case .noFix(let mode):
            noFix = mode
        case .satellites(let used, let visible):
            satellitesUsed = used
            satellitesVisible = visible
        case .stale:
            sourceSaidStale = true
        case .connection(let c):
            connection = c
            connectionAt = time
            if case .connected = c { ended = nil }
            if case .disconnected(let reason, _) = c, lastArrival != nil {
                let first = lostReason != reason
                lostReason = reason
                if first { return .lost(reason) }
            }
        case .ended(let end):
            ended = end
            return .ended(end)
        case .skippedInput:
            break
        }
        return .none
    }

    /// The clock moved on (the 1 Hz tick); time never goes back.
    public mutating func tick(_ date: Date) {
        now = max(now ?? date, date)
    }

    /// Seconds since the last fix arrived (by arrival, not fix time: replays and old logs carry
    /// old fix times), nil before the first.
    public var fixAge: Double? {
        guard let a = lastArrival else { return nil }
        return max(0, (now ?? a).timeIntervalSince(a))
    }

    /// True when the last fix is older than ``staleAfter`` or the source said so.
    public var isStale: Bool {
        guard let age = fixAge else { return false }
        return sourceSaidStale || age > Self.staleAfter
    }

    /// After a fix: why the source delivers none now, short ("ended", "lost" while it
    /// reconnects, the receiver's "no fix"), else "stale" for an old fix; nil while fixes flow.
    /// Said in place of the last fix's mode and accuracy, which describe a fix that is gone.
    public var fixProblem: String? {
        guard lastArrival != nil else { return nil }
        // TRANSLATORS: short, in place of a fix's mode: the position source ended.
        if ended != nil { return Lc("fix problem", "ended") }
        if let noFix { return noFix.label }
        switch connection {
        // TRANSLATORS: short, in place of a fix's mode: the link to the position source is lost; "stale": the last fix is old.
        case .connecting?, .disconnected?: return Lc("fix problem", "lost")
        default: return isStale ? Lc("fix problem", "stale") : nil
        }
    }

    /// Why there is no fix yet (nil once one came or while nothing is known).
    public var waiting: String? {
        if let ended { return L("source ended: %s", ended.reason) }
        if let noFix { return L("receiver reports %s", noFix.label) }
        switch connection {
        case .connecting(let attempt)?: return attempt > 1 ? L("connecting (attempt %d)", attempt) : Lc("position source link", "connecting")
        case .disconnected(let reason, _)?: return L("lost: %s", reason)
        case .connected?: return lastArrival == nil ? L("connected, no fix yet") : nil
        default: return nil
        }
    }

    /// Seconds left before a lost source tries again (counted down from its `retryIn` by the
    /// ticks), nil when it is not waiting.
    public var retryLeft: Double? {
        guard case .disconnected(_, let retry)? = connection else { return nil }
        let waited = connectionAt.map { max(0, (now ?? $0).timeIntervalSince($0)) } ?? 0
        return max(0, retry - waited)
    }

    /// The link in a word or a few: "connected", "retrying in 2 s (lost: reason)", "ended
    /// (replay finished)", "reading" (a file or replay that has no link), "starting".
    public var linkText: String {
        if let end = ended { return L("ended (%s)", end.reason) }
        switch connection {
        case .connecting(let attempt)?: return attempt > 1 ? L("connecting (try %d)", attempt) : Lc("position source link", "connecting")
        case .connected?: return Lc("position source link", "connected")
        case .disconnected(let reason, let retry)?:
            let left = retryLeft ?? retry
            return left > 0 ? L("retrying in %d s (lost: %s)", Int(left.rounded(.up)), reason) : L("retrying (lost: %s)", reason)
        // TRANSLATORS: the position source's link: "starting" before anything came, "reading" a file or replay.
        case nil: return lastReceived == nil ? Lc("position source link", "starting") : Lc("position source link", "reading")
        }
    }

    /// ``linkText`` without the reason, for a narrow panel (the status line says the reason):
    /// "lost, retrying in 2 s", "lost, retrying"; otherwise ``linkText`` as it is.
    public var shortLinkText: String {
        guard case .disconnected(_, let retry)? = connection, ended == nil else { return linkText }
        let left = retryLeft ?? retry
        return left > 0 ? "lost, retrying in \(Int(left.rounded(.up))) s" : "lost, retrying"
    }

    /// The link for `cairn status --json`: "connected", "connecting", "lost", "ended", "reading", "starting".
    public var linkState: String {
        if ended != nil { return "ended" }
        switch connection {
        case .connecting?: return "connecting"
        case .connected?: return "connected"
        case .disconnected?: return "lost"
        case nil: return lastReceived == nil ? "starting" : "reading"
        }
    }

    // MARK: The clock between points

    /// Moving time runs on between points at most this long (seconds): a hiker who stops
    /// sends no new point, and the recording filter's standing-still rule waits 30 s too.
    public static let movingRunOn = 30.0
    /// Slower than this (m/s, the filter's standing-still speed) the hiker is standing.
    public static let movingSpeed = 0.5

    /// Elapsed and moving time now from the figures of the committed points and `clock` (when
    /// the last of them arrived, and the pauses since): elapsed runs on by the wall clock while
    /// running and stands still while paused, from the moment of the pause (DECISIONS.md 970);
    /// moving runs on only at ``movingSpeed`` or more (the last fix's speed, else `speed`) and
    /// only until the last fix turns stale (``staleAfter`` s after it arrived), at most
    /// ``movingRunOn`` s since the last point, so both tick every second between points, a
    /// hiker who stops gains no moving time, and neither goes back while the clock runs
    /// (DECISIONS.md 843). Before the first point (`clock.hasPoint` false) the figures as they are.
    public func runningTimes(elapsed: Double?, moving: Double?, clock: WalkClock, speed: Double?) -> (elapsed: Double?, moving: Double?) {
        guard clock.hasPoint else { return (elapsed, moving) }
        var extra = (elapsed: clock.carriedElapsed, moving: clock.carriedMoving)
        if let since = clock.runningSince, let now {
            let run = runOn(from: since, to: now, speed: speed, movedBefore: clock.carriedMoving)
            extra.elapsed += run.elapsed
            extra.moving += run.moving
        }
        return ((elapsed ?? 0) + extra.elapsed, (moving ?? 0) + extra.moving)
    }

    /// The run-on of one running stretch of the clock, `start` to `end` (seconds): elapsed the
    /// whole of it; moving the part before the last fix turned stale, at walking speed, within
    /// ``movingRunOn`` with `movedBefore` (the moving run-on already counted since the point).
    func runOn(from start: Date, to end: Date, speed: Double?, movedBefore: Double) -> (elapsed: Double, moving: Double) {
        let elapsed = max(0, end.timeIntervalSince(start))
        let v = lastReceived?.speed ?? speed ?? 0
        guard v >= Self.movingSpeed, let arrival = lastArrival else { return (elapsed, 0) }
        let freshEnd = min(end, arrival.addingTimeInterval(Self.staleAfter))
        let moving = min(max(0, freshEnd.timeIntervalSince(start)), max(0, Self.movingRunOn - movedBefore))
        return (elapsed, moving)
    }

    // MARK: A route being followed

    /// Where the hiker stands on a route being followed (a hike, or the way back while
    /// recording): metres along and of the route, metres and seconds left, how the time was
    /// estimated, the arrival by the wall clock (nil before the clock is known), and how far off
    /// the route while the off-route alert is on.
    public struct RouteProgress: Equatable, Sendable {
        public var along: Double
        public var length: Double
        public var left: Double
        public var timeLeft: Double
        public var method: ETAMethod
        public var arrival: Date?
        /// True once a fix was matched to the route (before that, "along" is not known).
        public var matched: Bool
        /// While the off-route alert is on (``FollowSession/isOffRoute``): metres from the last
        /// fix to the nearest point of the route (``FollowSession/crossTrackDistance``), what the
        /// banner, the panel and `cairn status` all say; nil on the route.
        public var offRoute: Double? = nil
        /// While off route: metres from the last fix to the matched point of the route ahead,
        /// from which the route's rest is measured; included in ``left``. Nil on the route.
        public var toRoute: Double? = nil
    }

    /// `session`'s progress read at ``now``, all from its last accepted fix (one source of
    /// truth for every front end): remaining distance and
    /// ``FollowSession/estimatedTimeRemaining`` (DIN 33466 of the route ahead × the hiker's
    /// ratio, DECISIONS.md 844), arrival = now + that time. Off route (the alert on), the left
    /// distance is the straight line from the last fix to the matched point of the route ahead
    /// plus the route from there, and its time that line on the flat by the same rule (4 km/h ×
    /// the ratio), so both change with every fix while the hiker walks away (DECISIONS.md 971).
    public func route(_ session: FollowSession) -> RouteProgress {
        let eta = session.estimatedTimeRemaining
        var progress = RouteProgress(along: session.progress, length: session.route.length, left: session.remainingDistance,
                                     timeLeft: eta.seconds, method: eta.method, arrival: nil,
                                     matched: session.lastMatch != nil)
        if session.isOffRoute, let xtd = session.crossTrackDistance, let fix = session.lastFix, let match = session.lastMatch {
            let leg = Geodesy.distance(from: fix.coordinate, to: match.position.coordinate)
            progress.offRoute = abs(xtd)
            progress.toRoute = leg
            progress.left += leg
            let ratio = eta.method == .hikersRatio ? (session.hikersRatio() ?? 1) : 1
            progress.timeLeft += leg / session.configuration.statistics.walkingHorizontalSpeed * ratio
        }
        progress.arrival = now.map { $0.addingTimeInterval(progress.timeLeft) }
        return progress
    }
}

/// The clock of a live walk between its points, for ``LiveReadout/runningTimes(elapsed:moving:clock:speed:)``:
/// when the last point (committed to the recording, used by the follow) arrived, and what a
/// pause did since. A pause keeps the time run on up to it (`carried…`) and stops the clock; a
/// resume starts it again from the resume, so the figures stand still while paused and go on
/// from where they stood (DECISIONS.md 970). The next point starts over: its figures hold the
/// time up to it.
public struct WalkClock: Sendable, Equatable {
    /// True once a point arrived (before that, no time runs on: there is nothing to run on from).
    public private(set) var hasPoint = false
    /// When the running stretch began (wall clock): the last point's arrival or the resume
    /// after it; nil while paused.
    public private(set) var runningSince: Date?
    /// Seconds run on since the last point before the pause(s) after it: elapsed, and moving.
    public private(set) var carriedElapsed = 0.0
    public private(set) var carriedMoving = 0.0
    /// True between ``pause(at:readout:speed:)`` and ``resume(at:)``.
    public private(set) var isPaused = false

    public init() {}

    /// A point arrived at `date` (wall clock): its figures hold the time up to it.
    public mutating func point(at date: Date) {
        hasPoint = true
        carriedElapsed = 0
        carriedMoving = 0
        runningSince = isPaused ? nil : date
    }

    /// The walk paused at `date`: the time run on up to then is kept and the clock stops
    /// (`readout` and `speed` as for ``LiveReadout/runningTimes(elapsed:moving:clock:speed:)``,
    /// read now). A second pause does nothing.
    public mutating func pause(at date: Date, readout: LiveReadout, speed: Double?) {
        guard !isPaused else { return }
        isPaused = true
        if let since = runningSince {
            let run = readout.runOn(from: since, to: max(date, since), speed: speed, movedBefore: carriedMoving)
            carriedElapsed += run.elapsed
            carriedMoving += run.moving
        }
        runningSince = nil
    }

    /// The walk finished: its figures are final (what was stored), nothing runs on any more.
    public mutating func finish() {
        self = WalkClock()
    }

    /// The walk resumed at `date`: the clock runs again from there. Resuming a clock that runs does nothing.
    public mutating func resume(at date: Date) {
        guard isPaused else { return }
        isPaused = false
        if hasPoint { runningSince = date }
    }
}

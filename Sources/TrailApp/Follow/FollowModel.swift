import Foundation
import Localization
import TermUI
import TrailCore
import TrailLive
import TrailStore

/// One following in progress: the session (TrailCore's maths), the line drawn, the source's
/// state as last reported, and the walk being written.
public struct FollowModel: Sendable {
    /// Where the following is.
    public enum Phase: Sendable, Equatable {
        /// Receiving fixes (paused or not: see ``FollowSession/isPaused``).
        case running
        /// Stopped with `x`: the summary is shown until a key closes it.
        case stopped(FollowSummary)
    }

    /// The hike followed (or whose walk is backtracked).
    public var hikeID: HikeID
    /// Its name, for the heading.
    public var hikeName: String
    /// The follow state.
    public var session: FollowSession
    /// The followed line made drawable (map route and profile), built once from the session's route.
    public var line: PreparedHike
    /// The profile's x values (distance).
    public var series: ProfileSeries
    /// True when following a backtrack route to the start.
    public var isBacktrack: Bool
    /// What `--gps` said, for the panel.
    public var sourceLabel: String
    /// The number the running source was started under.
    public var source: Int
    /// The replay speed the source plays at (`--speed`, or a resumed walk's own), nil for 1x.
    public var speed: Double?
    /// The walk being written, once the store has created it.
    public var walkID: WalkID?
    /// The request number of the walk row asked for.
    public var walkRequest: Int
    /// Accepted fixes waiting for ``walkID``.
    public var pendingPoints: [WalkPoint] = []
    public var phase: Phase = .running

    /// The source as last reported and the clock (``LiveReadout``, shared with the recording
    /// screen, the headless recorder and `cairn status`).
    public var live = LiveReadout()
    /// The link state (gpsd: connecting, connected, disconnected with retry).
    public var connection: ConnectionState? { get { live.connection } set { live.connection = newValue } }
    /// Set when the source ended (file done, replay finished, error).
    public var ended: SourceEnd? { get { live.ended } set { live.ended = newValue } }
    /// True after a stale event or when the last fix is older than ``LiveReadout/staleAfter``.
    public var isStale: Bool { live.isStale }
    /// The last fix received (accepted or not) and when it arrived (wall clock).
    public var lastReceived: PositionFix? { get { live.lastReceived } set { live.lastReceived = newValue } }
    public var lastArrival: Date? { get { live.lastArrival } set { live.lastArrival = newValue } }
    /// Satellites used / in view as last reported.
    public var satellitesUsed: Int? { get { live.satellitesUsed } set { live.satellitesUsed = newValue } }
    public var satellitesVisible: Int? { get { live.satellitesVisible } set { live.satellitesVisible = newValue } }
    /// Set by a no-fix report, cleared by the next fix.
    public var noFix: FixMode? { get { live.noFix } set { live.noFix = newValue } }
    /// The latest clock time seen (ticks and arrivals).
    public var now: Date? { get { live.now } set { live.now = newValue } }
    /// When ``connection`` last changed (wall clock), to count down a reconnection wait.
    public var connectionAt: Date? { get { live.connectionAt } set { live.connectionAt = newValue } }
    /// Bad NMEA sentences and gpsd garbage lines the source skipped, as last reported (nil:
    /// the source keeps no such count).
    public var badSentences: Int?
    public var garbageLines: Int?
    /// Fixes written (or waiting to be written) to the walk, including a resumed walk's; a walk
    /// that records none is not kept in the history.
    public var recordedPoints = 0

    // The alert.
    /// The cross-track distance when the off-route alert fired (banner shown), nil when on route.
    public var offRouteBanner: Double?
    /// Off-route alerts raised ("left the route"), and repeats while off.
    public var alertCount = 0
    public var repeatCount = 0

    /// True when the hiker panned the map away; `c` brings it back.
    public var detached = false
    /// True until the first fix has centred and zoomed the map.
    public var awaitingFirstFix = true
    /// True once the screen said why fixes before the walk's last point are not counted (until one is).
    public var saidOutOfOrder = false
    /// The hike screen's map view before following began, given back when the screen closes.
    public var viewportBefore: MapViewport?

    /// A following of `session` on the line `line`.
    public init(hikeID: HikeID, hikeName: String, session: FollowSession, isBacktrack: Bool, sourceLabel: String,
                source: Int, walkID: WalkID?, walkRequest: Int) {
        self.hikeID = hikeID
        self.hikeName = hikeName
        self.session = session
        self.isBacktrack = isBacktrack
        self.sourceLabel = sourceLabel
        self.source = source
        self.walkID = walkID
        self.walkRequest = walkRequest
        line = FollowModel.drawable(session.route, name: hikeName)
        series = ProfileSeries(profile: line.profile, axis: .distance)
    }

    /// The followed line as a one-segment hike, so that distances along it (coverage ranges,
    /// progress) are the map's and the chart's distances too.
    public static func drawable(_ route: FollowRoute, name: String) -> PreparedHike {
        let points = zip(route.polyline.coordinates, route.elevations).map { Trackpoint($0, elevation: $1) }
        return PreparedHike(name: name, tracks: [Track(name: name, segments: [TrackSegment(points: points)])])
    }

    /// Seconds since the last fix arrived (by arrival, not fix time: replays and old logs carry
    /// old fix times), nil before the first.
    public var fixAge: Double? { live.fixAge }

    /// When (wall clock) the last fix used by the walk arrived and the pauses since: the clock
    /// runs on from it, frozen while paused (``WalkClock``).
    public var clock = WalkClock()

    /// Active and moving time now: the session's (between used fixes) run on by the wall clock
    /// since the last used fix arrived, frozen from a pause, as they were once stopped
    /// (``LiveReadout/runningTimes(elapsed:moving:clock:speed:)``), so both tick every
    /// second while the hiker stands and no fix is used (DECISIONS.md 925, 970).
    public var liveTimes: (active: Double, moving: Double) {
        let s = session
        let t = live.runningTimes(elapsed: s.activeTime, moving: s.moving.movingTime, clock: isStopped ? WalkClock() : clock,
                                  speed: s.moving.movingAverageSpeed)
        return (t.elapsed ?? s.activeTime, t.moving ?? s.moving.movingTime)
    }

    /// The route's progress now: along, left, time left, arrival (``LiveReadout/route(_:)``).
    public var progress: LiveReadout.RouteProgress { live.route(session) }

    /// The point index of the line nearest the current progress (chart cursor).
    public var progressIndex: Int {
        let d = line.profile.distances, p = session.progress
        let length = line.profile.length
        let i = line.index(atFraction: length > 0 ? p / length : 0)
        return i > 0 && p - d[i - 1] < d[i] - p ? i - 1 : i
    }

    /// The session's summary with the source's skipped-input counts.
    public var summary: FollowSummary {
        var s = session.summary
        s.badSentences = badSentences
        s.garbageLines = garbageLines
        return s
    }

    /// Seconds left before a lost source tries again (counted down from its `retryIn`), nil
    /// when it is not waiting.
    public var retryLeft: Double? { live.retryLeft }

    /// What to tell the user when the viewer ends while this walk runs (Ctrl-C, a signal): it
    /// is kept unfinished in the hike's history (every used fix is stored as it came), and
    /// `cairn follow` on the hike offers it again. Nil when it was stopped or has no fix.
    public var keptText: String? {
        guard !isStopped, walkID != nil || recordedPoints > 0 else { return nil }
        let id = hikeID.rawValue
        return L("the walk along “%s” (hike %s, %s) is kept unfinished: `cairn follow %s --gps %s` offers to resume it (y resumes, n closes it into the hike's history)",
                 TextSanitizer.sanitize(hikeName), id, Ln("%d fix", "%d fixes", recordedPoints, recordedPoints), id,
                 TextSanitizer.sanitize(sourceLabel))
    }

    /// True once stopped.
    public var isStopped: Bool { if case .stopped = phase { true } else { false } }
}

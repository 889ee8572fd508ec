import Foundation
import TrailCore
import TrailLive
import TrailMap
import TrailStore

/// The recording screen's state while it shows: the figures as the recorder last committed
/// them (``RecordingFigures``), the bounded drawing line (``DecimatedLine``, never the whole
/// walk: the store holds that), the map around the position, the source's state as last
/// reported, and, after `b`, the backtrack being followed with its off-route alert.
public struct RecordModel: Sendable {
    /// Where the screen is.
    public enum Phase: Sendable, Equatable {
        /// Waiting for the recorder to be made (``RecordMessage/begun(_:stored:name:hike:)``).
        case starting
        /// Recording or paused (``RecordingFigures/state``).
        case running
        /// The finish was asked for; waiting for the store.
        case finishing
    }

    public var phase: Phase = .starting
    /// True while the finish prompt is open over a recording that `x` paused: Esc resumes it.
    public var pausedForFinish = false
    /// The hike's name (asked again when finishing).
    public var name: String
    /// The recorded hike once its first point is stored.
    public var hikeID: HikeID?
    /// The places of one's own added while recording (`a`), as stored; drawn on the map.
    public var places: [Place] = []
    /// The recording resumed (nil for a new one).
    public var resuming: RecordingID?
    /// As last committed.
    public var figures = RecordingFigures.empty
    /// What the map and the profile draw.
    public var line = DecimatedLine()
    /// ``line`` made drawable (rebuilt when a point joins it).
    public var drawable: PreparedHike
    /// The stretch the last point joined (a new one after a resume).
    public var lastStretch: Int?

    /// The map view and its data.
    public var viewport: MapViewport
    public var basemap: MapBasemap?
    public var showsLabels = true
    /// True when the hiker panned away; `c` centres on the position again.
    public var detached = false
    /// True until the first fix centred and zoomed the map.
    public var awaitingFirstFix = true

    /// What `--gps` said, and the number the running source was started under.
    public var sourceLabel: String
    public var source: Int
    /// The source as last reported.
    public var connection: ConnectionState?
    public var ended: SourceEnd?
    public var lastReceived: PositionFix?
    public var lastArrival: Date?
    public var noFix: FixMode?
    public var now: Date?

    /// When (wall clock) the last committed point's fix arrived: the clock runs on from it.
    public var lastCommitArrival: Date?
    /// True while the status line says the source is lost (cleared when fixes come again).
    public var saidSourceLost = false

    /// After `b`: the way back along the walk, followed with the off-route alert (the recording
    /// goes on underneath); `backtrackLine` is it drawn.
    public var backtrack: FollowSession?
    public var backtrackLine: PreparedHike?
    /// The cross-track distance when the off-route alert fired, nil when on the way back.
    public var offRouteBanner: Double?

    public init(name: String, sourceLabel: String, source: Int, resuming: RecordingID?, viewport: MapViewport) {
        self.name = name
        self.sourceLabel = sourceLabel
        self.source = source
        self.resuming = resuming
        self.viewport = viewport
        drawable = PreparedHike(name: name, kind: "recorded", tracks: [])
    }

    /// Seconds since the last fix arrived (wall clock), nil before the first.
    public var fixAge: Double? {
        guard let a = lastArrival else { return nil }
        return max(0, (now ?? a).timeIntervalSince(a))
    }

    /// Where the hiker is: the last fix received (accepted or not), else the last point recorded.
    public var position: Coordinate? { lastReceived?.coordinate ?? figures.lastPoint?.coordinate }

    /// Why there is no fix yet, for the panel.
    public var waiting: String? {
        if let ended { return "source ended: \(ended.reason)" }
        if let noFix { return "receiver reports \(noFix.label)" }
        switch connection {
        case .connecting(let attempt)?: return attempt > 1 ? "connecting (attempt \(attempt))" : "connecting"
        case .disconnected(let reason, _)?: return "lost: \(reason)"
        default: return nil
        }
    }

    /// After a fix: why the source delivers none now ("ended", "lost" while it reconnects, "no
    /// fix" when the receiver says so), shown in place of the last fix's mode (DECISIONS.md 145);
    /// nil while it delivers. Short: the panel's value column is narrow; the status line gives
    /// the reason.
    public var sourceLost: String? {
        guard lastArrival != nil else { return nil }
        if ended != nil { return "ended" }
        if let noFix { return noFix.label }
        switch connection {
        case .connecting?, .disconnected?: return "lost"
        default: return nil
        }
    }

    /// A fix older than this (seconds, wall clock) is marked stale (LiveStatus uses the same).
    public static let staleAfter = LiveStatus.staleAfter
    /// Moving time runs on between points at most this long (seconds): a hiker who stops
    /// sends no new point, and the recording filter's standing-still rule waits 30 s too.
    public static let movingRunOn = 30.0

    /// Elapsed and moving time now: the committed figures, and while recording the wall-clock
    /// time since the last committed point's fix arrived (moving only while the last fix is
    /// fresh and moving at 0.5 m/s or more, at most ``movingRunOn`` s), so both tick every
    /// second between points (DECISIONS.md 843).
    public var liveTimes: (elapsed: Double?, moving: Double?) {
        let s = figures.statistics
        guard figures.state == .recording, let since = lastCommitArrival, let now else { return (s.elapsedTime, s.movingTime) }
        let extra = max(0, now.timeIntervalSince(since))
        let speed = lastReceived?.speed ?? figures.currentSpeed ?? 0
        let fresh = (fixAge ?? .infinity) <= Self.staleAfter
        let moving = fresh && speed >= 0.5 ? min(extra, Self.movingRunOn) : 0
        return ((s.elapsedTime ?? 0) + extra, (s.movingTime ?? 0) + moving)
    }

    /// The panel rows: the figures with the running clock, the fix marked stale after
    /// ``staleAfter`` s, and after `b` the way back: along / left with its time / arrival.
    public func panel(units: UnitFormatter) -> RecordingPanelModel {
        var f = figures
        let times = liveTimes
        f.statistics.elapsedTime = times.elapsed
        f.statistics.movingTime = times.moving
        // A fix older than staleAfter says "stale" in place of its mode and accuracy, as a lost one says "lost".
        let stale = (fixAge ?? 0) > Self.staleAfter ? "stale" : nil
        var panel = RecordingPanelModel(figures: f, fixAge: fixAge, fixMode: lastReceived?.mode,
                                        accuracy: lastReceived?.horizontalAccuracy, waiting: waiting, lost: sourceLost ?? stale, units: units)
        if let back = backtrack {
            let eta = back.estimatedTimeRemaining.seconds
            var rows = [RecordingPanelModel.Row(label: "Way back", value: "\(units.distance(back.progress)) of \(units.distance(back.route.length))"),
                        RecordingPanelModel.Row(label: "Left", value: "\(units.distance(back.remainingDistance)) · \(units.duration(eta))")]
            if let now { rows.append(RecordingPanelModel.Row(label: "Arrival", value: units.time(now.addingTimeInterval(eta)))) }
            let at = panel.rows.firstIndex { $0.label == "Distance" }.map { $0 + 1 } ?? panel.rows.count
            panel.rows.insert(contentsOf: rows, at: at)
        }
        return panel
    }

    /// Adds a committed point to the drawing line and rebuilds what is drawn.
    mutating func draw(_ point: PendingPoint) {
        line.append(point.point, newStretch: point.stretch != lastStretch)
        lastStretch = point.stretch
        drawable = PreparedHike(name: name, kind: "recorded", tracks: [line.track])
    }

    /// Draws a restored recording's stored points.
    mutating func drawStored(_ stored: [[Trackpoint]]) {
        line.reset(stored)
        lastStretch = stored.isEmpty ? nil : stored.filter { !$0.isEmpty }.count - 1
        drawable = PreparedHike(name: name, kind: "recorded", tracks: [line.track])
    }
}

import Localization
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
    /// The recorded hike's photos as stored (``HikeStore/photos(of:)``): the "photo here" marks
    /// noted while recording (`i`, `cairn record photo`) and photos added to it; drawn on the
    /// map and the profile as the hike screen draws them (``PhotoMarks``).
    public var photos: [StoredPhoto] = []
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
    /// The source as last reported and the clock (``LiveReadout``, shared with following,
    /// the headless recorder and `cairn status`).
    public var live = LiveReadout()
    public var connection: ConnectionState? { get { live.connection } set { live.connection = newValue } }
    public var ended: SourceEnd? { get { live.ended } set { live.ended = newValue } }
    public var lastReceived: PositionFix? { get { live.lastReceived } set { live.lastReceived = newValue } }
    public var lastArrival: Date? { get { live.lastArrival } set { live.lastArrival = newValue } }
    public var noFix: FixMode? { get { live.noFix } set { live.noFix = newValue } }
    public var now: Date? { get { live.now } set { live.now = newValue } }

    /// When (wall clock) the last committed point's fix arrived and the pauses since: the
    /// clock runs on from it, stands still while paused (``WalkClock``).
    public var clock = WalkClock()
    /// True once the status line said why fixes are rejected for accuracy (``AccuracyAdvice``).
    public var saidAccuracy = false

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
    public var fixAge: Double? { live.fixAge }

    /// Where the hiker is: the last fix received (accepted or not), else the last point recorded.
    public var position: Coordinate? { lastReceived?.coordinate ?? figures.lastPoint?.coordinate }

    /// Why there is no fix yet, for the panel.
    public var waiting: String? { live.waiting }

    /// A fix older than this (seconds, wall clock) is marked stale (``LiveReadout/staleAfter``).
    public static let staleAfter = LiveReadout.staleAfter

    /// Elapsed and moving time now: the committed figures run on by the wall clock between
    /// points, frozen from the moment of a pause (``LiveReadout/runningTimes(elapsed:moving:clock:speed:)``,
    /// DECISIONS.md 843, 970).
    public var liveTimes: (elapsed: Double?, moving: Double?) {
        let s = figures.statistics
        return live.runningTimes(elapsed: s.elapsedTime, moving: s.movingTime, clock: clock, speed: figures.currentSpeed)
    }

    /// Keeps ``clock`` in step with the recording's state (the recorder wrote a pause or a
    /// resume): the time stands from the pause, runs again from the resume.
    mutating func clockFollows(_ state: RecordingState) {
        guard let at = now ?? lastArrival else { return }
        switch state {
        case .paused: clock.pause(at: at, readout: live, speed: figures.currentSpeed)
        case .finished: clock.finish()
        case .recording: clock.resume(at: at)
        }
    }

    /// The way back's progress now (after `b`), nil without one.
    public var backtrackProgress: LiveReadout.RouteProgress? { backtrack.map { live.route($0) } }

    /// The figures for `cairn status`: what the panel shows (the running clock, the fix, the
    /// link, and after `b` the way back's distance and time left, the arrival and the off-route
    /// distance, all from the way back's last fix: ``LiveReadout/route(_:)``).
    public var liveStatus: LiveStatus {
        let times = liveTimes
        var status = LiveStatus(activity: "recording", state: figures.state.rawValue, name: name, hike: hikeID?.rawValue,
                                elapsed: times.elapsed, moving: times.moving, distance: figures.distance,
                                speed: figures.currentSpeed, points: figures.pointCount)
        status.take(live, route: backtrackProgress)
        return status
    }

    /// The panel rows: the figures with the running clock, the fix marked stale after
    /// ``staleAfter`` s, and after `b` the way back: along / left with its time / arrival.
    public func panel(units: UnitFormatter) -> RecordingPanelModel {
        var f = figures
        let times = liveTimes
        f.statistics.elapsedTime = times.elapsed
        f.statistics.movingTime = times.moving
        // A lost, ended or stale fix says so in place of its mode and accuracy (LiveReadout.fixProblem).
        var panel = RecordingPanelModel(figures: f, fixAge: fixAge, fixMode: lastReceived?.mode,
                                        accuracy: lastReceived?.horizontalAccuracy, waiting: waiting, lost: live.fixProblem, units: units)
        panel.rows.insert(RecordingPanelModel.Row(label: N("Link"), value: live.linkText),
                          at: panel.rows.firstIndex { $0.label == "Fix" }.map { $0 + 1 } ?? panel.rows.count)
        if let back = backtrackProgress {
            var rows = [RecordingPanelModel.Row(label: N("Way back"), value: L("%s of %s", units.distance(back.along), units.distance(back.length))),
                        RecordingPanelModel.Row(label: N("Left"), value: "\(units.distance(back.left)) · \(units.duration(back.timeLeft))")]
            // Off the way back: how far, the banner's figure (Left then counts the way to it).
            if let off = back.offRoute { rows.append(RecordingPanelModel.Row(label: N("Off route"), value: units.distance(off))) }
            if let arrival = back.arrival { rows.append(RecordingPanelModel.Row(label: N("Arrival"), value: units.time(arrival))) }
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

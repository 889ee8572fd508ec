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

    /// The panel rows.
    public func panel(units: UnitFormatter) -> RecordingPanelModel {
        RecordingPanelModel(figures: figures, fixAge: fixAge, fixMode: lastReceived?.mode,
                            accuracy: lastReceived?.horizontalAccuracy, waiting: waiting, lost: sourceLost, units: units)
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

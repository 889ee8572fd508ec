import Foundation
import TrailCore
import TrailLive
import TrailStore

/// What the live-following part of the app receives (wrapped in ``AppMessage/follow(_:)``).
public enum FollowMessage: Sendable {
    /// `cairn follow ID`: open the hike named by ``LiveModel/autoFollow`` and follow it.
    case launch
    /// An event of the running position source with its wall-clock arrival time; `source` is
    /// the number the source was started under (events of an older source are ignored).
    case position(PositionEvent, at: Date, source: Int)
    /// The once-a-second clock sent while a source runs (fix age, stale display).
    case tick(Date)
    /// The source named in ``FollowEffect/startSource(_:speed:source:)`` could not be started.
    case sourceFailed(source: Int, String)
    /// The store created the walk asked for by ``FollowEffect/beginWalk(_:offRouteThreshold:backtrackRoute:request:)``.
    case walkBegun(request: Int, WalkID)
    /// A hike's walk history, oldest first, and — when asked for — the newest unfinished walk
    /// with its points, to offer resuming it.
    case walksLoaded(HikeID, [WalkRecord], unfinished: UnfinishedWalk?)
    /// The answer to ``FollowEffect/checkSource(_:text:hike:)``: nil `error` when the source
    /// can be read, else why not (shown in the status line instead of starting).
    case sourceChecked(HikeID, text: String, PositionSourceSpec, error: String?)
    /// Writing or reading the walk history failed (the following goes on; what was not
    /// written is lost from the history only).
    case walkHistoryFailed(reason: String)
    /// Requests from another shell cannot reach this screen (another cairn process serves the
    /// control socket, or it could not be made): said once, not an error of the walk.
    case controlUnavailable(reason: String)
    /// A request from another shell (the control socket), answered through `answer`.
    case control(LiveControlRequest, LiveControlAnswer)
}

/// Live-following work for the runtime (wrapped in ``AppEffect/follow(_:)``).
public enum FollowEffect: Equatable, Sendable {
    /// Start a position source; its events come back as ``FollowMessage/position(_:at:source:)``
    /// and, while it runs, ``FollowMessage/tick(_:)`` once a second. Stops any running source.
    case startSource(PositionSourceSpec, speed: Double?, source: Int)
    /// Stop the running source (and the tick).
    case stopSource
    /// Create a walk row for a hike (`backtrackRoute` for a backtrack); answered by
    /// ``FollowMessage/walkBegun(request:_:)``.
    case beginWalk(HikeID, offRouteThreshold: Double, backtrackRoute: [Trackpoint]?, request: Int)
    /// Append accepted fixes to a walk and store its current summary (one transaction).
    case appendPoints(WalkID, [WalkPoint], summary: FollowSummary)
    /// Close a walk with its final summary, then send the hike's history again.
    case finishWalk(WalkID, summary: FollowSummary, hike: HikeID)
    /// Load a hike's walk history (with the unfinished walk's points when `offerResume`); an
    /// unfinished walk without fixes is deleted quietly first.
    case loadWalks(HikeID, offerResume: Bool)
    /// Say `text` with espeak-ng (fire and forget).
    case speak(String)
    /// Check that a source typed in the prompt can be read (``PositionSourceSpec/check(loadTrack:)``);
    /// answered by ``FollowMessage/sourceChecked(_:text:_:error:)``.
    case checkSource(PositionSourceSpec, text: String, hike: HikeID)
    /// Pause (true) or resume the playback of a replay or NMEA log file (no effect on gpsd or
    /// a serial device, whose fixes are ignored while paused).
    case pauseSource(Bool)
    /// Delete a walk that recorded nothing (stopped before its first fix).
    case deleteWalk(WalkID)
    /// Record the position source a walk uses (as typed for `--gps`), offered when resuming it.
    case setWalkSource(WalkID, String, speed: Double? = nil)
    /// Add a place of one's own to the hike (a request from another shell); answered by
    /// ``PlacesMessage/stored(_:_:status:)``.
    case addPlace(HikeID, Place)
    /// Note a "photo here" mark with the hike (``HikeStore/addPhotoMark(_:to:)``); answered by
    /// ``AppMessage/photoNote(_:isError:)``.
    case markPhoto(HikeID, PhotoMark)
}

/// An unfinished walk read back from the store, with what it takes to resume it.
public struct UnfinishedWalk: Sendable, Equatable {
    /// The walk's history entry.
    public var record: WalkRecord
    /// Its accepted fixes, one array per stretch between pauses.
    public var stretches: [[Trackpoint]]
    /// The backtrack route it followed, nil when it followed the hike.
    public var backtrackRoute: [Trackpoint]?

    public init(record: WalkRecord, stretches: [[Trackpoint]], backtrackRoute: [Trackpoint]?) {
        self.record = record
        self.stretches = stretches
        self.backtrackRoute = backtrackRoute
    }
}

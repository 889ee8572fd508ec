import Foundation
import TrailCore
import TrailLive
import TrailStore

/// What the recording feature receives (wrapped in ``AppMessage/record(_:)``).
public enum RecordMessage: Sendable {
    /// `cairn record` on a terminal: start the recording of ``LiveModel/autoRecord`` (a resumed
    /// one starts when the unfinished recording is found).
    case launch
    /// The answer to ``RecordEffect/checkSource(_:text:resuming:)``: nil `error` when the source
    /// can be read.
    case sourceChecked(text: String, PositionSourceSpec, resuming: RecordingID?, error: String?)
    /// An event of the running position source (`source`: the number it was started under).
    case position(PositionEvent, at: Date, source: Int)
    /// The once-a-second clock while a source runs (fix age).
    case tick(Date)
    /// The source could not be started.
    case sourceFailed(source: Int, String)
    /// The recorder is ready: a new recording, or a restored one with its stored points (one
    /// array per stretch, read once to draw it) and its name.
    case begun(RecordingFigures, stored: [[Trackpoint]], name: String, hike: HikeID?)
    /// A fix was judged by the recorder; `accepted` is the point it committed to the store
    /// (nil for a rejected or ignored fix), `hike` the recorded hike once it exists.
    case judged(RecordingFigures, accepted: PendingPoint?, hike: HikeID?)
    /// The first accepted point created the hike under this name: an unnamed recording is
    /// named after its first fix's date, which the screen cannot know before (DECISIONS.md 490).
    case named(String)
    /// A pause, resume or finish was written to the store (and applied).
    case stateChanged(RecordingFigures)
    /// Finished and saved as hike `hike` (nil: nothing had been recorded, so nothing was kept).
    case finished(HikeID?)
    /// The way back along the walk so far (``RecordingSession/backtrackPoints(tolerance:)``).
    case backtrackReady([Trackpoint])
    /// On start: the newest unfinished recording (already written as paused), to offer.
    case unfinishedFound(UnfinishedRecording)
    /// The store refused a write or read; the recording stays as last written.
    case failed(reason: String)
    /// Requests from another shell cannot reach this screen (another cairn process serves the
    /// control socket, or it could not be made): said once; the recording goes on.
    case controlUnavailable(reason: String)
    /// `cairn status` from another shell: answered from the screen's model (``RecordModel/liveStatus``),
    /// what the panel shows.
    case status(LiveControlAnswer)
}

/// `cairn record` on a terminal: what to record at launch.
public struct AutoRecord: Sendable, Equatable {
    /// The `--gps` text (nil when resuming with the recording's own source).
    public var source: String?
    /// `--name` for a new recording (nil: "Recorded YYYY-MM-DD").
    public var name: String?
    /// `--resume`: continue the unfinished recording instead of starting one.
    public var resume: Bool

    public init(source: String?, name: String?, resume: Bool) {
        self.source = source
        self.name = name
        self.resume = resume
    }
}

/// A recording found unfinished on start, as offered: resume or finish it, or later.
public struct UnfinishedRecording: Sendable, Equatable {
    public var recording: RecordingID
    public var hike: HikeID
    public var name: String
    /// The `--gps` it was recording from (prefilled when resuming).
    public var source: String?
    public var startedAt: Date
    public var pointCount: Int
    /// Metres recorded.
    public var distance: Double

    public init(recording: RecordingID, hike: HikeID, name: String, source: String?, startedAt: Date, pointCount: Int,
                distance: Double) {
        self.recording = recording
        self.hike = hike
        self.name = name
        self.source = source
        self.startedAt = startedAt
        self.pointCount = pointCount
        self.distance = distance
    }
}

/// Recording work for the runtime (wrapped in ``AppEffect/record(_:)``). The performer owns the
/// one ``Recorder`` (TrailStore) and its store connection on a queue of its own; every answer
/// comes after the store write.
public enum RecordEffect: Equatable, Sendable {
    /// Look for an unfinished recording (restoring it as paused); answered by
    /// ``RecordMessage/unfinishedFound(_:)`` when there is one.
    case findUnfinished
    /// Check a typed `--gps` (``PositionSourceSpec/check(loadTrack:)``); answered by
    /// ``RecordMessage/sourceChecked(text:_:resuming:error:)``.
    case checkSource(PositionSourceSpec, text: String, resuming: RecordingID?)
    /// Make the recorder: a new recording named `name` ("Recorded YYYY-MM-DD" when nil) from `source`, or (`resuming`) the stored
    /// one, resumed in a new stretch; answered by ``RecordMessage/begun(_:stored:name:hike:)``.
    case begin(name: String?, source: String, resuming: RecordingID?)
    /// Start the position source (events come back as ``RecordMessage/position(_:at:source:)``).
    case startSource(PositionSourceSpec, speed: Double?, source: Int)
    /// Hold or release a replay's playback (pause / resume).
    case pauseSource(Bool)
    /// Stop the source and its clock.
    case stopSource
    /// Judge a fix and commit it when accepted; answered by ``RecordMessage/judged(_:accepted:hike:)``.
    case receive(PositionFix)
    /// Pause or resume; answered by ``RecordMessage/stateChanged(_:)``.
    case perform(RecordingAction)
    /// Name the hike `name` and finish; answered by ``RecordMessage/finished(_:)``.
    case finish(name: String)
    /// Finish the unfinished recording offered on start without resuming it.
    case finishUnfinished(RecordingID)
    /// The backtrack of the walk so far; answered by ``RecordMessage/backtrackReady(_:)``.
    case backtrack
    /// Say `text` with espeak-ng (the off-route alert while backtracking).
    case speak(String)
    /// Note a "photo here" mark at the last recorded point (as `cairn record photo` does);
    /// answered by ``AppMessage/photoNote(_:isError:)``.
    case markPhoto
}

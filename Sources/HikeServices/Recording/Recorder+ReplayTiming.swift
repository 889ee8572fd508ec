import TrailLive
import TrailStore

extension Recorder {
    /// How a replay feeds this recording (`cairn record` and the viewer's recording screen):
    /// it keeps the log's own times and, resuming, continues after the recording's last point
    /// (``ReplayTiming/recording(after:anchor:)``, DECISIONS.md 251).
    public var replayTiming: ReplayTiming {
        .recording(after: session.lastPoint?.time, anchor: session.keptStretches.first?.first?.date)
    }
}

import Foundation
import TrailCore

/// What the recording screen knows of a recording, as the recorder last committed it: a value
/// small enough to send with every point (no points in it), so the screen never holds the walk.
/// Made by the effect performer from the ``RecordingSession`` after each store write
/// (``init(session:statistics:)``), so what it shows is on disk.
public struct RecordingFigures: Sendable, Equatable {
    /// Where the recording stands (as written to the store).
    public var state: RecordingState
    /// ``StatisticsCalculator``'s figures over the committed points (elapsed and moving time,
    /// average speeds, gain / loss), as `cairn stats` computes them.
    public var statistics: TrackStatistics
    /// Metres walked (``RecordingSession/distance``: exact after every point).
    public var distance: Double
    /// Speed over the last ``RecordingSession/currentPaceWindow`` metres, m/s.
    public var currentSpeed: Double?
    /// The last committed point.
    public var lastPoint: Trackpoint?
    /// Points committed.
    public var pointCount: Int
    /// The filter's counters (accepted, rejected by rule).
    public var counters: FilterCounters
    /// The filter's accuracy limit, metres (``PositionFilterRules/maximumHorizontalAccuracy``).
    public var accuracyLimit: Double

    /// Figures of `session`; `statistics` when the caller computed them already (they cost a
    /// pass over every point, so the performer refreshes them at most once a second).
    public init(session: RecordingSession, statistics: TrackStatistics? = nil) {
        state = session.state
        self.statistics = statistics ?? session.statistics()
        distance = session.distance
        currentSpeed = session.currentSpeed()
        lastPoint = session.lastPoint
        pointCount = session.pointCount
        counters = session.filter.counters
        accuracyLimit = session.filter.rules.maximumHorizontalAccuracy
    }

    /// A recording with nothing yet (before the recorder answers).
    public static let empty = RecordingFigures(session: RecordingSession())
}

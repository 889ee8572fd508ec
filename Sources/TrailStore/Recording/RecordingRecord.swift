import Foundation
import TrailSQLite
import TrailCore
import TrailSQLite

/// The store's identifier of one recording: the `recordings` row id.
public struct RecordingID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The SQLite row id.
    public let rawValue: Int64

    public init(rawValue: Int64) { self.rawValue = rawValue }

    public static func < (a: RecordingID, b: RecordingID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "recording \(rawValue)" }
}

/// One recording as stored (a row of `recordings`, see ``RecordingSchema``).
public struct RecordingRecord: Hashable, Sendable {
    /// The recording.
    public var id: RecordingID
    /// The hike (kind `recorded`) the points belong to.
    public var hikeID: HikeID
    /// As last written: `recording` for one whose process was killed.
    public var state: RecordingState
    /// Wall-clock time of the first accepted point.
    public var startedAt: Date
    /// Wall-clock time of the last point or state change.
    public var changedAt: Date
    /// Wall-clock time of finishing; nil while unfinished.
    public var finishedAt: Date?
    /// The position source as typed for `--gps`.
    public var source: String?
    /// The filter thresholds in use.
    public var rules: PositionFilterRules
    /// The filter's counters as last written (with each point and state change).
    public var counters: FilterCounters?
    /// Accepted points stored.
    public var pointCount: Int
    /// The replay speed (`--speed`) the recording was last started or resumed with; nil for a
    /// live source or one recorded before it was kept (DECISIONS.md 422).
    public var speed: Double?

    public init(id: RecordingID, hikeID: HikeID, state: RecordingState, startedAt: Date, changedAt: Date,
                finishedAt: Date? = nil, source: String? = nil, rules: PositionFilterRules = .recording,
                counters: FilterCounters? = nil, pointCount: Int = 0, speed: Double? = nil) {
        self.id = id
        self.hikeID = hikeID
        self.state = state
        self.startedAt = startedAt
        self.changedAt = changedAt
        self.finishedAt = finishedAt
        self.source = source
        self.rules = rules
        self.counters = counters
        self.pointCount = pointCount
        self.speed = speed
    }
}

/// Why a recording call failed.
public enum RecordingStoreError: Error, CustomStringConvertible, Equatable {
    /// No recording has this id (deleted with its hike).
    case noSuchRecording(RecordingID)
    /// The recording is finished; it takes no more points or changes.
    case finished(RecordingID)
    /// Another process is recording into this store (``RecordingLock``); its pid when known.
    case recordingElsewhere(pid: Int32?)

    public var description: String {
        switch self {
        case .noSuchRecording(let id): return "no \(id) in the store (was its hike deleted?)"
        case .finished(let id): return "\(id) is finished"
        case .recordingElsewhere(let pid):
            return "a recording is running in another process" + (pid.map { " (pid \($0))" } ?? "")
                + " on this store: finish or quit it there first"
        }
    }
}

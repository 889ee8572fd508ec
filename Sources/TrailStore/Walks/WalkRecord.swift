import Foundation
import TrailCore

/// The store's identifier of one walk (one session of following a hike): the `walks` row id.
public struct WalkID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The SQLite row id.
    public let rawValue: Int64

    /// Wraps a row id.
    public init(rawValue: Int64) { self.rawValue = rawValue }

    public static func < (a: WalkID, b: WalkID) -> Bool { a.rawValue < b.rawValue }
    public var description: String { "walk \(rawValue)" }
}

/// One entry of a hike's walk history: when the hiker followed it, whether that was a backtrack,
/// and the numbers (``FollowSummary``) as last written — updated with every point, so an
/// unfinished walk (the process was killed, or the user quit while following) still has them.
public struct WalkRecord: Hashable, Sendable {
    /// The walk.
    public var id: WalkID
    /// The hike followed.
    public var hikeID: HikeID
    /// Wall-clock time following began.
    public var startedAt: Date
    /// Wall-clock time following was stopped; nil while the walk is unfinished.
    public var endedAt: Date?
    /// True when the walk followed a backtrack route (the earlier walk reversed) rather than
    /// the hike itself; ``HikeStore/walkBacktrackRoute(_:)`` returns that route.
    public var isBacktrack: Bool
    /// The off-route threshold used, metres.
    public var offRouteThreshold: Double
    /// Accepted fixes stored.
    public var pointCount: Int
    /// The latest summary (nil before the first accepted fix).
    public var summary: FollowSummary?
    /// The position source used, as typed for `--gps` (nil when not recorded: walks stored
    /// before it was kept).
    public var source: String?
    /// The replay speed it played at (`--speed`), nil for 1x, a live source or an older walk.
    public var speed: Double?

    /// Creates a record (the store builds these; tests too).
    public init(id: WalkID, hikeID: HikeID, startedAt: Date, endedAt: Date? = nil, isBacktrack: Bool = false,
                offRouteThreshold: Double = OffRouteMonitor.Parameters.defaultThreshold, pointCount: Int = 0,
                summary: FollowSummary? = nil, source: String? = nil, speed: Double? = nil) {
        self.id = id
        self.hikeID = hikeID
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.isBacktrack = isBacktrack
        self.offRouteThreshold = offRouteThreshold
        self.pointCount = pointCount
        self.summary = summary
        self.source = source
        self.speed = speed
    }

    /// True once following was stopped with `x` (or the unfinished walk was closed).
    public var isFinished: Bool { endedAt != nil }
}

/// An accepted fix of a walk as stored: the trackpoint and the stretch (between pauses) it
/// belongs to.
public struct WalkPoint: Hashable, Sendable {
    /// 0-based stretch number: a pause ends a stretch (``FollowSession/walkedSegments``).
    public var stretch: Int
    /// Position, altitude, time, and speed/course/satellites/fix mode when known.
    public var point: Trackpoint

    public init(stretch: Int, point: Trackpoint) {
        self.stretch = stretch
        self.point = point
    }
}

/// Why a walk-history call failed.
public enum WalkStoreError: Error, CustomStringConvertible, Equatable {
    /// No walk has this id (deleted with its hike).
    case noSuchWalk(WalkID)

    public var description: String {
        switch self {
        case .noSuchWalk(let id): return "no \(id) in the store (was its hike deleted?)"
        }
    }
}

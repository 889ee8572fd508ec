import Foundation
import TrailCore
import TrailStore

extension HikeJSON {
    /// One walk of `cairn show --json`'s `walks`: times ISO 8601, distances in metres, times in
    /// seconds, coverage as a fraction; `summary` is the last one written (final once `endedAt`
    /// is set).
    public struct Walk: Encodable {
        public var id: Int64
        public var startedAt: Date
        public var endedAt: Date?
        public var finished: Bool
        public var backtrack: Bool
        public var offRouteThreshold: Double
        public var pointCount: Int
        public var summary: FollowSummary?

        public init(_ w: WalkRecord) {
            id = w.id.rawValue
            startedAt = w.startedAt
            endedAt = w.endedAt
            finished = w.isFinished
            backtrack = w.isBacktrack
            offRouteThreshold = w.offRouteThreshold
            pointCount = w.pointCount
            summary = w.summary
        }
    }
}

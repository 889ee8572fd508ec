import Foundation
import TrailCore
import TrailStore

extension HikeJSON {
    /// One walk of `cairn show --json`'s `walks`: times ISO 8601, distances in metres, times in
    /// seconds, coverage as a fraction; `summary` is the last one written (final once `endedAt`
    /// is set).
    struct Walk: Encodable {
        var id: Int64
        var startedAt: Date
        var endedAt: Date?
        var finished: Bool
        var backtrack: Bool
        var offRouteThreshold: Double
        var pointCount: Int
        var summary: FollowSummary?

        init(_ w: WalkRecord) {
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

/// The "Walks" section of `cairn show`: one row per time the hike was followed.
enum WalkHistoryText {
    static func section(_ walks: [WalkRecord], _ u: UnitFormatter) -> String {
        guard !walks.isEmpty else { return "" }
        var t = TextTable(headers: ["STARTED", "COVERED", "WALKED", "ACTIVE", "FURTHEST", "NOTE"], rightAligned: [1, 2, 3, 4])
        for w in walks {
            let s = w.summary
            var note: [String] = []
            if w.isBacktrack { note.append("backtrack") }
            if !w.isFinished { note.append("unfinished") }
            if s == nil { note.append("no fix") }
            t.add([u.dateTime(w.startedAt), s.map { "\(Int(($0.coverage * 100).rounded()))%" } ?? "--",
                   s.map { u.distance($0.distanceWalked) } ?? "--", s.map { u.duration($0.activeTime) } ?? "--",
                   s.map { u.distance($0.furthestProgress) } ?? "--", note.joined(separator: ", ")])
        }
        return "\nWalks (\(walks.count)):\n"
            + t.render().split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
                .joined(separator: "\n")
    }
}

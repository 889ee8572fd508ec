import Foundation
import TrailCore
import TrailStore

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
            t.add([u.dateTime(w.startedAt), u.percent(s?.coverage),
                   s.map { u.distance($0.distanceWalked) } ?? "--", s.map { u.duration($0.activeTime) } ?? "--",
                   s.map { u.distance($0.furthestProgress) } ?? "--", note.joined(separator: ", ")])
        }
        return "\nWalks (\(walks.count)):\n"
            + t.render().split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
                .joined(separator: "\n")
    }
}

import Foundation
import Localization
import TrailCore
import TrailStore

/// The "Walks" section of `cairn show`: one row per time the hike was followed.
enum WalkHistoryText {
    static func section(_ walks: [WalkRecord], _ u: UnitFormatter) -> String {
        guard !walks.isEmpty else { return "" }
        // TRANSLATORS: column headings of the walks a hike was followed in (`cairn show`): when it started, the share of
        // the route covered, the distance walked, the time moving or paused briefly, the furthest point reached along, a note.
        var t = TextTable(headers: [L("STARTED"), L("COVERED"), L("WALKED"), L("ACTIVE"), L("FURTHEST"), L("NOTE")],
                          rightAligned: [1, 2, 3, 4])
        for w in walks {
            let s = w.summary
            var note: [String] = []
            if w.isBacktrack { note.append(Lc("walk kind", "backtrack")) }
            // TRANSLATORS: notes on a walk in `cairn show`: not finished yet; no GPS position was received.
            if !w.isFinished { note.append(Lc("walk note", "unfinished")) }
            if s == nil { note.append(Lc("walk note", "no fix")) }
            // TRANSLATORS: a walk followed with a replayed GPX (--gps replay:FILE), not counted in the totals.
            if HikeStore.isReplay(source: w.source) { note.append(Lc("walk note", "replay, not counted")) }
            t.add([u.dateTime(w.startedAt), u.percent(s?.coverage),
                   s.map { u.distance($0.distanceWalked) } ?? "--", s.map { u.duration($0.activeTime) } ?? "--",
                   s.map { u.distance($0.furthestProgress) } ?? "--", note.joined(separator: ", ")])
        }
        return "\n" + L("Walks (%d):", walks.count) + "\n"
            + t.render().split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }
                .joined(separator: "\n")
    }
}

import Foundation
import TrailCore
import TrailStore

/// `cairn totals --json`: the report (``TotalsCalculator/report(_:year:timeZone:)``) and what
/// was counted and left out of `list`.
public struct TotalsJSON: Encodable {
    public var totals: TotalsReport
    public var counted: Counted
    public struct Counted: Encodable {
        public var hikes: Int
        public var walks: Int
        public var duplicateHikesLeftOut: Int
        public var undatedHikes: Int
        public var walksDuringHikesLeftOut: Int
        /// Dated hikes walked at the same time as an earlier stored one (``OutingList/sameTimeHikes``).
        public var sameTimeHikesLeftOut: Int
        /// Walks followed with a replayed GPX (``OutingList/replayedWalks``).
        public var replayedWalksLeftOut: Int
    }

    public init(_ report: TotalsReport, _ list: OutingList) {
        let walks = list.outings.filter { $0.walkID != nil }.count
        totals = report
        counted = Counted(hikes: list.outings.count - walks, walks: walks, duplicateHikesLeftOut: list.duplicateHikes,
                          undatedHikes: list.undatedHikes, walksDuringHikesLeftOut: list.walksDuringHikes,
                          sameTimeHikesLeftOut: list.sameTimeHikes, replayedWalksLeftOut: list.replayedWalks)
    }
}

import Foundation
import TrailStore

/// Answers for the Totals screen.
public enum TotalsMessage: Sendable {
    /// The walks the totals count, and the clock's time (for "this year").
    case loaded(OutingList, now: Date)
    /// The store could not be read.
    case failed(reason: String)
}

/// The Totals screen's work: read the walks (``HikeStore/outings()``).
public enum TotalsEffect: Equatable, Sendable {
    case load
}

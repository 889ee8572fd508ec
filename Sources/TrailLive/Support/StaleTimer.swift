import Foundation

/// Decides when a position has gone stale: no fix for ``staleAfter`` seconds, counted from
/// the last fix's arrival (or from the start, before any fix). Reports once per stale period.
public struct StaleTimer: Sendable {
    /// Seconds without a fix before the position is stale.
    public let staleAfter: Double
    /// True between the stale report and the next fix.
    public private(set) var isStale = false
    /// Arrival time of the last fix.
    public private(set) var lastFixArrival: Date?
    private var reference: Date

    public init(staleAfter: Double, startedAt: Date) {
        self.staleAfter = staleAfter
        self.reference = startedAt
    }

    /// Records a fix that arrived at `now`; ends a stale period.
    public mutating func fixArrived(at now: Date) {
        lastFixArrival = now
        reference = now
        isStale = false
    }

    /// Returns `.stale` once when the timeout has run out at `now`, else nil.
    public mutating func check(at now: Date) -> PositionEvent? {
        guard !isStale, now.timeIntervalSince(reference) >= staleAfter else { return nil }
        isStale = true
        return .stale(lastFix: lastFixArrival)
    }
}

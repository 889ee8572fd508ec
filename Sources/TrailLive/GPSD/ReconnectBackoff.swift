import Foundation

/// Exponential backoff between reconnection attempts: `initial`, then each delay multiplied by
/// `factor`, capped at `maximum`; ``reset()`` after a connection that worked.
///
/// Defaults: 1 s, 2 s, 4 s, 8 s, 16 s, then every 30 s. A hiker's gpsd that restarts (a USB
/// receiver replugged) is back within seconds; a daemon that is gone for good costs one
/// connection attempt every 30 s. No random jitter: one client per gpsd, no thundering herd.
public struct ReconnectBackoff: Hashable, Sendable {
    /// First delay, seconds.
    public let initial: Double
    /// Largest delay, seconds.
    public let maximum: Double
    /// Growth factor per failed attempt.
    public let factor: Double
    private var current: Double?

    public init(initial: Double = 1, maximum: Double = 5, factor: Double = 2) {
        self.initial = initial
        self.maximum = Swift.max(initial, maximum)
        self.factor = Swift.max(1, factor)
    }

    /// The delay before the next attempt, seconds; advances the sequence.
    public mutating func next() -> Double {
        let d = current.map { Swift.min($0 * factor, maximum) } ?? Swift.min(initial, maximum)
        current = d
        return d
    }

    /// Starts again from ``initial``.
    public mutating func reset() { current = nil }
}

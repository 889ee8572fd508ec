import Foundation
import Synchronization
import TrailLive

/// Where a position source's thread leaves its events for `cairn record`'s loop: a queue the
/// loop waits on without spinning (a condition variable with a deadline), so the process sleeps
/// between fixes. `Sendable` checked by the compiler: the events sit in a `Mutex`; the
/// condition only wakes the loop (its lock is held around every change of the events and
/// every look at them, so no post is missed between the look and the wait).
public final class RecordInbox: Sendable {
    public init() {}

    private let condition = NSCondition()
    private let events = Mutex<[PositionEvent]>([])

    /// Adds an event (called on the source's thread).
    public func post(_ event: PositionEvent) {
        condition.lock()
        events.withLock { $0.append(event) }
        condition.signal()
        condition.unlock()
    }

    /// Waits until at least one event is there or `deadline` passes; returns and removes all.
    public func take(waitingUntil deadline: Date) -> [PositionEvent] {
        condition.lock()
        defer { condition.unlock() }
        while events.withLock({ $0.isEmpty }) {
            if !condition.wait(until: deadline) { break }
        }
        return events.withLock { taken in
            defer { taken.removeAll() }
            return taken
        }
    }
}

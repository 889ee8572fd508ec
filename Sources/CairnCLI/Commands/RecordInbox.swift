import Foundation
import TrailLive

/// Where a position source's thread leaves its events for `cairn record`'s loop: a locked
/// queue the loop waits on without spinning (a condition variable with a deadline), so the
/// process sleeps between fixes.
final class RecordInbox: @unchecked Sendable {
    private let condition = NSCondition()
    private var events: [PositionEvent] = []

    /// Adds an event (called on the source's thread).
    func post(_ event: PositionEvent) {
        condition.lock()
        events.append(event)
        condition.signal()
        condition.unlock()
    }

    /// Waits until at least one event is there or `deadline` passes; returns and removes all.
    func take(waitingUntil deadline: Date) -> [PositionEvent] {
        condition.lock()
        defer { condition.unlock() }
        while events.isEmpty {
            if !condition.wait(until: deadline) { break }
        }
        let out = events
        events.removeAll()
        return out
    }
}

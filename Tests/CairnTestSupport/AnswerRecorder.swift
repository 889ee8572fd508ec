import Foundation
import Synchronization

/// Items appended from any thread (effect queues, a position source's thread), awaited by the
/// test. `Sendable` checked by the compiler: the items sit in a `Mutex`.
public final class AnswerRecorder<T: Sendable>: Sendable {
    private let store = Mutex<[T]>([])

    public init() {}

    /// Appends `x` (from any thread).
    public func append(_ x: T) { store.withLock { $0.append(x) } }

    /// The items so far, in the order appended.
    public var items: [T] { store.withLock { $0 } }

    /// Waits (up to `timeout` seconds, polling every 5 ms) until `done` holds for the items;
    /// returns them (as they are at the timeout when it never holds).
    @discardableResult
    public func wait(timeout: TimeInterval = 10, until done: ([T]) -> Bool) -> [T] {
        let end = Date().addingTimeInterval(timeout)
        while Date() < end {
            let now = items
            if done(now) { return now }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return items
    }
}

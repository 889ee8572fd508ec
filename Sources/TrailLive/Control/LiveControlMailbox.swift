import Foundation
import Synchronization
import Localization

/// Hands requests from the control socket's thread to the loop that owns the recorder (or the
/// follow), and the loop's answers back: ``ask(_:timeout:)`` waits on the socket's thread while
/// the owning loop calls ``answer(_:)`` between its other work. `Sendable` checked by the
/// compiler: the queue is a `Mutex`; each request waits on its own semaphore.
public final class LiveControlMailbox: Sendable {
    private final class Slot: Sendable {
        let request: LiveControlRequest
        let done = DispatchSemaphore(value: 0)
        let reply = Mutex<LiveControlReply?>(nil)
        init(_ request: LiveControlRequest) { self.request = request }
    }

    private let waiting = Mutex<[Slot]>([])
    /// Called after a request is queued, to wake the owning loop (optional).
    private let wake: @Sendable () -> Void

    public init(wake: @escaping @Sendable () -> Void = {}) { self.wake = wake }

    /// Queues `request` and waits for the owner's answer (on the socket's thread).
    /// - Returns: the answer, or a refusal when the owner did not answer within `timeout` seconds.
    public func ask(_ request: LiveControlRequest, timeout: Double = 3) -> LiveControlReply {
        let slot = Slot(request)
        waiting.withLock { $0.append(slot) }
        wake()
        if slot.done.wait(timeout: .now() + timeout) == .timedOut {
            waiting.withLock { $0.removeAll { $0 === slot } }
            if let late = slot.reply.withLock({ $0 }) { return late }
            return LiveControlReply(ok: false, message: L("the running cairn did not answer in %d s", Int(timeout)))
        }
        return slot.reply.withLock { $0 } ?? LiveControlReply(ok: false, message: L("no answer"))
    }

    /// Answers every queued request with `handle` (on the owner's thread).
    public func answer(_ handle: (LiveControlRequest) -> LiveControlReply) {
        let slots = waiting.withLock { s in defer { s.removeAll() }; return s }
        for slot in slots {
            let r = handle(slot.request)
            slot.reply.withLock { $0 = r }
            slot.done.signal()
        }
    }

    /// True when a request waits.
    public var hasRequests: Bool { waiting.withLock { !$0.isEmpty } }

    /// The handler a ``LiveControlServer`` runs: parses the line, asks the owner, encodes the answer.
    public func serverHandler(timeout: Double = 3) -> @Sendable (String) -> String {
        { [self] line in
            guard let request = LiveControlRequest(line: line) else {
                return LiveControlReply(ok: false, message: L("unknown request '%s'", String(line.prefix(40)))).line
            }
            return ask(request, timeout: timeout).line
        }
    }
}

/// Where a screen's update leaves its answer to a request from another shell (carried in an
/// app message, so the request is done where the screen's own keys are). Answered once; the
/// socket's thread waits for it with ``wait(timeout:)``. `Sendable` checked by the compiler.
public final class LiveControlAnswer: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let reply = Mutex<LiveControlReply?>(nil)

    public init() {}

    /// Gives the answer (the first one counts).
    public func deliver(_ r: LiveControlReply) {
        let first = reply.withLock { old in
            guard old == nil else { return false }
            old = r
            return true
        }
        if first { done.signal() }
    }

    /// Waits for the answer at most `timeout` seconds.
    public func wait(timeout: Double) -> LiveControlReply {
        _ = done.wait(timeout: .now() + timeout)
        return reply.withLock { $0 } ?? LiveControlReply(ok: false, message: L("the running cairn did not answer in %d s", Int(timeout)))
    }
}

import Dispatch
import Synchronization

/// One connection (an SQLite store and what is opened beside it) used from one serial queue
/// only, in the manner of GRDB's `DatabaseQueue`: the connection exists only inside the
/// closures given to ``read(_:)``, ``write(_:)`` and ``async(_:)``, each run on the accessor's
/// own queue, one at a time, in the order they were queued.
///
/// The connection cannot leave its queue, and the compiler checks it: `Connection` is not
/// `Sendable` (``MapConnection``, ``HikeStoreConnection``), ``read(_:)`` and ``write(_:)`` take
/// non-escaping closures and return only `Sendable` values, and ``async(_:)`` takes a
/// `@Sendable` closure, which cannot hand the connection to another thread. The accessor itself
/// is `Sendable` without `@unchecked`: the connection is kept in a `Mutex` (never contended,
/// as only the queue takes it), which is what lets the compiler accept it.
public final class SerialAccess<Connection>: Sendable {
    private let queue: DispatchQueue
    private let connection: Mutex<Connection>

    /// An accessor whose closures run on a new serial queue named `label`.
    /// - Parameter connection: usually not opened yet (the connection types open lazily, on
    ///   the queue, the first time a closure asks).
    public init(label: String, _ connection: sending Connection) {
        queue = DispatchQueue(label: label)
        self.connection = Mutex(connection)
    }

    /// Runs `body` on the queue with the connection and waits for its result.
    /// Do not call it from a closure of the same accessor (the queue would wait on itself).
    /// - Throws: what `body` throws.
    public func read<T: Sendable>(_ body: (inout Connection) throws -> T) throws -> T {
        try queue.sync {
            try connection.withLock { (c: inout sending Connection) throws -> T in try body(&c) }
        }
    }

    /// ``read(_:)`` for work that writes: the same queue, named for what the closure does.
    public func write<T: Sendable>(_ body: (inout Connection) throws -> T) throws -> T {
        try read(body)
    }

    /// Queues `body` on the queue and returns at once; `body` sends its answer itself.
    public func async(_ body: @escaping @Sendable (inout Connection) -> Void) {
        queue.async { [self] in
            connection.withLock { (c: inout sending Connection) in body(&c) }
        }
    }

    /// Calls `body` on the queue every `interval` seconds, the first time at once, until the
    /// returned timer is cancelled.
    public func repeating(every interval: Double, _ body: @escaping @Sendable (inout Connection) -> Void) -> RepeatingWork {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now(), repeating: interval, leeway: .milliseconds(100))
        timer.setEventHandler { [self] in
            connection.withLock { (c: inout sending Connection) in body(&c) }
        }
        timer.resume()
        return RepeatingWork(timer)
    }

    /// Waits until the work queued so far is done.
    public func drain() {
        queue.sync {}
    }
}

/// Work repeated on an accessor's queue (``SerialAccess/repeating(every:_:)``) until cancelled.
public final class RepeatingWork: Sendable {
    private let timer: Mutex<DispatchSourceTimer?>

    init(_ timer: sending DispatchSourceTimer) { self.timer = Mutex(timer) }

    /// Stops the work; a call already running finishes.
    public func cancel() {
        timer.withLock { t in
            t?.cancel()
            t = nil
        }
    }

    deinit { cancel() }
}

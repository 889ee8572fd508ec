import Foundation

/// A bounded first-in, first-out queue between the import's reading thread and one writing
/// thread (DECISIONS 740): the reader (libosmium's callbacks, classification) appends work
/// items in file order, a thread of this queue's own runs them in the same order, so the
/// statements reach SQLite exactly as they did from one thread, while the two halves use
/// both cores.
///
/// Items travel in batches of ``batchSize``; at most ``maxBatches`` wait, so the memory held
/// in between is bounded (a few thousand features' geometry); the reader waits when the queue
/// is full. The first error the work throws is kept: later items are dropped, and the next
/// ``append(_:)``, ``drain()`` or ``finish()`` throws it on the reading thread.
///
/// The work closure owns whatever it touches (the SQLite connection and its statements):
/// between ``init(work:)`` and ``finish()`` / ``stop()`` the reading thread may touch them
/// only after ``drain()`` returned (the writing thread is then idle and waits; the
/// condition's lock orders the memory between the threads).
final class ImportWriteQueue<Item>: @unchecked Sendable {
    /// Items per batch handed over.
    static var batchSize: Int { 256 }
    /// Full batches that may wait for the writing thread.
    static var maxBatches: Int { 8 }

    private let condition = NSCondition()
    private var waiting: [[Item]] = []
    private var filling: [Item] = []
    /// True while the writing thread runs a batch.
    private var busy = false
    private var stopping = false
    private var exited = false
    private var failure: (any Error)?
    private let work: ([Item]) throws -> Void
    /// Full batches that waited for the writing thread when the reading thread last handed
    /// one over (read and written by the reading thread only): how far the writer is behind.
    private(set) var backlog = 0
    /// CAIRN_IMPORT_TRACE=1: seconds the reading thread waited for room (the writer behind) and
    /// the writing thread waited for work (the reader behind), printed when the queue ends.
    private let tracing = getenv("CAIRN_IMPORT_TRACE").map { String(cString: $0) == "1" } ?? false
    private var readerWaited = 0.0, writerWaited = 0.0

    /// Starts the writing thread, which calls `work` with each batch in order.
    init(work: @escaping ([Item]) throws -> Void) {
        self.work = work
        filling.reserveCapacity(Self.batchSize)
        let thread = Thread { [self] in self.run() }
        thread.name = "cairn.import.writer"
        thread.start()
    }

    deinit { stop() }

    /// Queues one item; waits while ``maxBatches`` full batches wait.
    /// - Throws: the error the writing thread met, if any.
    func append(_ item: Item) throws {
        filling.append(item)
        guard filling.count >= Self.batchSize else { return }
        try handOver()
    }

    /// Hands the partly filled batch over and waits until every item queued so far has run.
    /// - Throws: the error the writing thread met, if any.
    func drain() throws {
        try handOver()
        condition.lock()
        while (busy || !waiting.isEmpty) && failure == nil { condition.wait() }
        let f = failure
        condition.unlock()
        if let f { throw f }
    }

    /// ``drain()``, then ends the writing thread.
    func finish() throws {
        defer { stop() }
        try drain()
    }

    /// Ends the writing thread without running what still waits (after a failure of the
    /// reading side, before the transaction rolls back). Waits for a batch already running.
    /// Safe to call more than once.
    func stop() {
        condition.lock()
        stopping = true
        waiting = []
        condition.broadcast()
        while !exited { condition.wait() }
        condition.unlock()
        filling = []
    }

    private func handOver() throws {
        condition.lock()
        defer { condition.unlock() }
        if let f = failure { filling = []; throw f }
        guard !filling.isEmpty else { return }
        let start = tracing ? Self.clock(CLOCK_MONOTONIC) : 0
        while waiting.count >= Self.maxBatches && failure == nil && !stopping { condition.wait() }
        if tracing { readerWaited += Self.clock(CLOCK_MONOTONIC) - start }
        if let f = failure { filling = []; throw f }
        waiting.append(filling)
        backlog = waiting.count - 1
        filling = []
        filling.reserveCapacity(Self.batchSize)
        condition.broadcast()
    }

    private func run() {
        condition.lock()
        while true {
            let start = tracing ? Self.clock(CLOCK_MONOTONIC) : 0
            while waiting.isEmpty && !stopping { condition.wait() }
            if tracing { writerWaited += Self.clock(CLOCK_MONOTONIC) - start }
            if stopping { break }
            let batch = waiting.removeFirst()
            busy = true
            condition.broadcast()
            condition.unlock()
            var error: (any Error)?
            do { try work(batch) } catch let e { error = e }
            condition.lock()
            busy = false
            if let error {
                failure = error
                waiting = []
            }
            condition.broadcast()
        }
        exited = true
        if tracing {
            let line = String(format: "cairn import trace: writing thread: CPU %.3f s, waited for work %.3f s; reading thread waited for room %.3f s\n",
                              Self.clock(CLOCK_THREAD_CPUTIME_ID), writerWaited, readerWaited)
            FileHandle.standardError.write(Data(line.utf8))
        }
        condition.broadcast()
        condition.unlock()
    }

    private static func clock(_ id: clockid_t) -> Double {
        var ts = timespec()
        clock_gettime(id, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

import Foundation

/// Runs a function over a range of positions on the calling thread and one more (the even and
/// the odd positions), for work that shares nothing mutable: ``OSMImportSession/finish()``
/// prepares the ways and relations of the end of the file so (DECISIONS 1052).
enum TwoThreads {
    /// `body(i)` for every i of `range`, the results in the order of `range`. With fewer than
    /// two positions, or on a machine with one core, all of it runs on the calling thread.
    /// `body` must be safe to call from two threads at once.
    static func map<T>(_ range: Range<Int>, _ body: @escaping (Int) -> T) -> [T] {
        let n = range.count
        guard n >= 2, ProcessInfo.processInfo.activeProcessorCount >= 2 else { return range.map(body) }
        let results = UnsafeMutablePointer<T?>.allocate(capacity: n)
        results.initialize(repeating: nil, count: n)
        defer {
            results.deinitialize(count: n)
            results.deallocate()
        }
        let base = range.lowerBound
        let shared = Unchecked(body: body, results: results)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            var k = 1
            while k < n { shared.results[k] = shared.body(base + k); k += 2 }
            done.signal()
        }
        thread.start()
        var k = 0
        while k < n { results[k] = body(base + k); k += 2 }
        done.wait()
        return (0..<n).map { results[$0]! }
    }

    /// What the second thread reaches: each position of `results` is written by one thread only,
    /// and read after the semaphore ordered the writes.
    private final class Unchecked<T>: @unchecked Sendable {
        let body: (Int) -> T
        let results: UnsafeMutablePointer<T?>
        init(body: @escaping (Int) -> T, results: UnsafeMutablePointer<T?>) {
            self.body = body
            self.results = results
        }
    }
}

extension TwoThreads {
    /// Prepares the items `0..<count` on the calling thread and one more, and hands each
    /// prepared item to `apply` on the calling thread, in order (`apply(prepare(0))`,
    /// `apply(prepare(1))`, ...), as soon as it and those before it are ready: there is no
    /// barrier between batches, so the other thread goes on preparing while the calling one
    /// applies, or waits inside `apply` (DECISIONS 1110). Each thread takes the next item not
    /// yet taken (a large item does not hold up the other thread's share); the calling thread
    /// prepares only when the next item to apply is not ready. At most `window` items are
    /// prepared and not yet applied (memory bound). When `apply` throws, the other thread stops
    /// after the item it is preparing and the error is rethrown; nothing more is applied.
    /// With one core, or fewer than two items, everything runs on the calling thread.
    /// `prepare` must be safe to call from two threads at once.
    static func forEachInOrder<T>(count: Int, window: Int = 512, prepare: @escaping (Int) -> T,
                                  apply: (T) throws -> Void) rethrows {
        guard count >= 2, window >= 2, ProcessInfo.processInfo.activeProcessorCount >= 2 else {
            for i in 0..<count { try apply(prepare(i)) }
            return
        }
        let state = OrderedState<T>(window: window, count: count, prepare: prepare)
        let finished = DispatchSemaphore(value: 0)
        let thread = Thread {
            state.helperLoop()
            finished.signal()
        }
        thread.start()
        defer {
            state.stop()
            finished.wait()
        }
        for next in 0..<count {
            try apply(state.take(next))
        }
    }

    /// The items between the two threads of ``forEachInOrder(count:window:prepare:apply:)``:
    /// a ring of `window` slots, item i in slot i % window, all under one lock.
    private final class OrderedState<T>: @unchecked Sendable {
        let window: Int, count: Int
        let prepare: (Int) -> T
        let condition = NSCondition()
        var slots: [T?]
        /// The next item no thread has taken, the number applied, and whether to stop.
        var taken = 0, applied = 0, stopped = false

        init(window: Int, count: Int, prepare: @escaping (Int) -> T) {
            self.window = window
            self.count = count
            self.prepare = prepare
            slots = Array(repeating: nil, count: window)
        }

        /// Under the lock: an item a thread may take now (its slot is free), taken; or nil.
        private func claim() -> Int? {
            guard !stopped, taken < count, taken < applied + window else { return nil }
            defer { taken += 1 }
            return taken
        }

        /// Prepares item `i` outside the lock and stores it.
        private func run(_ i: Int) {
            condition.unlock()
            let value = prepare(i)
            condition.lock()
            slots[i % window] = value
            condition.broadcast()
        }

        /// The other thread: prepares items until none is left or the caller stops.
        func helperLoop() {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let i = claim() {
                    run(i)
                } else if stopped || taken >= count {
                    return
                } else {
                    condition.wait()
                }
            }
        }

        /// The calling thread: item `i` (the next to apply) once prepared, by whichever thread.
        func take(_ i: Int) -> T {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if let value = slots[i % window], i < taken {
                    slots[i % window] = nil
                    applied = i + 1
                    condition.broadcast()
                    return value
                }
                if let j = claim() { run(j) } else { condition.wait() }
            }
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }
    }
}

extension TwoThreads {
    /// A value computed on a thread of its own while the caller goes on (``PackedRTree`` sorts
    /// its rows by id so while it writes the nodes). With one core, computed at once on the
    /// calling thread.
    final class Background<T>: @unchecked Sendable {
        private var result: T?
        private let body: () -> T
        private let done = DispatchSemaphore(value: 0)

        /// Starts `body` on another thread.
        init(_ body: @escaping () -> T) {
            self.body = body
            guard ProcessInfo.processInfo.activeProcessorCount >= 2 else {
                result = body()
                done.signal()
                return
            }
            Thread { [self] in
                result = self.body()
                done.signal()
            }.start()
        }

        /// Waits for the value (at once when it is there). Call from one thread.
        func wait() -> T {
            done.wait()
            done.signal()
            return result!
        }
    }
}

extension TwoThreads {
    /// `values` sorted ascending: each half sorted on a thread of its own, then the two merged
    /// (the relations pass's member ways, 500,000 at 20 M nodes, between the two passes;
    /// DECISIONS 1114). Equal elements keep no particular order (the same values either way).
    static func sorted<T: Comparable>(_ values: [T]) -> [T] {
        guard values.count >= 4096 else { return values.sorted() }
        let halves = map(0..<2) { h in values[(h * values.count / 2)..<((h + 1) * values.count / 2)].sorted() }
        let a = halves[0], b = halves[1]
        var out: [T] = []
        out.reserveCapacity(values.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if b[j] < a[i] { out.append(b[j]); j += 1 } else { out.append(a[i]); i += 1 }
        }
        out.append(contentsOf: a[i...])
        out.append(contentsOf: b[j...])
        return out
    }
}

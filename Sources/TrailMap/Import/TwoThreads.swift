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

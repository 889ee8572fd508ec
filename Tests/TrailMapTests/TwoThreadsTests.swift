import Foundation
import Testing
@testable import TrailMap

/// ``TwoThreads/map(_:_:)``: the serial map's results, in order, whatever thread made each.
@Suite struct TwoThreadsTests {
    @Test func resultsAreTheSerialMapsInOrder() {
        for range in [0..<0, 5..<6, 3..<4 + 1, 1000..<1517] {
            let body: (Int) -> String = { i in String(i * i, radix: 7) }
            #expect(TwoThreads.map(range, body) == range.map(body))
        }
    }

    @Test func bothHalvesRunAtOnce() {
        // Position 0 (calling thread) waits until position 1 (the other thread) has run: this
        // returns only when the two run at the same time.
        guard ProcessInfo.processInfo.activeProcessorCount >= 2 else { print("skipped: one core"); return }
        let other = DispatchSemaphore(value: 0)
        let out = TwoThreads.map(0..<2) { i -> Int in
            if i == 1 { other.signal() } else { other.wait() }
            return i
        }
        #expect(out == [0, 1])
    }

    // MARK: forEachInOrder

    /// Counts shared by the two threads of a test, under a lock.
    final class Tally: @unchecked Sendable {
        let lock = NSLock()
        var prepared = 0, applied = 0, maxAhead = 0
        func didPrepare() {
            lock.lock(); prepared += 1; maxAhead = max(maxAhead, prepared - applied); lock.unlock()
        }
        func didApply() { lock.lock(); applied += 1; lock.unlock() }
    }

    @Test func appliesInOrderWhatTheSerialLoopWould() {
        for (count, window) in [(0, 4), (1, 4), (2, 2), (7, 3), (1000, 2), (1517, 512)] {
            let body: (Int) -> String = { i in String(i * i, radix: 7) }
            var out: [String] = []
            TwoThreads.forEachInOrder(count: count, window: window, prepare: body) { out.append($0) }
            #expect(out == (0..<count).map(body), "count \(count), window \(window)")
        }
    }

    @Test func neverPreparesMoreThanTheWindowAhead() {
        for window in [2, 5, 64] {
            let tally = Tally()
            TwoThreads.forEachInOrder(count: 2000, window: window, prepare: { i -> Int in
                tally.didPrepare()
                return i
            }) { _ in tally.didApply() }
            // An item counts as prepared when its preparation starts; the one being applied
            // has left its slot.
            #expect(tally.maxAhead <= window + 1, "window \(window): \(tally.maxAhead) ahead")
            #expect(tally.applied == 2000)
        }
    }

    struct Stop: Error, Equatable { let at: Int }

    @Test func anErrorStopsBothThreadsAndIsRethrown() {
        for stopAt in [0, 1, 500] {
            var applied: [Int] = []
            #expect(throws: Stop(at: stopAt)) {
                try TwoThreads.forEachInOrder(count: 10_000, window: 16, prepare: { $0 }) { i in
                    applied.append(i)
                    if i == stopAt { throw Stop(at: i) }
                }
            }
            #expect(applied == Array(0...stopAt))
        }
    }

    @Test func twoItemsArePreparedAtOnce() {
        // Item 0 waits for item 1 and item 1 for item 0: this returns only when the two
        // threads prepare at the same time.
        guard ProcessInfo.processInfo.activeProcessorCount >= 2 else { print("skipped: one core"); return }
        let ready = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        var out: [Int] = []
        TwoThreads.forEachInOrder(count: 2, window: 4, prepare: { i -> Int in
            ready[i].signal()
            ready[1 - i].wait()
            return i
        }) { out.append($0) }
        #expect(out == [0, 1])
    }

    @Test func sortedOnTwoThreadsIsTheSort() {
        var seed: UInt64 = 99
        for count in [0, 1, 4095, 4096, 4097, 100_003] {
            let values = (0..<count).map { _ -> Int64 in
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                return Int64(bitPattern: seed) % 60_000  // negative ones too, and repeats among 100,003
            }
            #expect(TwoThreads.sorted(values) == values.sorted(), "\(count) values")
        }
    }
}

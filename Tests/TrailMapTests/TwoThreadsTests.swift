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
}

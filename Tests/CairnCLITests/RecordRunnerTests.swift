import Foundation
import Testing
import TrailCore
import TrailLive
@testable import CairnCLI
@testable import TrailStore

/// The headless loop with a source that sends three fixes and then falls silent: the status
/// lines show the fix age growing and the point count standing still (no point is invented),
/// and the source's end finishes the recording.
@Suite struct RecordRunnerTests {
    /// Output the source's thread may read while the runner writes it.
    final class LockedSink: OutputSink, @unchecked Sendable {
        private let lock = NSLock()
        private var buffer = ""
        var text: String { lock.withLock { buffer } }
        func write(_ s: String) { lock.withLock { buffer += s } }
    }

    final class SilentAfterThree: PositionSource, @unchecked Sendable {
        /// Ends the source once this is true (polled), or after 30 s: the test waits for the
        /// runner's own output, not for a fixed sleep that a loaded machine can outrun.
        let until: @Sendable () -> Bool
        init(until: @escaping @Sendable () -> Bool) { self.until = until }
        func start(_ handler: @escaping @Sendable (PositionEvent) -> Void) {
            let until = self.until
            Thread.detachNewThread {
                let c = Coordinate(latitude: 46.5, longitude: 7.5)
                for i in 0..<3 {
                    handler(.fix(PositionFix(time: Date().addingTimeInterval(Double(i) * 20), coordinate: c.coordinate(at: Double(i) * 25, bearing: 0),
                                             horizontalAccuracy: 5, source: .gpsd)))
                }
                let deadline = Date().addingTimeInterval(30)
                while !until() && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
                handler(.ended(SourceEnd(reason: "test source ended")))
            }
        }
        func stop() {}
    }

    @Test func silentSourceShowsTheFixAgeGrowingAndNoNewPoints() throws {
        let dir = makeTempDirectory("runner")
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        let recorder = try Recorder(store: store, name: "Silent", source: "test")
        let out = LockedSink(), err = StringSink()
        let context = CommandContext(stdout: out, stderr: err, environment: [:])
        var runner = RecordRunner(recorder: recorder, source: SilentAfterThree(until: { out.text.contains("fix 2 s ago") }), context: context,
                                  units: UnitFormatter(system: .metric), statusInterval: 0.25, pointLog: nil)
        #expect(runner.run() == .finished)
        let lines = out.text.split(separator: "\n").map(String.init)
        let ages = lines.compactMap { l -> Int? in
            guard let r = l.range(of: "fix "), let end = l.range(of: " s ago", range: r.upperBound..<l.endIndex) else { return nil }
            return Int(l[r.upperBound..<end.lowerBound])
        }
        #expect(ages.count >= 5)
        #expect(ages.first == 0 && (ages.last ?? 0) >= 2)
        #expect(zip(ages, ages.dropFirst()).allSatisfy { $0 <= $1 })
        // Status lines (not the "first position accepted" line) count 3 points all along.
        #expect(lines.allSatisfy { !$0.contains(" · accepted") || $0.contains("accepted 3 ") })
        #expect(lines.filter { $0.contains("first position accepted: recording 'Silent' as hike ") }.count == 1)
        #expect(recorder.session.pointCount == 3 && recorder.session.state == .finished)
        #expect(try store.recording(#require(recorder.recording)).pointCount == 3)
    }
}

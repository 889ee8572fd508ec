import Foundation
import Testing
import TrailCore
import TrailLive
@testable import CairnCLI
@testable import TrailStore

/// Item 4: stopped before any accepted position, `cairn record` says what happened: the source
/// could not be reached, it sent no fix (in how long), or every fix it sent was rejected (by
/// which rule). It used to say "no fix passed the filter" for all three (DECISIONS.md 492).
@Suite struct RecordNothingRecordedTests {
    final class Scripted: PositionSource, @unchecked Sendable {
        let events: [PositionEvent]
        init(_ events: [PositionEvent]) { self.events = events }
        func start(_ handler: @escaping @Sendable (PositionEvent) -> Void) {
            let events = self.events
            Thread.detachNewThread { for e in events { handler(e) } }
        }
        func stop() {}
    }

    func reason(_ events: [PositionEvent]) throws -> String {
        let dir = makeTempDirectory("record-nothing")
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        let recorder = try Recorder(store: store, name: nil, source: "test")
        let context = CommandContext(stdout: StringSink(), stderr: StringSink(), environment: [:])
        var runner = RecordRunner(recorder: recorder, source: Scripted(events + [.ended(SourceEnd(reason: "test ended"))]),
                                  context: context, units: UnitFormatter(system: .metric), statusInterval: 3600, pointLog: nil)
        runner.sourceLabel = "gpsd at 127.0.0.1:9"
        #expect(runner.run() == .finished)
        #expect(recorder.hike == nil)
        return RecordCommand.finishedText(recorder, UnitFormatter(system: .metric),
                                          nothing: runner.nothingRecordedReason(at: context.now()))
    }

    @Test func refusedConnectionNoFixAndRejectedFixesAreToldApart() throws {
        let refused = "connect to 127.0.0.1:9: Connection refused"
        #expect(try reason([.connection(.connecting(attempt: 1)), .connection(.disconnected(reason: refused, retryIn: 1)),
                            .connection(.connecting(attempt: 2)), .connection(.disconnected(reason: refused, retryIn: 2))])
                == "nothing was recorded: could not connect to gpsd at 127.0.0.1:9 (\(refused), 2 attempts)\n")
        let silent = try reason([.connection(.connecting(attempt: 1)), .connection(.connected(detail: "3.25"))])
        #expect(silent.hasPrefix("nothing was recorded: no fix received in ") && silent.hasSuffix(" s (connected to gpsd at 127.0.0.1:9)\n"),
                "\(silent)")
        let noFix = try reason([.connection(.connected(detail: nil)), .noFix(mode: .none)])
        #expect(noFix.hasSuffix("(the receiver reported no fix)\n"), "\(noFix)")
        let t = Date(timeIntervalSince1970: 1_714_557_600)
        let poor = (0..<3).map { i in
            PositionEvent.fix(PositionFix(time: t.addingTimeInterval(Double(i)), coordinate: Coordinate(latitude: 46.5, longitude: 7.5),
                                          horizontalAccuracy: 500, source: .gpsd))
        }
        #expect(try reason([.connection(.connected(detail: nil))] + poor)
                == "nothing was recorded: 3 fixes received but all rejected by the filter (poor accuracy 3)\n")
    }

    /// A receiver at HDOP 2.0 in a wooded valley: gpsd's accuracy is HDOP × 19 m = 38 m, over
    /// the 30 m limit. The headless recorder says so once, with the setting to change: the
    /// accuracy rounded up to the next 10 m plus 10 m (38 → 50 m).
    @Test func accuracyRejectionsAreExplainedOnceWithWhatToChange() throws {
        let dir = makeTempDirectory("record-accuracy")
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        let recorder = try Recorder(store: store, name: nil, source: "test")
        let out = StringSink()
        let context = CommandContext(stdout: out, stderr: StringSink(), environment: [:])
        let t = Date(timeIntervalSince1970: 1_714_557_600)
        let fixes = (0..<4).map { i in
            PositionEvent.fix(PositionFix(time: t.addingTimeInterval(Double(i)), coordinate: Coordinate(latitude: 46.5, longitude: 7.5),
                                          horizontalAccuracy: 2.0 * 19, source: .gpsd))
        }
        var runner = RecordRunner(recorder: recorder, source: Scripted(fixes + [.ended(SourceEnd(reason: "test ended"))]),
                                  context: context, units: UnitFormatter(system: .metric), statusInterval: 3600, pointLog: nil)
        #expect(runner.run() == .finished)
        let said = out.text.components(separatedBy: "Fixes rejected for accuracy").count - 1
        #expect(said == 1, "\(out.text)")
        #expect(out.text.contains("Fixes rejected for accuracy: ±38 m is worse than the 30 m allowed"), "\(out.text)")
        #expect(out.text.contains("--max-accuracy 50m, or record.max-accuracy = 50m in the config file"))
        #expect(AccuracyAdvice.suggestedLimit(accuracy: 45, limit: 30) == 60)
        #expect(AccuracyAdvice.suggestedLimit(accuracy: nil, limit: 30) == 50)
    }
}

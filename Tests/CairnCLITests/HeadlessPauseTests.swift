import Foundation
import HikeServices
import Testing
import TrailCore
import TrailLive
@testable import TrailStore

/// A headless recording stopped by a signal (newcomer, issue 35): the signal is named
/// ("hang-up", not "signal 1"), and the last status line keeps the clock as the pause found it
/// (it fell back to the points' 0:00:40 before; DECISIONS.md 970).
@Suite struct HeadlessPauseTests {
    @Test func aHangUpPausesNamesTheSignalAndKeepsTheClock() throws {
        let dir = makeTempDirectory("hangup")
        let store = try HikeStore(path: dir + "/hikes.sqlite")
        let recorder = try Recorder(store: store, name: "Hang-up", source: "test")
        let out = RecordRunnerTests.LockedSink()
        var loop = HeadlessRecording(recorder: recorder, source: RecordRunnerTests.SilentAfterThree(until: { false }),
                                     units: UnitFormatter(system: .metric), statusInterval: 0.25, now: { Date() },
                                     say: { out.write($0) }, warn: { out.write($0) })
        // Three fixes stamped 0, 20 and 40 s arrive at once: 0:00:40 by the points, then the
        // wall clock runs on; the hang-up comes once a status line says 0:00:42.
        loop.stopSignal = { out.text.contains("elapsed 0:00:42") ? SIGHUP : nil }
        let outcome = loop.run()
        #expect(outcome == .paused(reason: "hang-up, SIGHUP"), "\(outcome)")
        let last = try #require(out.text.split(separator: "\n").last.map(String.init))
        #expect(last.contains(" paused · elapsed 0:00:4"), "\(last)")
        #expect(!last.contains("elapsed 0:00:40") && !last.contains("elapsed 0:00:41"), "\(last)")
        #expect(recorder.session.state == .paused)
        #expect(HeadlessRecording.signalName(SIGTERM) == "termination request, SIGTERM")
        #expect(HeadlessRecording.signalName(SIGINT) == "Ctrl-C")
    }
}

import Foundation
import Testing
import TrailCore
@testable import TrailLive

/// Pausing a replay or an NMEA log file holds its playback: no fix is lost, none comes while paused.
@Suite struct PauseTests {
    func sentence(_ body: String) -> String { "$\(body)*\(hex(body))" }

    func points(_ n: Int) -> [Trackpoint] {
        let t0 = Date(timeIntervalSince1970: 1_500_000_000)
        return (0..<n).map { Trackpoint(Coordinate(latitude: 42.5 + Double($0) * 1e-4, longitude: 1.5), elevation: 100,
                                        time: t0.addingTimeInterval(Double($0) * 5)) }
    }

    @Test func aPausedReplayHoldsItsFixesAndGoesOnWhereItStopped() {
        let clock = ManualClock()
        let source = ReplaySource(configuration: .init(points: points(6), speedFactor: nil), clock: clock)
        source.setPaused(true)
        let rec = EventRecorder()
        source.start(rec.handler)
        // The reader waits in the gate: the clock runs (it polls) but no fix comes.
        #expect(rec.wait { _ in clock.totalSlept >= 1 })
        #expect(rec.fixes.isEmpty)
        #expect(!rec.events.contains(where: isEnded))
        source.setPaused(false)
        #expect(rec.wait { $0.contains(where: isEnded) })
        #expect(rec.fixes.count == 6)
        guard case .ended(let end)? = rec.events.last else { Issue.record("no end"); return }
        #expect(end.reason == "replay finished")
    }

    @Test func aPausedNMEALogHoldsItsFixesAndAStopStillEndsIt() throws {
        var lines: [String] = []
        for s in 0..<3 {
            lines.append(sentence("GPGGA,10000\(s).00,4230.00\(s)0,N,00130.0000,E,1,08,0.9,1500.0,M,50.0,M,,"))
            lines.append(sentence("GPRMC,10000\(s).00,A,4230.00\(s)0,N,00130.0000,E,2.5,45.0,010524,,,A"))
        }
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-pause-\(UUID().uuidString).nmea")
        try lines.joined(separator: "\r\n").write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let clock = ManualClock()
        let source = NMEASource(configuration: .init(path: url.path), clock: clock)
        source.setPaused(true)
        let rec = EventRecorder()
        source.start(rec.handler)
        #expect(rec.wait { _ in clock.totalSlept >= 1 })
        #expect(rec.fixes.isEmpty)
        source.stop()
        #expect(rec.wait { $0.contains(where: isEnded) })
        #expect(rec.fixes.isEmpty)
    }
}

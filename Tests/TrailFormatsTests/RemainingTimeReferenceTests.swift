import Foundation
import Testing
import TrailCore
import TrailFormats

/// The follow screen's remaining time on a real hike followed along its own line (DECISIONS.md
/// 844): DIN 33466 of the route ahead (climb and descent still to come) × the hiker's ratio to
/// the rule, against Tools/reference/eta_reference.py (GeographicLib; the live moving-time rule
/// and the hysteresis as written there):
///
///     python3 Tools/reference/eta_reference.py ../shared/data/gpx-unlicensed/adrutas-180502.gpx 1170 12900
///
/// At 1173.43 m: ratio 0.50058, estimate 16 587.9 s; at 12 968.90 m: ratio 0.56337, estimate
/// 4 475.4 s. The hiker's actual remaining moving time was 18 488 s and 4 657 s: the new
/// estimate is 10.3 % short then 3.9 % short, where the moving speed alone (the old estimate,
/// 14 890.5 s and 6 046.4 s) was 19.5 % short then 29.8 % long.
@Suite struct RemainingTimeReferenceTests {
    struct Checkpoint {
        var progress: Double, ratio: Double, eta: Double, oldEta: Double, actual: Double
    }
    static let checkpoints = [
        Checkpoint(progress: 1173.4278, ratio: 0.500576, eta: 16_587.87, oldEta: 14_890.46, actual: 18_488),
        Checkpoint(progress: 12_968.902, ratio: 0.563374, eta: 4_475.44, oldEta: 6_046.38, actual: 4_657),
    ]

    @Test func remainingTimeFollowsTheClimbAheadAndTheHikersRatio() throws {
        guard let data = TestPaths.sharedData() else { return }
        let doc = try TrackFileReader.read(url: data.appendingPathComponent("gpx-unlicensed/adrutas-180502.gpx")).document
        let track = try #require(doc.tracks.first)
        var session = FollowSession(route: FollowRoute(track: track))
        var pending = Self.checkpoints[...]
        for p in doc.allTrackpoints {
            guard let t = p.time else { continue }
            _ = session.receive(PositionFix(time: t, coordinate: p.coordinate, altitude: p.elevation, source: .gpsd))
            guard let c = pending.first, session.progress >= c.progress - 0.5 else { continue }
            pending.removeFirst()
            let eta = session.estimatedTimeRemaining
            let ratio = try #require(session.hikersRatio())
            print("remaining time at \(session.progress) m: ratio \(ratio), \(eta.seconds) s (reference \(c.eta) s, actual \(c.actual) s)")
            #expect(abs(session.progress - c.progress) < 1, "matched at \(session.progress) m")
            #expect(eta.method == .hikersRatio)
            #expect(abs(ratio - c.ratio) / c.ratio < 0.02, "ratio \(ratio), reference \(c.ratio)")
            #expect(abs(eta.seconds - c.eta) / c.eta < 0.03, "eta \(eta.seconds) s, reference \(c.eta) s")
            // Closer to what the hiker then took than the moving speed alone.
            #expect(abs(eta.seconds - c.actual) < abs(c.oldEta - c.actual))
        }
        #expect(pending.isEmpty, "not every checkpoint was reached")
    }
}

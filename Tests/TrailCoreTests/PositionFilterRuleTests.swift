import Foundation
import Testing
@testable import TrailCore

/// The rules added for recording (stray fixes, the stationary hold time, the minimum spacing),
/// one by one on constructed fixes; the fix times are the filter's only clock. Distances come
/// from ``KnownPoints`` (GeographicLib) or are far from any threshold.
@Suite struct PositionFilterRuleTests {
    let t0 = Date(timeIntervalSince1970: 1_714_557_600)

    func fix(_ c: Coordinate, at seconds: Double, accuracy: Double? = 5, speed: Double? = nil) -> PositionFix {
        PositionFix(time: t0.addingTimeInterval(seconds), coordinate: c, horizontalAccuracy: accuracy,
                    speed: speed, source: .gpsd)
    }

    /// About 1,950 km north of the origin (17.5° of latitude); far beyond 1,000 km.
    let farNorth = Coordinate(latitude: 60.0, longitude: 1.5)
    let farNorthNeighbour = Coordinate(latitude: 60.0001, longitude: 1.5)

    @Test func nullIslandIsAStrayEvenAsTheFirstFix() {
        var f = PositionFilter()
        #expect(f.evaluate(fix(Coordinate(latitude: 0, longitude: 0), at: 0)) == .rejected(.strayFix))
        // 0.005°, 0.005° is about 786 m from 0°, 0°: inside the 1 km radius.
        #expect(f.evaluate(fix(Coordinate(latitude: 0.005, longitude: 0.005), at: 1)) == .rejected(.strayFix))
        // 0.01° of latitude is about 1,106 m: outside, a real (if wet) position.
        #expect(f.evaluate(fix(Coordinate(latitude: 0.01, longitude: 0), at: 2)) == .accepted)
        #expect(f.counters.rejected[.strayFix] == 2)
        var off = PositionFilter(rules: PositionFilterRules(nullIslandRadius: 0))
        #expect(off.evaluate(fix(Coordinate(latitude: 0, longitude: 0), at: 0)) == .accepted)
    }

    @Test func farStraysAreRejectedAndNeverBecomeTheAnchorAlone() {
        var f = PositionFilter()
        #expect(f.evaluate(fix(KnownPoints.origin, at: 0)) == .accepted)
        // Even 10 minutes later (1,950 km / 600 s would also be "too fast", but the stray rule names it).
        #expect(f.evaluate(fix(farNorth, at: 600)) == .rejected(.strayFix))
        // The anchor stayed: a point 10 m from the origin is accepted.
        #expect(f.evaluate(fix(KnownPoints.north10, at: 601, speed: 1)) == .accepted)
        #expect(f.lastAccepted?.coordinate == KnownPoints.north10)
        // Alternating strays never agree with each other, so they never re-anchor.
        for i in 0..<12 {
            let c = i % 2 == 0 ? farNorth : Coordinate(latitude: 20, longitude: 1.5)
            #expect(f.evaluate(fix(c, at: 602 + Double(i))) == .rejected(.strayFix))
        }
        #expect(f.counters.reanchors == 0)
    }

    @Test func strayThatAgreesSixTimesIsANewAnchor() {
        // A cold-started receiver's first fix was wrong; the true position is 1,950 km away.
        var f = PositionFilter()
        _ = f.evaluate(fix(KnownPoints.origin, at: 0))
        var decisions: [FilterDecision] = []
        for i in 1...6 { decisions.append(f.evaluate(fix(i % 2 == 0 ? farNorth : farNorthNeighbour, at: Double(i)))) }
        #expect(Array(decisions.prefix(5)) == Array(repeating: .rejected(.strayFix), count: 5))
        #expect(decisions[5] == .accepted)
        #expect(f.counters.reanchors == 1)
        // The threshold is a setting: 20 m makes an 88 m jump a stray.
        var g = PositionFilter(rules: PositionFilterRules(maximumSpeed: 1e9, strayDistance: 20))
        _ = g.evaluate(fix(KnownPoints.origin, at: 0))
        #expect(g.evaluate(fix(KnownPoints.north11_9, at: 1)) == .accepted)
        #expect(g.evaluate(fix(KnownPoints.north100, at: 2)) == .rejected(.strayFix))
    }

    @Test func stationaryHoldWaitsThirtySecondsOfSlowFixes() {
        var f = PositionFilter(rules: PositionFilterRules(stationaryDuration: 30))
        _ = f.evaluate(fix(KnownPoints.origin, at: 0, accuracy: 8, speed: 0.2))
        // Slow for 5 s only: the 5 m step inside the 8 m circle still counts.
        #expect(f.evaluate(fix(KnownPoints.northEast5, at: 5, accuracy: 8, speed: 0.2)) == .accepted)
        // Slow since t = 0, now t = 29: still under 30 s, the 5 m step back is accepted.
        #expect(f.evaluate(fix(KnownPoints.origin, at: 29, accuracy: 8, speed: 0.3)) == .accepted)
        // t = 30: thirty seconds of slow fixes, inside the circle: held.
        #expect(f.evaluate(fix(KnownPoints.northEast5, at: 30, accuracy: 8, speed: 0.3)) == .rejected(.stationaryJitter))
        // A fast fix ends the slow run; the next slow one starts a new 30 s count.
        #expect(f.evaluate(fix(KnownPoints.north10, at: 31, accuracy: 8, speed: 1.4)) == .accepted)
        #expect(f.evaluate(fix(KnownPoints.north11_9, at: 40, accuracy: 8, speed: 0.1)) == .accepted)
        #expect(f.evaluate(fix(KnownPoints.north10, at: 71, accuracy: 8, speed: 0.1)) == .rejected(.stationaryJitter))
        #expect(f.counters.rejected[.stationaryJitter] == 2)
    }

    @Test func minimumSpacingRejectsShortMovesAsTooClose() {
        var f = PositionFilter(rules: .recording)
        #expect(f.rules.minimumSpacing == 10 && f.rules.stationaryDuration == 30)
        _ = f.evaluate(fix(KnownPoints.origin, at: 0, accuracy: nil))
        #expect(f.evaluate(fix(KnownPoints.north0_5, at: 1, accuracy: nil)) == .rejected(.duplicate))
        #expect(f.evaluate(fix(KnownPoints.northEast5, at: 4, accuracy: nil)) == .rejected(.tooClose))
        #expect(f.evaluate(fix(KnownPoints.north11_9, at: 8, accuracy: nil)) == .accepted)
        #expect(f.evaluate(fix(KnownPoints.north13, at: 9, accuracy: nil)) == .rejected(.tooClose))  // 1.1 m on
        #expect(f.evaluate(fix(KnownPoints.north20, at: 12, accuracy: nil)) == .rejected(.tooClose))  // 8.1 m on
        #expect(f.evaluate(fix(KnownPoints.north100, at: 20, accuracy: nil)) == .accepted)  // 88.1 m in 12 s
        #expect(f.counters.rejected == [.duplicate: 1, .tooClose: 3])
        // The diary's 20 m, as an override.
        var g = PositionFilter(rules: PositionFilterRules(minimumSpacing: 20))
        _ = g.evaluate(fix(KnownPoints.origin, at: 0, accuracy: nil))
        #expect(g.evaluate(fix(KnownPoints.north13, at: 5, accuracy: nil)) == .rejected(.tooClose))
        #expect(g.evaluate(fix(KnownPoints.north100, at: 10, accuracy: nil)) == .accepted)
    }

    @Test func followingDefaultsAreUnchanged() {
        let s = PositionFilterRules.standard
        #expect(s.maximumHorizontalAccuracy == 30 && s.maximumSpeed == 12 && s.minimumDistance == 1)
        #expect(s.minimumSpacing == 0 && s.stationaryDuration == 0 && s.strayDistance == 1_000_000)
    }

    @Test func everyRejectionIsCountedByItsRule() {
        var f = PositionFilter(rules: .recording)
        _ = f.evaluate(PositionFix(time: t0, coordinate: KnownPoints.origin, mode: .none, source: .gpsd))
        _ = f.evaluate(fix(KnownPoints.origin, at: 0, accuracy: 31))
        _ = f.evaluate(fix(Coordinate(latitude: 0, longitude: 0), at: 0))
        #expect(f.evaluate(fix(KnownPoints.origin, at: 0)) == .accepted)
        _ = f.evaluate(fix(KnownPoints.north20, at: 0))                    // same time
        _ = f.evaluate(fix(KnownPoints.north100, at: 2))                   // 50 m/s
        _ = f.evaluate(fix(KnownPoints.origin, at: 3))                     // 0 m
        _ = f.evaluate(fix(KnownPoints.northEast5, at: 4))                 // 5 m at 1.25 m/s
        _ = f.evaluate(fix(KnownPoints.northEast5, at: 40, accuracy: 8, speed: 0.1))  // slow 0 s
        _ = f.evaluate(fix(KnownPoints.northEast5, at: 70, accuracy: 8, speed: 0.1))  // slow 30 s
        #expect(f.counters.accepted == 1)
        #expect(f.counters.rejected == [.noPosition: 1, .poorAccuracy: 1, .strayFix: 1, .outOfOrder: 1,
                                        .impossibleSpeed: 1, .duplicate: 1, .tooClose: 2, .stationaryJitter: 1])
        #expect(f.counters.totalRejected == 9)
    }
}

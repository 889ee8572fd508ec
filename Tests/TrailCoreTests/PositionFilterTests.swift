import Foundation
import Testing
@testable import TrailCore

/// Points at known geodesic distances from (42.5, 1.5), computed with GeographicLib 2.1
/// (`Geodesic.WGS84.Direct(42.5, 1.5, azimuth, distance)`), so the filter's thresholds are
/// checked against distances the filter did not compute.
enum KnownPoints {
    static let origin = Coordinate(latitude: 42.5, longitude: 1.5)
    static let north0_5 = Coordinate(latitude: 42.500004501139, longitude: 1.5)
    static let east0_9 = Coordinate(latitude: 42.499999999999, longitude: 1.500010949037)
    static let north1_1 = Coordinate(latitude: 42.500009902505, longitude: 1.5)
    static let northEast5 = Coordinate(latitude: 42.500031827849, longitude: 1.500043011900)
    static let north10 = Coordinate(latitude: 42.500090022774, longitude: 1.5)
    static let north11_9 = Coordinate(latitude: 42.500107127100, longitude: 1.5)
    static let north13 = Coordinate(latitude: 42.500117029605, longitude: 1.5)
    static let north20 = Coordinate(latitude: 42.500180045546, longitude: 1.5)
    static let north100 = Coordinate(latitude: 42.500900227672, longitude: 1.5)
}

@Suite struct PositionFilterTests {
    let t0 = Date(timeIntervalSince1970: 1_714_557_600)

    func fix(_ c: Coordinate, at seconds: Double, accuracy: Double? = 5, speed: Double? = nil,
             mode: FixMode = .threeD) -> PositionFix {
        PositionFix(time: t0.addingTimeInterval(seconds), coordinate: c, horizontalAccuracy: accuracy,
                    speed: speed, mode: mode, source: .gpsd)
    }

    @Test func accuracyRuleAt30Metres() {
        var f = PositionFilter()
        #expect(f.evaluate(fix(KnownPoints.origin, at: 0, accuracy: 30.01)) == .rejected(.poorAccuracy))
        #expect(f.evaluate(fix(KnownPoints.origin, at: 0, accuracy: .nan)) == .rejected(.poorAccuracy))
        #expect(f.evaluate(fix(KnownPoints.origin, at: 0, accuracy: 30)) == .accepted)
        #expect(f.evaluate(fix(KnownPoints.north100, at: 60, accuracy: nil)) == .accepted)  // no estimate: passes
        #expect(f.counters.rejected[.poorAccuracy] == 2 && f.counters.accepted == 2)
    }

    @Test func speedRuleAt12MetresPerSecond() {
        var f = PositionFilter()
        #expect(f.evaluate(fix(KnownPoints.origin, at: 0)) == .accepted)
        // 13 m in 1 s = 13 m/s: rejected; the anchor stays at the origin.
        #expect(f.evaluate(fix(KnownPoints.north13, at: 1, speed: 1)) == .rejected(.impossibleSpeed))
        // 11.9 m in 1 s (counted from the anchor): accepted.
        #expect(f.evaluate(fix(KnownPoints.north11_9, at: 1, speed: 1)) == .accepted)
        // 100 m − 11.9 m = 88.1 m in 7 s = 12.6 m/s: rejected; in 8 s = 11.0 m/s: accepted.
        #expect(f.evaluate(fix(KnownPoints.north100, at: 8, speed: 1)) == .rejected(.impossibleSpeed))
        #expect(f.evaluate(fix(KnownPoints.north100, at: 9, speed: 1)) == .accepted)
    }

    @Test func duplicatesUnderOneMetre() {
        var f = PositionFilter()
        _ = f.evaluate(fix(KnownPoints.origin, at: 0, accuracy: nil))
        #expect(f.evaluate(fix(KnownPoints.north0_5, at: 1, accuracy: nil)) == .rejected(.duplicate))
        #expect(f.evaluate(fix(KnownPoints.east0_9, at: 2, accuracy: nil)) == .rejected(.duplicate))
        #expect(f.evaluate(fix(KnownPoints.north1_1, at: 3, accuracy: nil)) == .accepted)
        #expect(f.counters.rejected[.duplicate] == 2)
    }

    @Test func stationaryJitterHeldInsideTheAccuracyCircle() {
        var f = PositionFilter()
        _ = f.evaluate(fix(KnownPoints.origin, at: 0, accuracy: 8))
        // Reported speed 0.2 m/s, 5 m away, accuracy 8 m: jitter.
        #expect(f.evaluate(fix(KnownPoints.northEast5, at: 1, accuracy: 8, speed: 0.2)) == .rejected(.stationaryJitter))
        // Same spot but the receiver says 1.2 m/s: a real step.
        #expect(f.evaluate(fix(KnownPoints.northEast5, at: 2, accuracy: 8, speed: 1.2)) == .accepted)
        // 10 m from the origin... counted from the new anchor (5 m NE) it is about 6.4 m: still
        // inside 8 m and slow: held.
        #expect(f.evaluate(fix(KnownPoints.north10, at: 3, accuracy: 8, speed: 0.1)) == .rejected(.stationaryJitter))
        // 20 m north is ~16 m from the anchor: outside the circle, accepted though slow.
        #expect(f.evaluate(fix(KnownPoints.north20, at: 60, accuracy: 8, speed: 0.1)) == .accepted)
        // Without a reported speed the implied speed is used: 10 m in 100 s = 0.1 m/s, inside 12 m.
        var g = PositionFilter()
        _ = g.evaluate(fix(KnownPoints.origin, at: 0, accuracy: 12))
        #expect(g.evaluate(fix(KnownPoints.north10, at: 100, accuracy: 12)) == .rejected(.stationaryJitter))
        #expect(g.evaluate(fix(KnownPoints.north10, at: 101, accuracy: nil)) == .accepted)
    }

    @Test func outOfOrderAndNoPosition() {
        var f = PositionFilter()
        #expect(f.evaluate(fix(KnownPoints.origin, at: 0, mode: .none)) == .rejected(.noPosition))
        #expect(f.evaluate(fix(Coordinate(latitude: 91, longitude: 0), at: 0)) == .rejected(.noPosition))
        _ = f.evaluate(fix(KnownPoints.origin, at: 10))
        #expect(f.evaluate(fix(KnownPoints.north20, at: 10)) == .rejected(.outOfOrder))
        #expect(f.evaluate(fix(KnownPoints.north20, at: 5)) == .rejected(.outOfOrder))
        #expect(f.counters.totalRejected == 4)
    }

    /// gpsd repeats an epoch: the second copy (same time, same place) is a duplicate, not out of
    /// order; the same time elsewhere (20 m off) still is out of order.
    @Test func aRepeatedEpochIsADuplicateNotOutOfOrder() {
        var f = PositionFilter()
        #expect(f.evaluate(fix(KnownPoints.origin, at: 10)) == .accepted)
        #expect(f.evaluate(fix(KnownPoints.origin, at: 10)) == .rejected(.duplicate))
        #expect(f.evaluate(fix(KnownPoints.north20, at: 10)) == .rejected(.outOfOrder))
        #expect(f.counters.rejected == [.duplicate: 1, .outOfOrder: 1])
    }

    @Test func reanchorsAfterFiveSpeedRejections() {
        var f = PositionFilter()
        // A bad first fix 100 m off, then the true position repeatedly at 1 s intervals.
        _ = f.evaluate(fix(KnownPoints.north100, at: 0))
        var decisions: [FilterDecision] = []
        for i in 1...7 {
            decisions.append(f.evaluate(fix(i % 2 == 0 ? KnownPoints.origin : KnownPoints.north1_1, at: Double(i))))
        }
        #expect(Array(decisions.prefix(5)) == Array(repeating: .rejected(.impossibleSpeed), count: 5))
        #expect(decisions[5] == .accepted)  // sixth: new anchor
        #expect(decisions[6] == .accepted)  // 1.1 m from it in 1 s
        #expect(f.counters.reanchors == 1)
    }
}

import Foundation
import Testing
@testable import TrailCore

/// Hand-computed cases for the elevation rules: hysteresis gain/loss (T = 5 m), steepest grade
/// (≥ 100 m window), DIN 33466 walking time, ranges and the profile.
struct ElevationStatisticsTests {
    let calculator = StatisticsCalculator()

    func stats(_ elevations: [Double?], spacing: Double = 10) -> TrackStatistics {
        let d = elevations.indices.map { Double($0) * spacing }
        return calculator.statistics(for: TestSupport.track(TestSupport.line(distances: d, elevations: elevations)))
    }

    /// 100, 103, 101, 108, 104, 110, 95, 97, 96 with T = 5:
    /// r = 100; 103, 101 stay within 5 m; 108 ≥ 105 → up, x = 108; 104 > 108 − 5 = 103 → no
    /// turn; 110 → x = 110; 95 ≤ 105 → top confirmed: gain += 110 − 100 = 10, r = 110, down,
    /// x = 95; 97 < 95 + 5 and 96 → nothing; end going down: loss += 110 − 95 = 15.
    /// Gain 10, loss 15 (raw sums would be 3+7+6 = 16 up and 2+4+15+1 = 22 down).
    @Test func hysteresisByHand() {
        let s = stats([100, 103, 101, 108, 104, 110, 95, 97, 96])
        #expect(s.elevationGain == 10 && s.elevationLoss == 15)
        #expect(s.minElevation == 95 && s.maxElevation == 110)
    }

    /// ±2 m noise around 100 m never reaches T: gain 0, loss 0.
    @Test func noiseBelowThresholdIsIgnored() {
        let s = stats((0..<200).map { 100 + ($0 % 2 == 0 ? 2 : -2) })
        #expect(s.elevationGain == 0 && s.elevationLoss == 0)
    }

    /// A pending last leg counts once it passed T: 100 → 106 gives gain 6; 100 → 104 gives 0.
    /// A staircase 100, 104, 108, 112 (each step < T, total 12 ≥ T) gives 12.
    @Test func lastLegAndSmallSteps() {
        #expect(stats([100, 106]).elevationGain == 6)
        #expect(stats([100, 104]).elevationGain == 0)
        #expect(stats([100, 104, 108, 112]).elevationGain == 12)
        // The filter restarts in every segment: two segments 100 → 104 each give 0, not 8.
        let a = TestSupport.line(distances: [0, 10], elevations: [100, 104])
        let b = TestSupport.line(distances: [0, 10], elevations: [104, 108])
        #expect(calculator.statistics(for: TestSupport.track(a, b)).elevationGain == 0)
    }

    /// Points every 51 m (not 50: a window of exactly 100 m would hinge on rounding);
    /// elevations 0, 5, 10, 30, 35, 35. The window pairs each point with the latest point at
    /// least 100 m behind: (0,2) → 10/102, (1,3) → 25/102, (2,4) → 25/102, (3,5) → 5/102.
    /// Steepest +25/102 = 0.2451 (the 20 m jump between two points 51 m apart, a 39 % step,
    /// is never measured alone).
    @Test func steepestGradeOverWindow() {
        let s = stats([0, 5, 10, 30, 35, 35], spacing: 51)
        #expect(abs((s.steepestGrade ?? 0) - 25.0 / 102) < 1e-6)
        // Downhill: the same reversed is −25/102 (signed in the direction of travel).
        let d = stats([35, 35, 30, 10, 5, 0], spacing: 51)
        #expect(abs((d.steepestGrade ?? 0) + 25.0 / 102) < 1e-6)
        // Shorter than the window: no grade.
        #expect(stats([0, 50], spacing: 51).steepestGrade == nil)
    }

    /// DIN 33466, by hand:
    /// - flat 4 km, no elevation: 4 000 m / (4 km/h) = 1 h = 3 600 s;
    /// - 2 km rising 600 m (+30 m per 100 m) then 2 km falling 600 m: climb section
    ///   t_h = 1 800 s, t_v = 600 / 300 h = 7 200 s → 7 200 + 900 = 8 100 s; descent section
    ///   t_h = 1 800 s, t_v = 600 / 500 h = 4 320 s → 4 320 + 900 = 5 220 s; total 13 320 s.
    @Test func walkingTimeByHand() {
        let flat = TestSupport.track(TestSupport.line(distances: (0...40).map { Double($0) * 100 }))
        #expect(abs(calculator.estimatedWalkingTime(flat) - 3600) < 0.01)
        let up = (0...20).map { Double($0) * 30 }
        let profile = up + up.reversed().dropFirst()
        let hill = TestSupport.track(TestSupport.line(distances: profile.indices.map { Double($0) * 100 },
                                                      elevations: profile))
        #expect(abs(calculator.estimatedWalkingTime(hill) - 13_320) < 0.01)
        #expect(calculator.statistics(for: hill).elevationGain == 600)
    }

    /// Two segments of 3 points, 100 m apart, elevations 100, 110, 120 | 200, 190, 180.
    /// Flattened indices 0…5. Range 1…4: segment one's points 1–2 (100 m, +10 m) and segment
    /// two's points 3–4 (100 m, −10 m): distance 200 m, gain 10, loss 10, 2 segments, 4 points.
    @Test func pointRangeAcrossSegments() {
        let a = TestSupport.line(distances: [0, 100, 200], elevations: [100, 110, 120], times: [0, 60, 120])
        let b = TestSupport.line(from: Coordinate(latitude: 46.1, longitude: 7), distances: [0, 100, 200],
                                 elevations: [200, 190, 180], times: [600, 660, 720])
        let track = TestSupport.track(a, b)
        let s = calculator.statistics(for: track, pointRange: 1...4)
        #expect(s.pointCount == 4 && s.segmentCount == 2)
        #expect(abs(s.distance - 200) < 0.001)
        #expect(s.elevationGain == 10 && s.elevationLoss == 10)
        #expect(s.elapsedTime == 120)
        #expect(calculator.statistics(for: track, pointRange: 0...99) == calculator.statistics(for: track))
        #expect(calculator.statistics(for: track, pointRange: 7...9).pointCount == 0)

        // The profile: distance carries on over the gap; 0, 100, 200, 200, 300, 400.
        let profile = ElevationProfile(track: track)
        #expect(profile.count == 6 && profile.segmentStartIndices == [0, 3])
        for (d, e) in zip(profile.distances, [0.0, 100, 200, 200, 300, 400]) { #expect(abs(d - e) < 0.001) }
        #expect(profile.elevations[3] == 200 && profile.times[5] == Date(timeIntervalSince1970: 1_600_000_720))
        // Distance range 150…350 m → points at 200, 200, 300 → indices 2…4.
        #expect(profile.pointRange(forDistances: 150...350) == 2...4)
        #expect(profile.pointRange(forDistances: 410...500) == nil)
        let r = calculator.statistics(for: track, distanceRange: 150...350)
        #expect(r.pointCount == 3 && abs(r.distance - 100) < 0.001)
    }

    /// TrackStatistics stays Codable with every field.
    @Test func statisticsRoundTripThroughJSON() throws {
        let a = TestSupport.line(distances: [0, 100, 200], elevations: [100, 110, 120], times: [0, 60, 120])
        let s = calculator.statistics(for: TestSupport.track(a))
        let back = try JSONDecoder().decode(TrackStatistics.self, from: JSONEncoder().encode(s))
        #expect(back == s)
    }
}

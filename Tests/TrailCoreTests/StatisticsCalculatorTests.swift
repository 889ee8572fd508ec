import Foundation
import Testing
@testable import TrailCore

/// Synthetic tracks with hand-computed answers. Tracks are built along geodesics with
/// ``Geodesy/destination(from:distance:bearing:)``, so their lengths are known to Vincenty's
/// 0.5 mm (checked against GeographicLib in GeodesyTests).
struct StatisticsCalculatorTests {
    let calculator = StatisticsCalculator()

    /// Walk 1 h at 1.25 m/s (a point every 10 s), stand still 1 h (a point every 10 s, same
    /// place), walk 1 h. Elapsed 10 800 s; moving: every 60 s chunk of the walks moves
    /// (75 m / 60 s = 1.25 m/s ≥ 0.25), every chunk of the stop has 0 displacement → 7 200 s;
    /// moving distance 2 × 4 500 m; moving average 9 000 / 7 200 = 1.25 m/s; overall
    /// 9 000 / 10 800 = 0.8333 m/s.
    @Test func lunchStopIsNotMovingTime() {
        var distances: [Double] = [], times: [Double] = []
        for i in 0...1080 {
            let t = Double(i) * 10
            times.append(t)
            distances.append(t <= 3600 ? 1.25 * t : (t <= 7200 ? 4500 : 4500 + 1.25 * (t - 7200)))
        }
        let s = calculator.statistics(for: TestSupport.track(TestSupport.line(distances: distances, times: times)))
        #expect(abs(s.distance - 9000) < 0.001)
        #expect(s.elapsedTime == 10_800)
        #expect(s.movingTime == 7200)
        #expect(abs((s.movingDistance ?? 0) - 9000) < 0.001)
        #expect(abs((s.movingAverageSpeed ?? 0) - 1.25) < 1e-6)
        #expect(abs((s.averageSpeed ?? 0) - 9000.0 / 10_800) < 1e-6)
        #expect(abs((s.movingPace ?? 0) - 800) < 0.01)  // 1000 m / 1.25 m/s
        #expect(s.startTime == Date(timeIntervalSince1970: 1_600_000_000))
        #expect(s.endTime == Date(timeIntervalSince1970: 1_600_010_800))
    }

    /// The same hike where the stop is a single 1 h pair (auto-pause without a new segment):
    /// the pair is a chunk of its own (0 displacement) and does not swallow the walking
    /// before it. Moving exactly 7 200 s.
    @Test func stopRecordedAsOnePair() {
        var distances: [Double] = [], times: [Double] = []
        for i in 0...360 { times.append(Double(i) * 10); distances.append(12.5 * Double(i)) }
        for i in 0...360 { times.append(7200 + Double(i) * 10); distances.append(4500 + 12.5 * Double(i)) }
        let s = calculator.statistics(for: TestSupport.track(TestSupport.line(distances: distances, times: times)))
        #expect(s.elapsedTime == 10_800)
        #expect(s.movingTime == 7200)
        #expect(abs((s.movingAverageSpeed ?? 0) - 1.25) < 1e-6)
    }

    /// A stop at 1 Hz where the fix wanders ±2 m east–west: per-pair speeds of 4 m/s, but
    /// each 60 s chunk ends within 4 m of where it began (≤ 0.07 m/s) → still stopped.
    /// Moving time stays 2 × 600 s; the jitter does add path distance (4 m per pair).
    @Test func gpsJitterWhileStoppedIsNotMoving() {
        let start = Coordinate(latitude: 46, longitude: 7)
        var points: [Trackpoint] = []
        let epoch = Date(timeIntervalSince1970: 0)
        for i in 0...600 { points.append(Trackpoint(start.coordinate(at: 1.25 * Double(i), bearing: 0), time: epoch + Double(i))) }
        let stop = start.coordinate(at: 750, bearing: 0)
        for i in 1...600 {
            points.append(Trackpoint(stop.coordinate(at: i % 2 == 0 ? 2 : -2, bearing: 90), time: epoch + Double(600 + i)))
        }
        for i in 1...600 {
            points.append(Trackpoint(stop.coordinate(at: 1.25 * Double(i), bearing: 0), time: epoch + Double(1200 + i)))
        }
        let s = calculator.statistics(for: TestSupport.track(points))
        #expect(s.elapsedTime == 1800)
        #expect(s.movingTime == 1200)
        #expect(s.distance > 1500 + 599 * 4 - 1)
    }

    /// 10 min at 1.25 m/s, 1 Hz, with point 300 thrown 200 m sideways (a spike of ~200 m/s
    /// per pair and 10 m/s over a 20 s window). The spike ends one window and starts another,
    /// never 3 of 5 consecutive ones, so the window median stays the walking speed. But the
    /// spike is path: 2 × √(200² + 1.25²) = 400.0078 m replace 2.5 m, so distance is
    /// 1 147.5078 m and both averages (every 60 s chunk moves) are 1 147.5078 / 600 =
    /// 1.91251 m/s; max speed is raised to that — far below the spike's 10 m/s.
    /// Without the median (span 1) it would be ~10 m/s: the test can fail. The median is tested
    /// with the stray-fix rule off; with it on (the default) the spike is a stray fix (200 m/s
    /// to both neighbours while they are 2.5 m apart) and is left out: 750 m in 600 s.
    @Test func singleSpikeDoesNotSetMaxSpeed() {
        let distances = (0...600).map { 1.25 * Double($0) }
        var points = TestSupport.line(distances: distances, times: distances.indices.map(Double.init))
        points[300] = Trackpoint(points[300].coordinate.coordinate(at: 200, bearing: 90), time: points[300].time)
        let withStrays = calculator.statistics(for: TestSupport.track(points))
        #expect(abs(withStrays.distance - 750) < 1e-3 && abs((withStrays.averageSpeed ?? 0) - 1.25) < 1e-4)
        #expect(withStrays.pointCount == 601)
        let calculator = StatisticsCalculator(configuration: StatisticsConfiguration(strayFixRule: nil))
        let s = calculator.statistics(for: TestSupport.track(points))
        let spikePath: Double = 2 * (200.0 * 200 + 1.25 * 1.25).squareRoot()
        let average: Double = (750 - 2.5 + spikePath) / 600
        #expect(abs((s.averageSpeed ?? 0) - average) < 1e-4 && abs((s.movingAverageSpeed ?? 0) - average) < 1e-4)
        #expect(abs((s.maxSpeed ?? 0) - average) < 1e-4)
        let raw = StatisticsCalculator(configuration: StatisticsConfiguration(speedMedianSpan: 1, strayFixRule: nil))
        #expect((raw.statistics(for: TestSupport.track(points)).maxSpeed ?? 0) > 9)
        // Without the spike the windows and both averages are the walking speed.
        let clean = calculator.statistics(for: TestSupport.track(TestSupport.line(distances: distances,
                                                                                  times: distances.indices.map(Double.init))))
        #expect(abs((clean.maxSpeed ?? 0) - 1.25) < 0.0125)
    }

    /// A sparse track (one point a minute at 1.25 m/s, so every window is one pair) with one
    /// spike 500 m sideways: it touches two consecutive pair windows, 2 of 5, so the window
    /// median stays 1.25 m/s; the spike's path 2 × √(500² + 75²) = 1 011.19 m replaces 150 m,
    /// so both averages are (4 500 − 150 + 1 011.19) / 3 600 = 1.48922 m/s and max speed is
    /// that. A real 5-minute burst at 3 m/s (no spike) is reported as 3 m/s.
    @Test func sparseTrackSpikeAndRealBurst() {
        var distances = (0...60).map { 75 * Double($0) }
        let times = distances.indices.map { 60 * Double($0) }
        var points = TestSupport.line(distances: distances, times: times)
        points[30] = Trackpoint(points[30].coordinate.coordinate(at: 500, bearing: 90), time: points[30].time)
        let spikePath: Double = 2 * (500.0 * 500 + 75.0 * 75).squareRoot()
        let average: Double = (4500 - 150 + spikePath) / 3600
        let spiked = calculator.statistics(for: TestSupport.track(points))
        #expect(abs((spiked.averageSpeed ?? 0) - average) < 1e-4)
        #expect(abs((spiked.maxSpeed ?? 0) - average) < 1e-4)
        // Minutes 40–45 at 3 m/s (180 m per minute), later points shifted accordingly.
        for i in 41...60 { distances[i] += Double(min(i, 45) - 40) * 105 }
        let burst = TestSupport.line(distances: distances, times: times)
        #expect(abs((calculator.statistics(for: TestSupport.track(burst)).maxSpeed ?? 0) - 3) < 0.03)
    }

    /// Timestamps 0, 10, 20, 5, 30, 40 s with 12.5 m steps: 5 lies outside [20, 30] while 20
    /// and 30 agree, a single out-of-order time: that point counts as untimed (its distance
    /// stays inside the 20 → 30 step). Elapsed 40 s = last − first; distance 62.5 m, all of it
    /// timed; average 62.5 / 40 m/s; nothing negative or infinite.
    @Test func backwardsTimestamps() {
        let points = TestSupport.line(distances: [0, 12.5, 25, 37.5, 50, 62.5], times: [0, 10, 20, 5, 30, 40])
        let s = calculator.statistics(for: TestSupport.track(points))
        #expect(s.elapsedTime == 40)
        #expect(abs(s.distance - 62.5) < 0.001)
        #expect(abs((s.averageSpeed ?? 0) - 62.5 / 40) < 1e-6)
        #expect(s.endTime == Date(timeIntervalSince1970: 1_600_000_040))
        for v in [s.averageSpeed, s.movingAverageSpeed, s.maxSpeed].compactMap({ $0 }) { #expect(v.isFinite && v >= 0) }
        // Entirely reversed and duplicate times: every step back is a break (the neighbours
        // disagree too), each run lasts 0 s, no time at all passes.
        let reversed = TestSupport.line(distances: [0, 10, 20, 30], times: [30, 20, 20, 10])
        let r = calculator.statistics(for: TestSupport.track(reversed))
        #expect(r.elapsedTime == 0 && r.averageSpeed == nil && r.movingAverageSpeed == nil && r.maxSpeed == nil)
        #expect(abs(r.distance - 30) < 0.001)
    }

    @Test func singlePoint() {
        let p = TestSupport.line(distances: [0], elevations: [1234], times: [0])
        let s = calculator.statistics(for: TestSupport.track(p))
        #expect(s.pointCount == 1 && s.segmentCount == 1 && s.distance == 0)
        // One timed point times nothing: the durations are unknown, not 0 (DECISIONS 1076).
        #expect(s.elapsedTime == nil && s.movingTime == nil && s.averageSpeed == nil && s.maxSpeed == nil)
        #expect(s.startTime == p[0].time && s.endTime == p[0].time)
        #expect(s.minElevation == 1234 && s.maxElevation == 1234 && s.elevationGain == 0 && s.elevationLoss == 0)
        #expect(s.steepestGrade == nil)
        #expect(s.boundingBox == BoundingBox(p[0].coordinate))
        #expect(s.estimatedWalkingTime == 0)
    }

    @Test func emptyTrackAndEmptySegment() {
        let empty = calculator.statistics(for: Track())
        #expect(empty == TrackStatistics())
        #expect(empty.boundingBox == nil && empty.elapsedTime == nil && empty.minElevation == nil)
        let s = calculator.statistics(for: Track(segments: [TrackSegment()]))
        #expect(s.segmentCount == 1 && s.pointCount == 0 && s.distance == 0 && s.boundingBox == nil)
        #expect(calculator.statistics(for: [Track]()) == TrackStatistics())
    }

    /// Missing elevations are skipped, never read as 0; no elevation at all gives nil.
    @Test func missingElevationIsSkipped() {
        let p = TestSupport.line(distances: [0, 100, 200, 300], elevations: [nil, 812, nil, 803])
        let s = calculator.statistics(for: TestSupport.track(p))
        #expect(s.minElevation == 803 && s.maxElevation == 812)
        #expect(s.elevationGain == 0 && s.elevationLoss == 9)
        let none = calculator.statistics(for: TestSupport.track(TestSupport.line(distances: [0, 100])))
        #expect(none.minElevation == nil && none.elevationGain == nil && none.steepestGrade == nil)
    }

    /// Two segments 5 km apart: the gap is not distance, times do not span it.
    @Test func segmentGapIsNotCounted() {
        let a = TestSupport.line(distances: [0, 100, 200], times: [0, 60, 120])
        let b = TestSupport.line(from: Coordinate(latitude: 46.05, longitude: 7), distances: [0, 150], times: [3600, 3720])
        let track = TestSupport.track(a, b)
        let s = calculator.statistics(for: track)
        #expect(abs(s.distance - 350) < 0.001)
        #expect(s.elapsedTime == 240 && s.segmentCount == 2 && s.pointCount == 5)
        #expect(s.totalTime == 3720)  // 240 s in the segments + the 3 480 s pause between them
        #expect(s.endTime == Date(timeIntervalSince1970: 1_600_003_720))
        let parts = calculator.segmentStatistics(for: track)
        #expect(TrackStatistics.merged(parts) == s)
        // A hike of the track twice is the merge of both.
        let hike = calculator.statistics(for: [track, track])
        #expect(abs(hike.distance - 700) < 0.002 && hike.elapsedTime == 480 && hike.segmentCount == 4)
        // The second copy starts before the first ended: no pause is added (3 720 + 120 + 120).
        #expect(hike.totalTime == 3960)
    }
}

import Foundation
import Testing
@testable import TrailCore

/// The time-line rules of ``StatisticsCalculator`` (breaks, single out-of-order times, timed
/// distance, total time, max speed never below the averages) on synthetic tracks with
/// hand-computed answers. Tracks run along a geodesic (``TestSupport/line``), so distances are
/// known to Vincenty's 0.5 mm.
struct TimeLineTests {
    let calculator = StatisticsCalculator()
    static let year = 365.0 * 86_400

    /// Points every `step` seconds from `t0` for `duration` seconds at `speed` m/s, starting
    /// `d0` metres along the line; returns (distances, times).
    static func walk(from d0: Double, at t0: Double, speed: Double, duration: Double, step: Double = 10)
        -> ([Double], [Double]) {
        let n = Int(duration / step)
        return ((0...n).map { d0 + speed * Double($0) * step }, (0...n).map { t0 + Double($0) * step })
    }

    /// One segment spliced from three recordings (like adrutas-180430_b: 2016, then 2010, then
    /// 2018): 1 h at 1.25 m/s, 30 min at 1 m/s six years earlier, 15 min at 1.5 m/s 1.6 years
    /// later; the joins are 13 m and 27 m long. Each recording counts its own duration:
    /// elapsed 3 600 + 1 800 + 900 = 6 300 s; timed distance 4 500 + 1 800 + 1 350 = 7 650 m
    /// (the two join pairs are distance, 7 690 m in all, but not timed); average
    /// 7 650 / 6 300 m/s; every chunk moves; max speed 1.5 m/s (the fastest recording). The old
    /// "time only moves forward" rule gave 1.6 years of elapsed time and ~0 km/h.
    @Test func splicedRecordingsCountEachRunOnce() {
        let a = Self.walk(from: 0, at: 0, speed: 1.25, duration: 3600)
        let b = Self.walk(from: 4500 + 13, at: -6 * Self.year, speed: 1, duration: 1800)
        let c = Self.walk(from: 4513 + 1800 + 27, at: 1.6 * Self.year, speed: 1.5, duration: 900)
        let points = TestSupport.line(distances: a.0 + b.0 + c.0, times: a.1 + b.1 + c.1)
        let s = calculator.statistics(for: TestSupport.track(points))
        #expect(abs(s.distance - 7690) < 0.001)
        #expect(s.elapsedTime == 6300 && s.totalTime == 6300 && s.movingTime == 6300)
        #expect(abs((s.timedDistance ?? 0) - 7650) < 0.001)
        #expect(abs((s.averageSpeed ?? 0) - 7650.0 / 6300) < 1e-6)
        #expect(abs((s.movingAverageSpeed ?? 0) - 7650.0 / 6300) < 1e-6)
        #expect(abs((s.maxSpeed ?? 0) - 1.5) < 0.0015)
        #expect(s.startTime == Date(timeIntervalSince1970: 1_600_000_000))
        #expect(abs((s.endTime?.timeIntervalSince1970 ?? 0) - (1_600_000_000 + 1.6 * Self.year + 900)) < 1e-3)
    }

    /// 10 min at 1 Hz and 1.25 m/s; point 200 carries a time one year ahead, point 400 one
    /// hour behind. Each lies outside [previous, next] while its neighbours agree, so it is
    /// treated as untimed: elapsed 600 s, all 750 m timed, max speed 1.25 m/s. Without the
    /// rule, point 200 would split the segment into runs (a +1 year break, then a −1 year
    /// one) and lose two seconds; point 400 would start a run that counts an hour twice.
    @Test func singleOutOfOrderTimesAreIgnored() {
        let w = Self.walk(from: 0, at: 0, speed: 1.25, duration: 600, step: 1)
        var times = w.1
        times[200] += Self.year
        times[400] -= 3600
        let s = calculator.statistics(for: TestSupport.track(TestSupport.line(distances: w.0, times: times)))
        #expect(s.elapsedTime == 600 && s.totalTime == 600 && s.movingTime == 600)
        #expect(abs((s.timedDistance ?? 0) - 750) < 0.001)
        #expect(abs((s.maxSpeed ?? 0) - 1.25) < 0.0015)
        #expect(s.endTime == Date(timeIntervalSince1970: 1_600_000_600))
    }

    /// Two 1 h walks at 1.25 m/s (a point a minute) with a night stop of `night` seconds
    /// between them recorded as one pair, in one segment — and the same trek as one segment
    /// per day.
    func trek(night: Double, oneSegment: Bool, configuration: StatisticsConfiguration = .standard) -> TrackStatistics {
        let day1 = Self.walk(from: 0, at: 0, speed: 1.25, duration: 3600, step: 60)
        let day2 = Self.walk(from: 4500, at: 3600 + night, speed: 1.25, duration: 3600, step: 60)
        let calc = StatisticsCalculator(configuration: configuration)
        if oneSegment {
            return calc.statistics(for: TestSupport.track(TestSupport.line(distances: day1.0 + day2.0, times: day1.1 + day2.1)))
        }
        return calc.statistics(for: TestSupport.track(TestSupport.line(distances: day1.0, times: day1.1),
                                                      TestSupport.line(distances: day2.0, times: day2.1)))
    }

    /// A 15 h night inside one segment is a stop, not a break: elapsed 2 h + 15 h = 61 200 s,
    /// moving 7 200 s (the night pair is a chunk of its own that does not move), moving average
    /// 1.25 m/s, average 9 000 / 61 200 m/s. Recorded as one segment per day: elapsed 7 200 s,
    /// total time 61 200 s (the night between segments counts there), the same moving time.
    /// Exactly 24 h still counts; 24 h + 1 s is a break (elapsed 7 200 s, nothing for the
    /// night); a configured 12 h limit makes the 15 h night a break.
    @Test func nightStopsCountBreaksDoNot() {
        let one = trek(night: 15 * 3600, oneSegment: true)
        #expect(one.elapsedTime == 61_200 && one.totalTime == 61_200 && one.movingTime == 7200)
        #expect(abs((one.movingAverageSpeed ?? 0) - 1.25) < 1e-6)
        #expect(abs((one.averageSpeed ?? 0) - 9000.0 / 61_200) < 1e-6)
        #expect(abs((one.timedDistance ?? 0) - 9000) < 0.001)
        let days = trek(night: 15 * 3600, oneSegment: false)
        #expect(days.elapsedTime == 7200 && days.totalTime == 61_200 && days.movingTime == 7200)
        #expect(abs((days.movingAverageSpeed ?? 0) - 1.25) < 1e-6)

        let full = trek(night: 86_400, oneSegment: true), fullDays = trek(night: 86_400, oneSegment: false)
        #expect(full.elapsedTime == 93_600 && fullDays.totalTime == 93_600)
        let broken = trek(night: 86_401, oneSegment: true)
        #expect(broken.elapsedTime == 7200 && broken.totalTime == 7200 && broken.movingTime == 7200)
        #expect(abs((broken.averageSpeed ?? 0) - 1.25) < 1e-6)
        #expect(trek(night: 86_401, oneSegment: false).totalTime == 7200)
        let twelve = trek(night: 15 * 3600, oneSegment: true, configuration: StatisticsConfiguration(timeBreak: 12 * 3600))
        #expect(twelve.elapsedTime == 7200)
    }

    /// Points at 0–800 m every 100 m; only 300 m (t 0 s), 400 m (100 s) and 600 m (200 s)
    /// have times. Timed distance 300 m (300 → 600, the untimed 500 m point inside), elapsed
    /// 200 s, average 1.5 m/s — the old rule divided all 800 m by 200 s (4 m/s). Moving: two
    /// 100 s chunks, 100 m and 200 m → 1.5 m/s. Windows 1.0 and 2.0 m/s, lower median 1.0,
    /// so max speed is raised to the averages: 1.5 m/s.
    @Test func untimedStretchesAreNotTimedDistance() {
        let times: [Double?] = [nil, nil, nil, 0, 100, nil, 200, nil, nil]
        let points = TestSupport.line(distances: (0...8).map { 100 * Double($0) }, times: times)
        let s = calculator.statistics(for: TestSupport.track(points))
        #expect(abs(s.distance - 800) < 0.001 && abs((s.timedDistance ?? 0) - 300) < 0.001)
        #expect(s.elapsedTime == 200 && s.movingTime == 200)
        #expect(abs((s.averageSpeed ?? 0) - 1.5) < 1e-6 && abs((s.movingAverageSpeed ?? 0) - 1.5) < 1e-6)
        #expect(abs((s.maxSpeed ?? 0) - 1.5) < 1e-6)
    }

    /// Like togeojson-osm's "dc.zip": three points per whole second, the middle one 30 m to
    /// the side, while the receiver moves 1 m/s north for 60 s. The path (~61 m per second) is
    /// all inside the time line, so both averages are ~61 m/s while every 20 s window moves
    /// 20 m (1 m/s): max speed is raised to the averages, never below them.
    @Test func zigzagWithSharedTimestampsKeepsMaxAboveAverage() {
        let start = Coordinate(latitude: 46, longitude: 7)
        var points: [Trackpoint] = []
        for second in 0...60 {
            let base = start.coordinate(at: Double(second), bearing: 0)
            let time = Date(timeIntervalSince1970: 1_600_000_000 + Double(second))
            points += [Trackpoint(base, time: time), Trackpoint(base.coordinate(at: 30, bearing: 90), time: time),
                       Trackpoint(base, time: time)]
        }
        let s = calculator.statistics(for: TestSupport.track(points))
        #expect(s.elapsedTime == 60 && (s.averageSpeed ?? 0) > 60)
        #expect(s.maxSpeed == max(s.averageSpeed ?? 0, s.movingAverageSpeed ?? 0))
    }

    /// togeojson-missing_hr's shape: segments at 0–2 s, 30–68 s and 120–122 s. Elapsed
    /// 2 + 38 + 2 = 42 s; total time adds the pauses 28 s and 52 s: 122 s, first to last.
    /// A hike of tracks: a next track starting 25 h after the latest end, or before it,
    /// adds no pause; one starting 1 h after adds 3 600 s.
    @Test func totalTimeCountsPausesBetweenSegmentsAndTracks() {
        let seg = { (t0: Double, d: Double) in
            TestSupport.line(from: Coordinate(latitude: 46, longitude: 7 + t0 / 1e5), distances: [0, d / 2, d],
                             times: [t0, t0 + d / 2, t0 + d])
        }
        let track = TestSupport.track(seg(0, 2), seg(30, 38), seg(120, 2))
        let s = calculator.statistics(for: track)
        #expect(s.elapsedTime == 42 && s.totalTime == 122)
        #expect(calculator.segmentStatistics(for: track).map(\.totalTime) == [2, 38, 2])
        let t1 = TestSupport.track(seg(0, 100))
        let late = TestSupport.track(seg(100 + 25 * 3600, 100))
        let early = TestSupport.track(seg(50, 100))
        let hour = TestSupport.track(seg(100 + 3600, 100))
        #expect(calculator.statistics(for: [t1, late]).totalTime == 200)
        #expect(calculator.statistics(for: [t1, early]).totalTime == 200)
        #expect(calculator.statistics(for: [t1, hour]).totalTime == 3800)
        // Pauses are measured from the latest end so far: t1 (0–100), early (50–150), then a
        // track at 250 s: the pause is 250 − 150 = 100 s.
        #expect(calculator.statistics(for: [t1, early, TestSupport.track(seg(250, 100))]).totalTime == 400)
    }

    /// Random segments — steps of 1–90 s, some points untimed, now and then a clock jump (back
    /// a year, or two days ahead), GPS spikes and jitter; on even seeds also equal times and
    /// single wrong times — never break the invariants: both averages ≤ max speed, moving ≤
    /// elapsed ≤ total time, timed distance ≤ distance, everything finite and non-negative.
    /// On odd seeds (no shared or wrong times) also max speed ≤ the fastest path speed of two
    /// consecutive timestamped points 0 < Δt ≤ 24 h apart: windows never span a break.
    @Test(arguments: 0..<40)
    func invariantsOnRandomTracks(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let sharedTimes = seed % 2 == 0
        var segments: [[Trackpoint]] = []
        var t = 1_600_000_000.0
        var here = Coordinate(latitude: 46, longitude: 7)
        for _ in 0..<(1 + Int(rng.next() % 3)) {
            var points: [Trackpoint] = []
            for _ in 0..<(2 + Int(rng.next() % 400)) {
                let r = rng.unit()
                var dt = sharedTimes && r < 0.1 ? 0 : 1 + 89 * rng.unit()
                if r > 0.99 { dt = -Self.year } else if r > 0.98 { dt = 2 * 86_400 }
                t += dt
                here = here.coordinate(at: 3 * rng.unit() * max(dt, 0).squareRoot(), bearing: 360 * rng.unit())
                var time: Date? = Date(timeIntervalSince1970: t)
                if rng.unit() < 0.05 { time = nil }
                if sharedTimes && rng.unit() < 0.01 { time = Date(timeIntervalSince1970: t + 5000) }  // a wrong time
                let spike = rng.unit() < 0.02 ? here.coordinate(at: 300, bearing: 90) : here
                points.append(Trackpoint(spike, time: time))
            }
            segments.append(points)
            t += 3600 * rng.unit()
        }
        let track = Track(segments: segments.map { TrackSegment(points: $0) })
        let s = calculator.statistics(for: track)
        for part in calculator.segmentStatistics(for: track) + [s] {
            let values = [part.elapsedTime, part.totalTime, part.movingTime, part.timedDistance, part.averageSpeed,
                          part.movingAverageSpeed, part.maxSpeed].compactMap { $0 }
            #expect(values.allSatisfy { $0.isFinite && $0 >= 0 }, "seed \(seed)")
            if let a = part.averageSpeed { #expect(a <= part.maxSpeed ?? -1, "seed \(seed)") }
            if let a = part.movingAverageSpeed { #expect(a <= part.maxSpeed ?? -1, "seed \(seed)") }
            #expect((part.movingTime ?? 0) <= (part.elapsedTime ?? 0) + 1e-9, "seed \(seed)")
            #expect((part.elapsedTime ?? 0) <= (part.totalTime ?? 0) + 1e-9, "seed \(seed)")
            #expect((part.timedDistance ?? 0) <= part.distance + 1e-9, "seed \(seed)")
        }
        guard !sharedTimes, let maxSpeed = s.maxSpeed else { return }
        var fastest = 0.0
        for seg in segments {
            var path = 0.0, last: (time: Double, path: Double)?
            for (i, p) in seg.enumerated() {
                if i > 0 { path += Geodesy.distance(from: seg[i - 1].coordinate, to: p.coordinate) }
                guard let time = p.time?.timeIntervalSince1970 else { continue }
                if let l = last, time - l.time > 0, time - l.time <= 86_400 {
                    fastest = max(fastest, (path - l.path) / (time - l.time))
                }
                last = (time, path)
            }
        }
        #expect(maxSpeed <= fastest * 1.001, "seed \(seed): \(maxSpeed) > \(fastest)")
    }
}

/// SplitMix64 (Steele, Lea, Flood 2014): a seeded generator, so random tests repeat exactly.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform in [0, 1).
    mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }
}

import Foundation
import Testing
@testable import TrailCore

/// The stray-fix rule on constructed walks whose strays are known by construction.
@Suite struct StrayFixRuleTests {
    static let t0 = Date(timeIntervalSince1970: 1_700_000_000)

    /// A walk east along 42.5° N: 1e-4° of longitude (8.2 m) every 10 s, climbing 1 m a step.
    static func walk(_ n: Int, timed: Bool = true) -> [Trackpoint] {
        (0..<n).map { i in
            Trackpoint(latitude: 42.5, longitude: 1.5 + Double(i) * 1e-4, elevation: 1000 + Double(i),
                       time: timed ? t0.addingTimeInterval(Double(i) * 10) : nil)
        }
    }

    func detect(_ points: [Trackpoint], _ rule: StrayFixRule = .standard) -> StrayFixes {
        points.withUnsafeBufferPointer { rule.detect($0) }
    }

    @Test func aCleanWalkHasNoStrays() {
        #expect(detect(Self.walk(50)).isEmpty)
        #expect(detect(Self.walk(50, timed: false)).isEmpty)
    }

    @Test func nullIslandFarJumpAndElevationSpikeAreFound() {
        var points = Self.walk(20)
        points[3].latitude = 0; points[3].longitude = 0           // "no fix"
        points[8].latitude = 12.0                                  // 3,400 km south for one fix
        points[12].elevation = points[12].elevation! + 450         // a spike between neighbours
        points[15].elevation = points[15].elevation! - 300         // a dip
        let found = detect(points)
        #expect(found.positions == [3, 8])
        #expect(found.elevations == [12, 15])
        #expect(found.first == 3 && found.count == 4)
    }

    /// Issue 33: a receiver's wrong GPS height held for three fixes (the shared fenix 2 FIT:
    /// 55 m, then 142.4 m three times, then 56 m, 1 s apart and 3 m apart) is one spike of three
    /// points, found by the timed jump (87 m in 2 s) and the run rule; the same heights without
    /// times (87 m < 100 m), a run of four, or a lift's steady climb are not.
    @Test func aShortPlateauOfWrongHeightsIsASpike() {
        func track(_ heights: [Double], timed: Bool = true) -> [Trackpoint] {
            heights.enumerated().map { i, h in
                Trackpoint(latitude: 58.959 + Double(i) * 3e-5, longitude: 5.7288, elevation: h,
                           time: timed ? Self.t0.addingTimeInterval(Double(i) * (i == 0 ? 0 : 1) + (i > 0 ? 1 : 0)) : nil)
            }
        }
        let fenix = [55, 142.4, 142.4, 142.4, 56, 56.2, 56.2, 56.2, 56, 56, 55.8, 55.6]
        #expect(detect(track(fenix)).elevations == [1, 2, 3])
        #expect(detect(track(fenix, timed: false)).elevations.isEmpty)
        // The figures leave the plateau out: the gain is the walk's own (5 m hysteresis: 0).
        let stats = StatisticsCalculator().statistics(for: Track(segments: [TrackSegment(points: track(fenix))]))
        #expect(stats.elevationGain == 0 && stats.maxElevation == 56.2)
        // Two and one wrong heights, above or below.
        #expect(detect(track([55, 142, 142, 56, 56, 56])).elevations == [1, 2])
        #expect(detect(track([900, 900, 820, 821, 900, 901, 902])).elevations == [2, 3])
        // Four in a row are not a spike run; the endpoint rule then takes the first point for
        // the stray (its one neighbour agrees with the next), as it did before runs.
        #expect(detect(track([55, 142, 142, 142, 142, 56, 56, 56])).elevations == [0])
        // A steady 6 m/s climb (a lift) has no jump; the same steps at 60 m/s would be strays.
        #expect(detect(track((0..<12).map { 1000 + Double($0) * 6 })).elevations.isEmpty)
        // The first point stays when its neighbour is the one in the plateau.
        #expect(!detect(track(fenix)).elevations.contains(0))
        // The incremental statistics give the batch's answer after every point.
        let points = track(fenix + fenix.map { $0 + 10 })
        var inc = IncrementalStatistics()
        for (i, p) in points.enumerated() {
            inc.add(p)
            let batch = StatisticsCalculator().statistics(for: Track(segments: [TrackSegment(points: Array(points[...i]))]))
            #expect(inc.statistics == batch, "after \(i + 1)")
        }
    }

    @Test func runsOfNullIslandAndEndpointsAreFound() {
        var points = Self.walk(20)
        for i in [0, 5, 6, 7] { points[i].latitude = 0; points[i].longitude = 0 }
        points[19].longitude = -120                                 // the last fix on another continent
        #expect(detect(points).positions == [0, 5, 6, 7, 19])
        var first = Self.walk(10)
        first[0].latitude = 48.0                                    // a cold start 600 km away
        #expect(detect(first).positions == [0])
    }

    @Test func untimedJumpsUseTheDistance() {
        var points = Self.walk(10, timed: false)
        points[4].latitude = 43.5                                   // 111 km off, no times
        #expect(detect(points).positions == [4])
        points[4].latitude = 42.9                                   // 44 km: under the 100 km untimed limit
        #expect(detect(points).isEmpty)
    }

    @Test func fastButConsistentTravelIsNotStray() {
        // A train at 60 m/s for the whole track: every step is too fast, but so is the way round
        // each point, so nothing is a stray (the too-fast-walk warning speaks about it instead).
        let train = (0..<10).map { i in
            Trackpoint(latitude: 42.5, longitude: 1.5 + Double(i) * 0.0073, time: Self.t0.addingTimeInterval(Double(i) * 10))
        }
        #expect(detect(train).isEmpty)
    }

    @Test func aRealSummitBetweenSparsePointsIsNotASpike() {
        // Route points 1 km apart: 300 m up to a summit and down again is a slope of 0.3, not a spike.
        let points = (0..<5).map { i in
            Trackpoint(latitude: 42.5, longitude: 1.5 + Double(i) * 0.0122, elevation: i == 2 ? 2300 : 2000)
        }
        #expect(detect(points).isEmpty)
    }

    @Test func statisticsLeaveStraysOutAndMatchTheCleanWalk() {
        var dirty = Self.walk(40)
        dirty.insert(Trackpoint(latitude: 0, longitude: 0, elevation: 0, time: Self.t0.addingTimeInterval(95)), at: 10)
        dirty[25].elevation = dirty[25].elevation! + 600
        var clean = Self.walk(40)
        clean[24].elevation = nil                                   // the spike's point, moved one on by the insert
        let calculator = StatisticsCalculator()
        let unfiltered = StatisticsCalculator(configuration: StatisticsConfiguration(strayFixRule: nil))
        var got = calculator.statistics(for: TrackSegment(points: dirty))
        var want = unfiltered.statistics(for: TrackSegment(points: clean))
        #expect(got.pointCount == 41 && want.pointCount == 40)
        got.pointCount = 40
        #expect(got == want)
        // Independent figures: 39 steps of 1e-4° along 42.5° N, 390 s, 38 m of climb net of the
        // missing elevation, and never the 0,0 point's thousands of kilometres.
        let step = 6_378_137.0 * cos(42.5 * Double.pi / 180) * 1e-4 * Double.pi / 180
        #expect(abs(got.distance - 39 * step) < 39 * step * 0.004)
        #expect(got.elapsedTime == 390)
        #expect(got.maxElevation == 1039 && got.minElevation == 1000)
        want = unfiltered.statistics(for: TrackSegment(points: dirty))
        #expect(want.distance > 9_000_000)                          // what the stray would have done
    }

    @Test func trackViewsUseFlattenedIndices() {
        let a = Self.walk(5)
        var b = Self.walk(6)
        b[2].latitude = 0; b[2].longitude = 0
        b[4].elevation = 5000
        let track = Track(segments: [TrackSegment(points: a), TrackSegment(points: b)])
        let found = track.strayFixes()
        #expect(found.positions == [7] && found.elevations == [9])
        let view = track.withoutStrayFixes()
        #expect(view.segments.count == 2 && view.segments[0].points == a)
        #expect(view.segments[1].points.count == 5)
        #expect(view.segments[1].points[3].elevation == nil)        // b[4], one on after the removed b[2]
        #expect(view.pointCount == 10 && track.pointCount == 11)
    }

    /// The haversine with series for short steps (DECISIONS 661) against the textbook formula
    /// with libm's sin, cos and asin: equal to round-off, short and long steps alike.
    @Test func haversineSeriesEqualsTheTextbookFormula() {
        func textbook(_ a: Trackpoint, _ b: Trackpoint) -> Double {
            let r = 6_371_008.8, rad = Double.pi / 180
            let dLat = (b.latitude - a.latitude) * rad, dLon = (b.longitude - a.longitude) * rad
            let h = sin(dLat / 2) * sin(dLat / 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * sin(dLon / 2) * sin(dLon / 2)
            return 2 * r * asin(min(1, h.squareRoot()))
        }
        let a = Trackpoint(latitude: 42.5, longitude: 1.5)
        for (dLat, dLon) in [(0.0, 0.0), (1e-6, 0.0), (9e-6, 1.2e-5), (0.003, -0.004), (0.05, 0.05), (0.2, 0.1), (-30.0, 100.0)] {
            let b = Trackpoint(latitude: 42.5 + dLat, longitude: 1.5 + dLon)
            let expected = textbook(a, b)
            #expect(abs(StrayFixRule.sphericalDistance(a, b) - expected) <= 1e-12 * expected, "\(dLat), \(dLon)")
        }
    }
}

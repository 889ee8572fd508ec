import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// What keeping a matched line must not do to the hike (issue 16, the tester's findings on the
/// merged main): cut a summit or a climb, delete a walked stretch whose points all matched to
/// one spot, or give derived points a precision the recording never had (DECISIONS 470-472).
@Suite struct KeptLineHonestyTests {
    typealias T = TrackMatcherTests

    /// Height of a point `north` metres up the constructed spur: 1000 m at the foot, rising
    /// 0.5 m per metre (a 27° slope), so the top of the way (300 m north) is at 1150 m.
    static func height(_ north: Double) -> Double { 1000 + 0.5 * north }

    /// An out-and-back to a summit: a path north from (0, 0) to its end at (0, 300); the
    /// hiker walks up it every 8 m (times 6 s apart), lingers on top where the recorder gives
    /// 1150, 1152, 1155 and 1151 m at points within 3 m of the end (so within the matcher's
    /// 10 m spacing: they are skipped by the HMM), and walks back down the same way.
    static func summitHike() -> (WalkingGraph, [Trackpoint]) {
        let g = T.graph([T.way(1, [(1, 0, -100), (2, 0, 0), (3, 0, 300)])])
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        var points: [Trackpoint] = []
        func add(_ east: Double, _ north: Double, _ ele: Double) {
            points.append(Trackpoint(T.at(east, north), elevation: ele, time: t0.addingTimeInterval(Double(points.count) * 6)))
        }
        for n in stride(from: 0.0, through: 296, by: 8) { add(n.truncatingRemainder(dividingBy: 16) == 0 ? 2 : -2, n, height(n)) }
        for (e, n, h) in [(1.0, 300.0, 1150.0), (-2, 302, 1152), (2, 301, 1155), (0, 299, 1151)] { add(e, n, h) }
        for n in stride(from: 296.0, through: 0, by: -8) { add(n.truncatingRemainder(dividingBy: 16) == 0 ? -2 : 2, n, height(n)) }
        return (g, points)
    }

    /// The kept matched line keeps the summit's 1155 m and the whole climb: by the 5 m
    /// hysteresis (StatisticsCalculator) the recording climbs 1000 → 1155 (the 4 m dip to
    /// 1151 is below the threshold) and comes down to 1000, so gain = loss = 155 m; the kept
    /// line must give exactly those (before DECISIONS 470 the skipped top points were left
    /// out and the line topped out lower, with less gain).
    @Test func anOutAndBackToASummitKeepsTheSummitAndTheClimb() throws {
        let (g, recorded) = Self.summitHike()
        let m = TrackMatcher(graph: g).match(segments: [recorded.map(\.coordinate)])
        #expect(m.matchedShare == 1)
        let kept = m.keptLine(recorded: [recorded], choices: [])
        let points = kept.flatMap { $0 }
        #expect(points.compactMap(\.elevation).max() == 1155)
        let stats = StatisticsCalculator().statistics(for: TrackSegment(points: points))
        #expect(stats.maxElevation == 1155)
        #expect(abs((stats.elevationGain ?? 0) - 155) < 1e-9, "gain \(stats.elevationGain ?? -1)")
        #expect(abs((stats.elevationLoss ?? 0) - 155) < 1e-9, "loss \(stats.elevationLoss ?? -1)")
        // Every recorded time is on the line, in order, and nothing is invented out of order.
        let times = points.compactMap(\.time)
        #expect(Set(recorded.compactMap(\.time)).isSubset(of: Set(times)))
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        // And each kept point lies on the way (matched), within 3 m of the recorded summit.
        #expect(points.allSatisfy { abs(T.plane.project($0.coordinate).x) < 0.05 })
    }

    /// A path along the x axis; the hiker walks it east every 10 m, steps 12 and 24 m north of
    /// it at x = 100 (to a viewpoint) and back, and goes on. The points north all match to the
    /// one foot at (100, 0): the moved section (the 24 m point widened by one point each side:
    /// points 11-13, 24 m walked) has a matched line of 0 m, so it counts as unmatched and the
    /// recording stays (DECISIONS 471): the kept line is 200 m along the path plus the 48 m
    /// out and back.
    @Test func aSectionWhosePointsAllMatchToOneSpotStaysAsRecorded() throws {
        let g = T.graph([T.way(1, [(1, -50, 0), (2, 300, 0)])])
        var coords = stride(from: 0.0, through: 100, by: 10).map { T.at($0, 0) }
        coords += [T.at(100, 12), T.at(100, 24), T.at(100, 12)]
        coords += stride(from: 100.0, through: 200, by: 10).map { T.at($0, 0) }
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        let recorded = coords.enumerated().map { Trackpoint($1, elevation: 900, time: t0.addingTimeInterval(Double($0) * 8)) }
        let m = TrackMatcher(graph: g).match(segments: [coords])
        let spot = try #require(m.sections.first { $0.points.contains(12) })
        #expect(spot.collapsed)
        #expect(spot.kind == .unmatched)
        #expect(spot.matchedLength < 5)
        #expect(abs(spot.rawLength - 24) < 0.01, "\(spot.rawLength)")
        #expect(spot.alternative == nil)
        // Kept matched (no choice, or matched chosen): the stretch is the recording's.
        for choices in [[], [SectionChoice](repeating: .matched, count: m.sections.count)] {
            let kept = m.keptLine(recorded: [recorded], choices: choices).flatMap { $0 }
            let at = try #require(kept.firstIndex(of: recorded[11]))
            #expect(Array(kept[at...at + 2]) == Array(recorded[11...13]))
            let length = TrackMatch.length(of: kept.map(\.coordinate)[...])
            #expect(length > 200 + 48 - 0.5, "\(length)")
        }
        // And the choices are found again from the kept line.
        let kept = m.keptLine(recorded: [recorded], choices: [])
        #expect(m.choices(giving: kept, recorded: [recorded]) != nil)
    }

    /// Derived values are rounded to the recording's precision (DECISIONS 472): with whole-second
    /// times and heights to 0.1 m, every interpolated vertex has a whole-second time and a height
    /// on the 0.1 m grid, the times never go backwards, and each value is the exact
    /// interpolation rounded (formula below).
    @Test func derivedTimesAndHeightsHaveTheRecordingsPrecision() throws {
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        let a = Trackpoint(T.at(0, 0), elevation: 1000.3, time: t0)
        let b = Trackpoint(T.at(0, 100), elevation: 1010.7, time: t0.addingTimeInterval(47))
        // Vertices at 13, 29, 50, 71 and 88 m along: fractions f = d / 100.
        let along: [Double] = [0, 13, 29, 50, 71, 88, 100]
        let line = along.map { T.at(0, $0) }
        let out = TrackMatch.interpolated(line[...], from: a, to: b)
        #expect(out.count == 6 && out.last == TrackMatch.moved(b, to: line[6]))
        for (v, d) in zip(out.dropLast(), along.dropFirst()) {
            let f = TrackMatch.length(of: line[0...along.firstIndex(of: d)!]) / TrackMatch.length(of: line[...])
            let s = try #require(v.time).timeIntervalSince1970
            #expect(s == s.rounded(), "\(s)")
            #expect(s == (1_700_000_000 + f * 47).rounded())
            let e = try #require(v.elevation)
            #expect(abs(e * 10 - (e * 10).rounded()) < 1e-9, "\(e)")
            #expect(abs(e - ((1000.3 + f * 10.4) * 10).rounded() / 10) < 1e-9, "\(e)")
        }
        let times = out.compactMap(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        // Whole-metre heights give whole metres; times at 0.25 and 0.5 s give hundredths.
        let c = Trackpoint(T.at(0, 0), elevation: 1000, time: t0.addingTimeInterval(0.25))
        let d = Trackpoint(T.at(0, 100), elevation: 1013, time: t0.addingTimeInterval(30.5))
        for v in TrackMatch.interpolated(line[...], from: c, to: d).dropLast() {
            #expect(v.elevation == v.elevation?.rounded())
            let cs = try #require(v.time).timeIntervalSince1970 * 100
            #expect(abs(cs - cs.rounded()) < 1e-3, "\(cs)")
        }
    }

    /// The other way of a section interpolates heights across it, so it can cut a summit: the
    /// hand-made match (TrackMatchReviewTests.handMade) with heights 1000, 1002, 1030, 1030,
    /// 1008, 1010 m. Its section (points 1-4) as recorded climbs 1002 → 1030 and falls to
    /// 1008 (gain 28, loss 22 m by the 5 m hysteresis); the other way rises evenly 1002 → 1008
    /// (gain 6, loss 0) and tops out at 1008, 22 m under the hike's 1030 m high point.
    @Test func anOtherWayThatCutsTheSummitSaysSo() throws {
        let (hand, flat) = TrackMatchReviewTests.handMade()
        var m = hand
        let heights: [Double] = [1000, 1002, 1030, 1030, 1008, 1010]
        let recorded = [zip(flat[0], heights).map { p, h in
            var q = p
            q.elevation = h
            return q
        }]
        m.noteHeightEffects(recorded: recorded)
        let e = try #require(m.sections[0].alternativeHeightEffect)
        #expect(e.cutHighPoint == 1030)
        #expect(e.gainChange == -22 && e.lossChange == -22, "\(e)")
        #expect(e.isSignificant)
        #expect(e.summary(UnitFormatter(system: .metric)) == "cuts the 1030 m high point; gain −22 m; loss −22 m")
        // The recording's own heights (1000 + 2 m a point) rise evenly: the other way changes nothing.
        var even = hand
        even.noteHeightEffects(recorded: flat)
        #expect(even.sections[0].alternativeHeightEffect == SectionHeightEffect(cutHighPoint: nil, gainChange: 0, lossChange: 0))
        #expect(even.sections[0].alternativeHeightEffect?.isSignificant == false)
    }
}

import Foundation
import Testing
@testable import TrailCore

/// Coverage on a 1000 m route due north from (46, 7) (a meridian: the sketch's distances are
/// exact). The rule (DECISIONS.md 440): samples every 10 m, each standing for 10 m (5 m at the
/// ends); a step joins fixes at most 100 m apart (a lone fix is no step); ground = the samples
/// within 25 m of a step; walked near = the steps' lengths that passed within 25 m of a sample;
/// covered = min(ground, walked near); fixes farther apart are joined along the route when
/// plausible (DECISIONS.md 780). The expectations below follow from that rule by hand
/// (stated beside each); the scenarios of `Fixtures/coverage-reference.json` come from
/// `Tools/reference/coverage_reference.py` (GeographicLib, its own plane).
@Suite struct RouteCoverageTests {
    let sketch = Sketch()

    func coverage(length: Double = 1000) -> RouteCoverage {
        RouteCoverage(route: sketch.polyline([(0, 0), (0, length)]))
    }

    @Test func fixesThirtyMetresApartCoverWhatWasWalked() {
        var c = coverage()
        for y in stride(from: 100.0, through: 400, by: 30) { c.add(sketch.point(0, y)) }
        // Walked 100 → 400 m: 300 m; ground: samples 80…420 m, 350 m. Covered 300 m, drawn as
        // the ground 75–425 m less 25 m at each end: 100–400 m.
        #expect(abs(c.coveredLength - 300) < 1e-6)
        #expect(abs(c.fraction - 0.3) < 1e-9)
        #expect(c.coveredRanges.count == 1)
        #expect(abs(c.coveredRanges[0].lowerBound - 100) < 1e-6 && abs(c.coveredRanges[0].upperBound - 400) < 1e-6)
    }

    @Test func aLoneFixCoversNothingAndAStepAtMostItsLength() {
        var c = coverage()
        #expect(c.add(sketch.point(0, 500)) == 0)            // the first fix: no step
        #expect(c.coveredLength == 0)
        #expect(abs(c.add(sketch.point(0, 501)) - 1) < 1e-6) // a 1 m step covers 1 m
        #expect(abs(c.coveredLength - 1) < 1e-6)
    }

    @Test func atTheStartOfFollowingCoveredNeverExceedsWalked() {
        // The old rule covered 25 m round the first fix (0 m walked): "Covered" above "Walked".
        var c = coverage()
        var walked = 0.0
        var last: Coordinate?
        for y in [0.0, 3, 7, 12, 20, 40, 75] {
            let p = sketch.point(0, y)
            if let last { walked += Geodesy.distance(from: last, to: p) }
            last = p
            c.add(p)
            // Walking the route from its start the ground (up to 25 m ahead) exceeds what was walked.
            #expect(abs(c.coveredLength - walked) < 1e-6, "at \(y) m: covered \(c.coveredLength), walked \(walked)")
        }
    }

    @Test func walkingBesideTheRouteCoversWhatWasWalked() {
        var c = coverage()
        for y in stride(from: 100.0, through: 400, by: 30) { c.add(sketch.point(20, y)) }
        // 20 m to the side, still inside the 25 m band: ground 90…410 m (330 m), walked 300 m.
        #expect(abs(c.coveredLength - 300) < 1e-6)
        var far = coverage()
        for y in stride(from: 100.0, through: 400, by: 30) { far.add(sketch.point(26, y)) }
        #expect(far.coveredLength == 0)
    }

    @Test func gapsLongerThanOneHundredMetresAreInterpolatedAlongTheRoute() {
        // DECISIONS.md 780. 100 → 250 m with no times: both fixes on the route, nearest samples
        // 100 and 250 m, L = 150 m ≤ 1.5 × 150 + 50: ground samples 100…250 m (160 m), walked
        // near 150 m: covered 150 m.
        var c = coverage()
        c.add(sketch.point(0, 100))
        #expect(abs(c.add(sketch.point(0, 250)) - 150) < 1e-6)
        c.add(sketch.point(0, 260))  // a 10 m step: ground 95…285 m (190 m), walked 160 m
        #expect(abs(c.coveredLength - 160) < 1e-6)
        // Timed: 300 m in 60 s is 5 m/s, above 2.5 m/s: nothing; 300 m in 150 s (2 m/s) counts;
        // 300 m after 31 min does not.
        var t = coverage()
        let t0 = Date(timeIntervalSince1970: 1_714_557_600)
        t.add(sketch.point(0, 100), time: t0)
        #expect(t.add(sketch.point(0, 400), time: t0 + 60) == 0)
        #expect(abs(t.add(sketch.point(0, 700), time: t0 + 210) - 300) < 1e-6)
        #expect(t.add(sketch.point(0, 1000), time: t0 + 210 + 31 * 60) == 0)
        // A jump to a fix 30 m beside the route (off it) covers nothing, nor the jump back.
        var off = coverage()
        off.add(sketch.point(0, 100))
        #expect(off.add(sketch.point(30, 300)) == 0 && off.add(sketch.point(0, 500)) == 0)
        var d = coverage()
        d.add(sketch.point(0, 100))
        d.breakLine()                // a pause: not joined even though 80 m apart
        d.add(sketch.point(0, 180))
        #expect(d.coveredLength == 0)
    }

    @Test func endSamplesCarryHalfWeights() {
        var c = coverage(length: 1005)
        #expect(c.sampleDistances.count == 102 && abs(c.sampleDistances.last! - 1005) < 1e-6)
        #expect(abs(c.sampleWeights.reduce(0, +) - 1005) < 1e-9)
        // A 40 m step from 965 m to the end: ground 940…1005 m (10 × 6 + 7.5 + 2.5 = 70 m),
        // walked 40 m. Drawn: the ground 935–1005 m less 30 m (25 m + half a spacing) at its
        // open end only: 965–1005 m.
        c.add(sketch.point(0, 965))
        c.add(sketch.point(0, 1005))
        #expect(abs(c.coveredLength - 40) < 1e-6)
        #expect(abs(c.fraction - 40.0 / 1005) < 1e-9)
        #expect(c.coveredRanges.count == 1 && abs(c.coveredRanges[0].lowerBound - 965) < 1e-6
                && abs(c.coveredRanges[0].upperBound - 1005) < 1e-6)
    }

    @Test func walkingOutCoversTheOutLegAndWalkingBackTheBackLeg() {
        // Out and back, 500 m each way: 1000 m of route. Walking out is half of it.
        var c = RouteCoverage(route: sketch.polyline([(0, 0), (0, 500), (0, 0)]))
        for y in stride(from: 0.0, through: 500, by: 10) { c.add(sketch.point(0, y)) }
        #expect(abs(c.coveredLength - 500) < 1e-6)
        #expect(abs(c.fraction - 0.5) < 1e-9)
        // Ground is all of it (both legs lie within 25 m); drawn is the out leg, 0–500 m along.
        #expect(c.coveredRanges.count == 1 && abs(c.coveredRanges[0].upperBound - 500) < 1e-6)
        for y in stride(from: 490.0, through: 0, by: -10) { c.add(sketch.point(0, y)) }
        #expect(abs(c.fraction - 1) < 1e-9)
    }

    @Test func aStretchWalkedTwiceCountsOnce() {
        var c = coverage()
        for _ in 0..<2 {
            c.breakLine()
            for y in stride(from: 0.0, through: 300, by: 10) { c.add(sketch.point(0, y)) }
        }
        // Ground: samples 0…320 m, 325 m; walked near 600 m. Covered 325 m: once walked twice
        // the band reaching 25 m past the end counts too, never more than the ground.
        #expect(abs(c.coveredLength - 325) < 1e-6)
    }

    @Test func addReturnsTheLengthNewlyCovered() {
        var c = coverage()
        c.add(sketch.point(0, 500))
        // 500 → 510 m: ground 480…530 m (60 m), walked 10 m.
        #expect(abs(c.add(sketch.point(0, 510)) - 10) < 1e-6)
        // Back to 500 m: the same ground, 20 m walked near the route.
        #expect(abs(c.add(sketch.point(0, 500)) - 10) < 1e-6)
        #expect(abs(c.coveredLength - 20) < 1e-6)
        // A pause, then a lone fix: nothing.
        c.breakLine()
        #expect(c.add(sketch.point(0, 700)) == 0)
    }

    struct Reference: Decodable {
        struct Scenario: Decodable {
            var name: String
            var route: [[Double]]
            var stretches: [[[Double]]]
            /// Per stretch the fixes' times, seconds, or nil (untimed).
            var times: [[Double]]?
            var routeLength: Double
            var fixes: [Fix]
        }
        struct Fix: Decodable { var covered: Double; var walked: Double }
        var scenarios: [Scenario]
    }

    static let reference: Reference = {
        let data = try! Data(contentsOf: TestSupport.fixtures.appendingPathComponent("coverage-reference.json"))
        return try! JSONDecoder().decode(Reference.self, from: data)
    }()

    /// Every fix of the reference's constructed walks (a start, beside the route, a gap and a
    /// pause, backwards, a crossing, standing with jitter, out and back, switchbacks 20 m apart,
    /// a noisy walk on a bent route, a detour; sparse fixes 150–400 m apart on a straight and a
    /// bent route, a jump off the trail, a jump across a bend, too fast and too late): covered as the reference computes it (to 1 cm:
    /// the two planes differ by millimetres), and the relationships: covered ≤ walked, covered ≤
    /// route length, covered never decreases.
    @Test(arguments: reference.scenarios.map(\.name))
    func constructedWalksAgreeWithTheReference(_ name: String) {
        let s = Self.reference.scenarios.first { $0.name == name }!
        var c = RouteCoverage(route: Polyline(coordinates: s.route.map { Coordinate(latitude: $0[0], longitude: $0[1]) }))
        #expect(abs(c.routeLength - s.routeLength) < 0.01)
        var i = 0
        var before = 0.0
        let t0 = Date(timeIntervalSince1970: 1_714_557_600)
        for (si, stretch) in s.stretches.enumerated() {
            c.breakLine()
            for (pi, p) in stretch.enumerated() {
                c.add(Coordinate(latitude: p[0], longitude: p[1]), time: s.times.map { t0 + $0[si][pi] })
                let want = s.fixes[i]
                #expect(abs(c.coveredLength - want.covered) < 0.01, "\(name), fix \(i): \(c.coveredLength) vs \(want.covered)")
                #expect(c.coveredLength <= want.walked + 1e-6)
                #expect(c.coveredLength <= c.routeLength + 1e-6)
                #expect(c.coveredLength >= before)
                before = c.coveredLength
                i += 1
            }
        }
        #expect(i == s.fixes.count)
        // The drawn ranges add up to the covered length.
        let drawn = c.coveredRanges.reduce(0) { $0 + $1.upperBound - $1.lowerBound }
        #expect(abs(drawn - c.coveredLength) < 1e-6)
    }
}

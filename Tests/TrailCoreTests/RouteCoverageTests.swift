import Foundation
import Testing
@testable import TrailCore

/// Coverage on a 1000 m route due north from (46, 7) (a meridian: the sketch's distances are
/// exact). Expected values follow from the documented rule by hand: samples every 10 m; a
/// sample is covered when within 25 m of the line between consecutive fixes (≤ 100 m apart);
/// each sample stands for 10 m (5 m at the ends).
@Suite struct RouteCoverageTests {
    let sketch = Sketch()

    func coverage(length: Double = 1000) -> RouteCoverage {
        RouteCoverage(route: sketch.polyline([(0, 0), (0, length)]))
    }

    @Test func fixesThirtyMetresApartCoverTheLineBetweenThem() {
        var c = coverage()
        for y in stride(from: 100.0, through: 400, by: 30) { c.add(sketch.point(0, y)) }
        // Samples 80…420 lie within 25 m of the walked line 100…400: 35 samples × 10 m.
        #expect(abs(c.coveredLength - 350) < 1e-6)
        #expect(abs(c.fraction - 0.35) < 1e-9)
        #expect(c.coveredRanges.count == 1)
        #expect(abs(c.coveredRanges[0].lowerBound - 75) < 1e-6 && abs(c.coveredRanges[0].upperBound - 425) < 1e-6)
    }

    @Test func walkingBesideTheRouteCoversLess() {
        var c = coverage()
        for y in stride(from: 100.0, through: 400, by: 30) { c.add(sketch.point(20, y)) }
        // 20 m to the side: covered where √(Δ² + 20²) ≤ 25, i.e. Δ ≤ 15 m: samples 90…410.
        #expect(abs(c.coveredLength - 330) < 1e-6)
        var far = coverage()
        for y in stride(from: 100.0, through: 400, by: 30) { far.add(sketch.point(26, y)) }
        #expect(far.coveredLength == 0)
    }

    @Test func gapsLongerThanOneHundredMetresAreNotInterpolated() {
        var c = coverage()
        c.add(sketch.point(0, 100))
        c.add(sketch.point(0, 250))  // 150 m later: two circles, samples 80…120 and 230…270
        #expect(abs(c.coveredLength - 100) < 1e-6)
        var d = coverage()
        d.add(sketch.point(0, 100))
        d.breakLine()                // a pause: not joined even though 80 m apart
        d.add(sketch.point(0, 180))
        #expect(abs(d.coveredLength - 100) < 1e-6)
    }

    @Test func endSamplesCarryHalfWeights() {
        var c = coverage(length: 1005)
        #expect(c.sampleDistances.count == 102 && abs(c.sampleDistances.last! - 1005) < 1e-6)
        #expect(abs(c.sampleWeights.reduce(0, +) - 1005) < 1e-9)
        c.add(sketch.point(0, 1003))
        // Samples 980, 990, 1000, 1005 with weights 10, 10, 7.5, 2.5.
        #expect(abs(c.coveredLength - 30) < 1e-6)
        #expect(abs(c.fraction - 30.0 / 1005) < 1e-9)
    }

    @Test func outAndBackIsCoveredByWalkingOut() {
        var c = RouteCoverage(route: sketch.polyline([(0, 0), (0, 500), (0, 0)]))
        for y in stride(from: 0.0, through: 500, by: 10) { c.add(sketch.point(0, y)) }
        #expect(abs(c.fraction - 1) < 1e-9)  // coverage is ground, not direction
    }

    @Test func newlyCoveredCountAndIdempotence() {
        var c = coverage()
        #expect(c.add(sketch.point(0, 500)) == 5)   // 480, 490, 500, 510, 520
        #expect(c.add(sketch.point(0, 501)) == 0)
        #expect(abs(c.coveredLength - 50) < 1e-6)
    }
}

import Foundation
import Testing
@testable import TrailCore

/// Coverage on a 1000 m route due north from (46, 7) (a meridian: the sketch's distances are
/// exact). Expected values follow from the documented rule by hand: samples every 10 m; a
/// sample is covered when within 25 m of the line between consecutive fixes (≤ 100 m apart),
/// taken in order along that line while the covered length stays within the walked line length
/// (a lone fix covers nothing); each sample stands for 10 m (5 m at the ends).
@Suite struct RouteCoverageTests {
    let sketch = Sketch()

    func coverage(length: Double = 1000) -> RouteCoverage {
        RouteCoverage(route: sketch.polyline([(0, 0), (0, length)]))
    }

    @Test func fixesThirtyMetresApartCoverTheLineBetweenThem() {
        var c = coverage()
        for y in stride(from: 100.0, through: 400, by: 30) { c.add(sketch.point(0, y)) }
        // Samples 80…420 lie within 25 m of the walked line 100…400, but 300 m were walked: each
        // 30 m step covers the three nearest its start (80, 90, 100; then 110, 120, 130; …), so
        // 80…370, 30 samples × 10 m; 380…420 wait for walked length.
        #expect(abs(c.coveredLength - 300) < 1e-6)
        #expect(abs(c.fraction - 0.30) < 1e-9)
        #expect(c.coveredRanges.count == 1)
        #expect(abs(c.coveredRanges[0].lowerBound - 75) < 1e-6 && abs(c.coveredRanges[0].upperBound - 375) < 1e-6)
    }

    @Test func walkingBesideTheRouteCoversLess() {
        var c = coverage()
        for y in stride(from: 100.0, through: 400, by: 30) { c.add(sketch.point(20, y)) }
        // 20 m to the side: within reach where √(Δ² + 20²) ≤ 25, i.e. Δ ≤ 15 m: samples 90…410
        // (330 m), of which the 300 m walked cover 90…380.
        #expect(abs(c.coveredLength - 300) < 1e-6)
        var far = coverage()
        for y in stride(from: 100.0, through: 400, by: 30) { far.add(sketch.point(26, y)) }
        #expect(far.coveredLength == 0)
    }

    @Test func gapsLongerThanOneHundredMetresAreNotInterpolated() {
        var c = coverage()
        c.add(sketch.point(0, 100))
        c.add(sketch.point(0, 250))  // 150 m later: two lone fixes, nothing walked in between
        #expect(c.coveredLength == 0)
        c.add(sketch.point(0, 280))  // joined: 30 m walked, samples 230, 240, 250
        #expect(abs(c.coveredLength - 30) < 1e-6)
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
        c.add(sketch.point(0, 1005))
        c.add(sketch.point(0, 975))
        // 30 m walked back from the end: samples 1005, 1000, 990, 980 in order along the line,
        // weights 2.5, 7.5, 10, 10 = 30; 970 would exceed the walked length.
        #expect(abs(c.coveredLength - 30) < 1e-6)
        #expect(abs(c.fraction - 30.0 / 1005) < 1e-9)
    }

    @Test func outAndBackIsCoveredByWalkingOut() {
        var c = RouteCoverage(route: sketch.polyline([(0, 0), (0, 500), (0, 0)]))
        for y in stride(from: 0.0, through: 500, by: 10) { c.add(sketch.point(0, y)) }
        // Walking out covers ground of both ways but no more length than walked: half.
        #expect(abs(c.coveredLength - 500) < 1e-6)
        // Walking back covers the rest: coverage is ground, not direction.
        for y in stride(from: 490.0, through: 0, by: -10) { c.add(sketch.point(0, y)) }
        #expect(abs(c.fraction - 1) < 1e-9)
    }

    @Test func newlyCoveredCountAndIdempotence() {
        var c = coverage()
        #expect(c.add(sketch.point(0, 500)) == 0)   // a lone fix: nothing walked
        #expect(c.add(sketch.point(0, 550)) == 5)   // 50 m: 480, 490, 500, 510, 520
        #expect(c.add(sketch.point(0, 550)) == 0)   // nothing walked, nothing new
        #expect(abs(c.coveredLength - 50) < 1e-6)
    }

    /// The relationships that hold by definition: after every fix, covered ≤ the walked line
    /// length ≤ the sum of the steps, and covered ≤ route length; on walks built to stress them
    /// (the start, zigzags across the route, standing still, a route that doubles back on itself).
    @Test func coveredNeverExceedsWalkedOrTheRouteLength() {
        let routes = [sketch.polyline([(0, 0), (0, 1000)]),
                      sketch.polyline([(0, 0), (0, 300), (20, 300), (20, 0), (40, 0), (40, 300)]),
                      sketch.polyline([(0, 0), (0, 500), (0, 0)])]
        var walks: [[(Double, Double)]] = []
        walks.append((0..<60).map { (0, Double($0) * 7) })                           // along
        walks.append((0..<60).map { ($0 % 2 == 0 ? -20 : 60, Double($0) * 5) })      // zigzag across
        walks.append([(0, 100), (0, 100.5), (0, 101), (0, 101.5)])                  // nearly standing
        walks.append((0..<40).map { (Double($0 % 3) * 20, 300 - Double($0) * 9) })   // across the doubling
        for route in routes {
            for walk in walks {
                var c = RouteCoverage(route: route)
                var walked = 0.0
                var last: Coordinate?
                for (x, y) in walk {
                    let p = sketch.point(x, y)
                    if let last { walked += Geodesy.distance(from: last, to: p) }
                    last = p
                    c.add(p)
                    #expect(c.coveredLength <= c.lineLength + 1e-6)
                    #expect(c.lineLength <= walked + 1e-6)
                    #expect(c.coveredLength <= route.length + 1e-6)
                }
            }
        }
        // The first fix of a walk covers nothing (before: up to 50 m of route with 0 m walked).
        var start = coverage()
        start.add(sketch.point(0, 500))
        #expect(start.coveredLength == 0)
    }
}

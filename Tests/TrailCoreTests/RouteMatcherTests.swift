import Foundation
import Testing
@testable import TrailCore

@Suite struct RouteMatcherTests {
    let t0 = Date(timeIntervalSince1970: 1_714_557_600)

    /// Route A→B: 1000 m from (46, 7) at azimuth 60°. Each P was placed with GeographicLib 2.1
    /// (WGS84 `InverseLine(A, B).Position(along)`, then `Direct` at the line azimuth ± 90° for
    /// the offset). Expected values: the spherical cross-track formula of the Aviation Formulary
    /// (E. Williams), d_xt = asin(sin(δ13) · sin(θ13 − θ12)) · R with R = 6 371 008.771 m,
    /// computed in Python; positive to the right of A→B.
    @Test func crossTrackAgreesWithTheAviationFormulary() {
        let a = Coordinate(latitude: 46.0, longitude: 7.0)
        let b = Coordinate(latitude: 46.004497823549, longitude: 7.011180721658)
        let cases: [(Coordinate, along: Double, xtd: Double)] = [
            (Coordinate(latitude: 46.001526552794, longitude: 7.004697968897), 400, 34.9852),
            (Coordinate(latitude: 46.003538183581, longitude: 7.007503615776), 700, -49.9790),
            (Coordinate(latitude: 46.000410874370, longitude: 7.001150263427), 100, 4.9979),
            (Coordinate(latitude: 46.004983124503, longitude: 7.009288107574), 900, -119.9496),
        ]
        for c in cases {
            var m = RouteMatcher(route: Polyline(coordinates: [a, b]))
            guard let r = m.match(c.0, time: t0, speed: nil) else { Issue.record("no match"); continue }
            // The sphere and the ellipsoid differ by up to 0.5 %; these agree far better.
            #expect(abs(r.position.crossTrackDistance - c.xtd) <= 0.005 * abs(c.xtd), "xtd \(r.position.crossTrackDistance) vs \(c.xtd)")
            #expect(abs(r.progress - c.along) < 0.5, "along \(r.progress) vs \(c.along)")
        }
    }

    /// DECISIONS.md 781: the distance off the route is to the nearest point of the whole route,
    /// not to the candidate a tie keeps. An L: 1000 m north, then 1000 m east. Walking north at
    /// 1 m/s to 860 m, then a fix at (140, 870): 140 m from the north leg (the leg the tie rule
    /// keeps: progress ≈ 870 m) but 130 m from the east leg. Expected: the smallest geodesic
    /// distance (Geodesy.distance, Karney) from the fix to points of the route every 0.1 m
    /// along (sampling error ≤ 0.05²/(2·130) m), within 1 m; positive (the fix is to the right
    /// of the east leg, south of it).
    @Test func distanceOffTheRouteIsToTheNearestPointOfTheRoute() {
        let sketch = Sketch()
        let route = sketch.polyline([(0, 0), (0, 1000), (1000, 1000)])
        var m = RouteMatcher(route: route)
        for y in stride(from: 0.0, through: 860, by: 10) {
            _ = m.match(sketch.point(0, y), time: t0.addingTimeInterval(y), speed: 1)
        }
        let fix = sketch.point(140, 870)
        guard let r = m.match(fix, time: t0.addingTimeInterval(870), speed: 1) else { Issue.record("no match"); return }
        var expected = Double.infinity
        for s in stride(from: 0.0, through: route.length, by: 0.1) {
            expected = min(expected, Geodesy.distance(from: fix, to: route.coordinate(atDistance: s)!))
        }
        #expect(abs(expected - 130) < 0.5)  // the sketch's plane: 1000 − 870
        #expect(abs(r.crossTrackDistance - expected) < 1, "\(r.crossTrackDistance) m vs \(expected) m")
        #expect(r.position.crossTrackDistance > 0)
        #expect(abs(r.progress - 870) < 2, "progress \(r.progress)")  // still on the north leg
    }

    /// A small loop that crosses itself: the crossing at (150, 0) is passed at 150 m and again
    /// at 550 m along (250 + 100 + 100 + 100), both inside one search window. Fixes every 5 m
    /// with ±4 m sideways noise at 1 m/s; progress must follow the true distance along.
    @Test func progressOnARouteThatCrossesItself() {
        let sketch = Sketch()
        let xy: [(Double, Double)] = [(0, 0), (250, 0), (250, 100), (150, 100), (150, -100), (0, -100)]
        let route = sketch.polyline(xy)
        #expect(abs(route.length - 800) < 0.01)
        var jitter = Jitter(seed: 7, amplitude: 4)
        let walk = sketch.walk(xy, step: 5) { _ in jitter.next() }
        checkProgress(route: route, walk: walk, tolerance: 6)
    }

    /// Out and back on the same path: 800 m east and back to the start (the start window sees
    /// both the start and the end); progress must run 0 → 800 → 1600 without jumping legs.
    @Test func progressOnAnOutAndBackRoute() {
        let sketch = Sketch()
        let xy: [(Double, Double)] = [(0, 0), (400, 0), (800, 0), (400, 0), (0, 0)]
        let route = sketch.polyline(xy)
        #expect(abs(route.length - 1600) < 0.01)
        var jitter = Jitter(seed: 11, amplitude: 5)
        let walk = sketch.walk(xy, step: 5) { _ in jitter.next() }
        checkProgress(route: route, walk: walk, tolerance: 6)
    }

    /// Walks `walk` at 1 m/s (5 s per 5 m step) and checks every match against the true
    /// distance along.
    func checkProgress(route: Polyline, walk: [(coordinate: Coordinate, along: Double)], tolerance: Double) {
        var m = RouteMatcher(route: route)
        var worst = 0.0
        for (i, w) in walk.enumerated() {
            guard let r = m.match(w.coordinate, time: t0.addingTimeInterval(Double(i) * 5), speed: 1) else {
                Issue.record("no match"); return
            }
            worst = max(worst, abs(r.progress - w.along))
        }
        #expect(worst <= tolerance, "largest progress error \(worst) m")
        #expect(abs((m.last?.match.progress ?? 0) - route.length) < 1)
    }

    /// Starting in the middle: the start window finds nothing near, the whole route is searched.
    @Test func startingMidRouteSearchesTheWholeRoute() {
        let sketch = Sketch()
        let xy = (0...30).map { (0.0, Double($0) * 100) }  // 3 km north, a vertex every 100 m
        var m = RouteMatcher(route: sketch.polyline(xy))
        let r = m.match(sketch.point(8, 1234), time: t0, speed: nil)
        #expect(r?.searchedWholeRoute == true)
        #expect(abs((r?.progress ?? 0) - 1234) < 0.5)
        #expect(abs((r?.crossTrackDistance ?? 0) - 8) < 0.05)
    }

    /// A U-shaped route (600 m up, 100 m across, 600 m down). The hiker cuts across at y = 100
    /// from the first leg to the last: off the route in the window, then after 20 s re-acquired
    /// at 1200 m along (600 + 100 + 500) at the first fix within 30 m of the last leg (x = 75).
    @Test func shortcutIsReacquiredAfterTwentySeconds() {
        let sketch = Sketch()
        var m = RouteMatcher(route: sketch.polyline([(0, 0), (0, 600), (100, 600), (100, 0)]))
        var t = 0.0
        var results: [(x: Double, r: RouteMatch)] = []
        for y in stride(from: 0.0, through: 100, by: 10) {
            _ = m.match(sketch.point(0, y), time: t0.addingTimeInterval(t), speed: 1); t += 10
        }
        for x in stride(from: 5.0, through: 95, by: 10) {
            let r = m.match(sketch.point(x, 100), time: t0.addingTimeInterval(t), speed: 1)!; t += 10
            results.append((x, r))
        }
        for (x, r) in results where x <= 65 { #expect(abs(r.progress - 100) < 0.5 && !r.searchedWholeRoute) }
        let first = results.first { $0.r.searchedWholeRoute }
        #expect(first?.x == 75)
        #expect(abs((first?.r.progress ?? 0) - 1200) < 0.5)
        #expect(abs((results.last?.r.progress ?? 0) - 1200) < 0.5)
        let end = m.match(sketch.point(100, 0), time: t0.addingTimeInterval(t + 100), speed: 1)
        #expect(abs((end?.progress ?? 0) - 1300) < 0.5)
    }
}

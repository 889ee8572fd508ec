import Foundation
import Testing
@testable import TrailCore

/// The follow panel's readouts agree by definition (DECISIONS.md 440; defined in the `?` help):
/// on constructed walks, after every accepted fix,
/// - Covered ≤ Walked (a step covers at most its own length; a lone fix nothing),
/// - Covered ≤ the route length, and Covered never decreases,
/// - Along never jumps: between two fixes it moves by at most the distance between them plus
///   twice the largest sideways offset of the walk (inside a corner the nearest point can move
///   to the next leg), never to another part of the route (an out-and-back's other leg,
///   the next switchback).
@Suite struct FollowReadoutRelationsTests {
    let sketch = Sketch()
    let t0 = Date(timeIntervalSince1970: 1_714_557_600)

    /// Walks the sketch `path` a fix every `step` metres at 1.2 m/s, `noise(i)` metres to the left.
    func check(route: [(Double, Double)], path: [(Double, Double)], step: Double = 12, maxNoise: Double,
               noise: @escaping (Int) -> Double, offRoute: Bool = false) {
        var s = FollowSession(route: FollowRoute(coordinates: route.map { sketch.point($0.0, $0.1) }, elevations: nil))
        let length = s.route.length
        var lastCovered = 0.0
        var last: (along: Double, coordinate: Coordinate)?
        for (i, p) in sketch.walk(path, step: step, noise: noise).enumerated() {
            let fix = PositionFix(time: t0.addingTimeInterval(Double(i) * step / 1.2), coordinate: p.coordinate,
                                  altitude: nil, horizontalAccuracy: 5, speed: 1.2, source: .gpsd)
            guard s.receive(fix).isAccepted else { continue }
            let covered = s.coverage.coveredLength
            #expect(covered <= s.distanceWalked + 1e-6, "fix \(i): covered \(covered) > walked \(s.distanceWalked)")
            #expect(covered <= length + 1e-6)
            #expect(covered >= lastCovered)
            lastCovered = covered
            if let last, !offRoute {
                let moved = Geodesy.distance(from: last.coordinate, to: p.coordinate)
                #expect(abs(s.progress - last.along) <= moved + 2 * maxNoise + 1e-6,
                        "fix \(i): along \(last.along) → \(s.progress) for \(moved) m")
            }
            last = (s.progress, p.coordinate)
        }
    }

    @Test func aNoisyWalkOnABentRoute() {
        let route = [(0.0, 0.0), (0, 400), (300, 400), (300, 900)]
        check(route: route, path: route, maxNoise: 8, noise: { 8 * sin(Double($0) * 1.7) })
    }

    @Test func outAndBack() {
        let route = [(0.0, 0.0), (0, 500), (0, 0)]
        check(route: route, path: route, maxNoise: 6, noise: { [0, 4, -6, 2, -3][$0 % 5] })
    }

    @Test func switchbacksTwentyMetresApart() {
        let route = [(0.0, 0.0), (200, 0), (200, 20), (0, 20), (0, 40), (200, 40)]
        check(route: route, path: route, step: 8, maxNoise: 4, noise: { [0, 3, -2, 4, -3][$0 % 5] })
    }

    @Test func aDetourSixtyMetresOff() {
        // Off the route Along follows the nearest point (not checked for jumps: the match is
        // searched again when back); the coverage relationships hold throughout.
        let route = [(0.0, 0.0), (0, 1000)]
        check(route: route, path: [(0, 0), (0, 300), (60, 320), (60, 680), (0, 700), (0, 1000)], maxNoise: 0,
              noise: { _ in 0 }, offRoute: true)
    }

    @Test func theStartOfFollowingCoversNothingBeforeTheFirstStep() {
        var s = FollowSession(route: FollowRoute(coordinates: [sketch.point(0, 0), sketch.point(0, 1000)], elevations: nil))
        let u = s.receive(PositionFix(time: t0, coordinate: sketch.point(0, 0), altitude: nil, horizontalAccuracy: 5,
                                      speed: 1.2, source: .gpsd))
        #expect(u.isAccepted)
        #expect(s.coverage.coveredLength == 0 && s.distanceWalked == 0)
        _ = s.receive(PositionFix(time: t0.addingTimeInterval(5), coordinate: sketch.point(0, 6), altitude: nil,
                                  horizontalAccuracy: 5, speed: 1.2, source: .gpsd))
        // 6 m walked from the start: 6 m covered (the old rule gave 5 + 10 + 10 + 10 = 35 m).
        #expect(abs(s.coverage.coveredLength - 6) < 1e-6)
        #expect(abs(s.distanceWalked - 6) < 1e-6)
    }
}

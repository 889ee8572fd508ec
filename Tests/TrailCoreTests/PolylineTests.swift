import Foundation
import Testing
@testable import TrailCore

struct LocalProjectionTests {
    /// Checks the documented bound |tan φ0| · r / R on a grid of point pairs within r of the
    /// origin, against Vincenty (itself checked against GeographicLib in GeodesyTests).
    @Test(arguments: [(45.0, 1000.0), (45.0, 10_000.0), (70.0, 1000.0), (0.0, 5000.0), (-60.0, 3000.0)])
    func distanceErrorWithinDocumentedBound(latitude: Double, radius: Double) {
        let origin = Coordinate(latitude: latitude, longitude: 10)
        let projection = LocalProjection(origin: origin)
        var points: [Coordinate] = []
        for bearing in stride(from: 0.0, to: 360, by: 45) {
            for fraction in [0.3, 1.0] { points.append(origin.coordinate(at: radius * fraction, bearing: bearing)) }
        }
        let bound = max(abs(tan(latitude * .pi / 180)), 0.0) * radius / Geodesy.meanRadius + 2e-6
        for p in points {
            for q in points where p != q {
                let planar = (projection.project(p).x - projection.project(q).x, projection.project(p).y - projection.project(q).y)
                let d = (planar.0 * planar.0 + planar.1 * planar.1).squareRoot()
                let g = Geodesy.distance(from: p, to: q)
                #expect(abs(d - g) / g <= bound, "\(p)–\(q): \(d) vs \(g)")
            }
        }
    }

    @Test func roundTripsAndWrapsLongitude() {
        let projection = LocalProjection(origin: Coordinate(latitude: 50, longitude: 179.995))
        let east = Coordinate(latitude: 50.001, longitude: -179.995)
        let p = projection.project(east)
        #expect(p.x > 700 && p.x < 720)  // 0.01° of longitude at 50° ≈ 716.6 m
        let back = projection.unproject(p)
        #expect(abs(back.latitude - east.latitude) < 1e-12)
        #expect(abs(back.longitude - east.longitude) < 1e-9)
    }

    /// Segment (0,0)–(10,0), plane metres. (5,3) lies left of travel (north of an eastward line):
    /// fraction 0.5, distance −3. (12,−4): clamped to the end, distance √(2²+4²) = 4.4721, right.
    @Test func closestPointOnSegmentByHand() {
        let a = LocalPoint(x: 0, y: 0), b = LocalPoint(x: 10, y: 0)
        let r1 = LocalProjection.closestPointOnSegment(LocalPoint(x: 5, y: 3), a, b)
        #expect(r1.fraction == 0.5 && r1.signedDistance == -3)
        let r2 = LocalProjection.closestPointOnSegment(LocalPoint(x: 12, y: -4), a, b)
        #expect(r2.fraction == 1 && abs(r2.signedDistance - 20.0.squareRoot()) < 1e-12)
        let r3 = LocalProjection.closestPointOnSegment(LocalPoint(x: 1, y: 1), a, a)
        #expect(r3.fraction == 0 && abs(r3.signedDistance - 2.0.squareRoot()) < 1e-12)
    }
}

struct PolylineTests {
    /// An L: 1000 m north from (46, 7), then 1000 m east; built with the direct problem so
    /// the leg lengths are 1000 m to Vincenty's 0.5 mm.
    static let start = Coordinate(latitude: 46, longitude: 7)
    static let corner = start.coordinate(at: 1000, bearing: 0)
    static let end = corner.coordinate(at: 1000, bearing: Geodesy.initialBearing(from: corner, to: corner.coordinate(at: 1000, bearing: 90)))
    static let line = Polyline(coordinates: [start, corner, corner.coordinate(at: 1000, bearing: 90)])

    @Test func cumulativeDistances() {
        let c = Self.line.cumulativeDistances
        #expect(c.count == 3 && c[0] == 0)
        #expect(abs(c[1] - 1000) < 0.001 && abs(c[2] - 2000) < 0.001)
        #expect(abs(Self.line.length - 2000) < 0.001)
        #expect(Polyline(coordinates: []).cumulativeDistances.isEmpty)
        #expect(Polyline(coordinates: [Self.start]).length == 0)
    }

    @Test func closestPointBesideFirstLeg() throws {
        // 30 m east of the point 400 m up the first (northward) leg: right of travel.
        let q = Self.start.coordinate(at: 400, bearing: 0).coordinate(at: 30, bearing: 90)
        let p = try #require(Self.line.closestPoint(to: q))
        #expect(p.segmentIndex == 0)
        #expect(abs(p.distanceAlong - 400) < 0.05)
        #expect(abs(p.fraction - 0.4) < 0.00005)
        #expect(abs(p.crossTrackDistance - 30) < 0.01)
        #expect(abs(p.distance - 30) < 0.01)
    }

    @Test func closestPointLeftOfSecondLegAndWindow() throws {
        // 20 m north of the point 250 m along the second (eastward) leg: left of travel.
        let q = Self.corner.coordinate(at: 250, bearing: 90).coordinate(at: 20, bearing: 0)
        let p = try #require(Self.line.closestPoint(to: q))
        #expect(p.segmentIndex == 1)
        #expect(abs(p.distanceAlong - 1250) < 0.05)
        // 0.02 m: the sagitta between the geodesic leg and its straight-in-degrees chord,
        // L²·tan φ/(8R) = 1000²·1.036/(8·6.371e6) = 0.0203 m at mid-leg (documented on Polyline).
        #expect(abs(p.crossTrackDistance - -20) < 0.021)
        // Restricted to the first leg, the corner is the best that leg offers.
        let w = try #require(Self.line.closestPoint(to: q, segments: 0..<1))
        #expect(w.segmentIndex == 0 && w.fraction == 1)
        #expect(abs(w.distanceAlong - 1000) < 0.001)
        #expect(Self.line.closestPoint(to: q, segments: 5..<9) == nil)
    }

    @Test func positionAtDistance() throws {
        let p = try #require(Self.line.position(atDistance: 1500))
        #expect(p.segmentIndex == 1 && abs(p.fraction - 0.5) < 1e-6)
        let expected = Self.corner.coordinate(at: 500, bearing: 90)
        // Mid-leg sagitta L²·tan φ/(8R) = 0.0203 m (see closestPointLeftOfSecondLegAndWindow).
        #expect(Geodesy.distance(from: p.coordinate, to: expected) < 0.021)
        #expect(try #require(Self.line.position(atDistance: -5)).coordinate == Self.start)
        let last = try #require(Self.line.position(atDistance: 9999))
        #expect(last.segmentIndex == 1 && last.fraction == 1 && abs(last.distanceAlong - 2000) < 0.001)
        #expect(Polyline(coordinates: []).position(atDistance: 1) == nil)
        #expect(Polyline(coordinates: [Self.start]).coordinate(atDistance: 1) == Self.start)
    }

    @Test func onePointAndEmpty() throws {
        #expect(Polyline(coordinates: []).closestPoint(to: Self.start) == nil)
        let q = Self.start.coordinate(at: 100, bearing: 0)
        let p = try #require(Polyline(coordinates: [Self.start]).closestPoint(to: q))
        #expect(p.segmentIndex == 0 && abs(p.distance - 100) < 0.001)
    }
}

struct DouglasPeuckerTests {
    /// Eleven points 100 m apart eastwards along 46° N, with point 5 moved 10 m north.
    static func bumpLine() -> [Coordinate] {
        let s = Coordinate(latitude: 46, longitude: 7)
        return (0...10).map { i in
            let p = s.coordinate(at: Double(i) * 100, bearing: 90)
            return i == 5 ? p.coordinate(at: 10, bearing: 0) : p
        }
    }

    @Test func keepsBumpAboveTolerance() {
        let line = Self.bumpLine()
        // By hand: the bump (point 5) is 10 m from the chord 0–10 → kept when tolerance < 10.
        // Then the chord 0–5 rises 10 m over 500 m, so points 1…4 (on the baseline) are
        // 2, 4, 6, 8 m from it (×cos of a 1.1° slope ≈ 0.9998): tolerance 9 drops them all,
        // tolerance 5 keeps point 4 (8 m) and, symmetrically, point 6; after that every
        // remaining chord lies on the baseline.
        #expect(DouglasPeucker.keptIndices(of: line, tolerance: 9) == [0, 5, 10])
        #expect(DouglasPeucker.keptIndices(of: line, tolerance: 5) == [0, 4, 5, 6, 10])
        #expect(DouglasPeucker.keptIndices(of: line, tolerance: 15) == [0, 10])
        #expect(DouglasPeucker.simplify(line, tolerance: 15) == [line[0], line[10]])
    }

    @Test func smallInputsAndClosedLoop() {
        let s = Coordinate(latitude: 46, longitude: 7)
        #expect(DouglasPeucker.keptIndices(of: [], tolerance: 1) == [])
        #expect(DouglasPeucker.keptIndices(of: [s], tolerance: 1) == [0])
        // A 100 m square walked round and back to the start.
        let b = s.coordinate(at: 100, bearing: 0), c = b.coordinate(at: 100, bearing: 90)
        let d = s.coordinate(at: 100, bearing: 90)
        let loop = [s, s.coordinate(at: 50, bearing: 0), b, c, d, s]
        #expect(DouglasPeucker.keptIndices(of: loop, tolerance: 1) == [0, 2, 3, 4, 5])
    }

    @Test func longLineDoesNotRecurse() {
        let s = Coordinate(latitude: 46, longitude: 7)
        // 200 000 points zig-zagging ±2 m: tolerance 5 m keeps only the ends.
        let line = (0..<200_000).map { i in
            Coordinate(latitude: s.latitude + (i % 2 == 0 ? 0.000018 : -0.000018), longitude: s.longitude + Double(i) * 1e-6)
        }
        #expect(DouglasPeucker.keptIndices(of: line, tolerance: 5) == [0, 199_999])
    }
}

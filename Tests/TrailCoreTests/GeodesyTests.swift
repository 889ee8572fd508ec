import Foundation
import Testing
@testable import TrailCore

/// Reference values computed with GeographicLib 2.0 (Python `geographiclib`, C. Karney's
/// algorithm, exact to round-off) using `Geodesic.WGS84.Inverse(lat1, lon1, lat2, lon2)` and
/// `Geodesic.WGS84.Direct(lat1, lon1, azi1, s12)`; azimuths taken modulo 360.
struct GeodesyTests {
    struct InverseCase: Sendable, CustomTestStringConvertible {
        let a: Coordinate, b: Coordinate, s12: Double, azi1: Double, azi2: Double
        var testDescription: String { "\(a.latitude),\(a.longitude) → \(b.latitude),\(b.longitude)" }
    }

    static let inverseCases: [InverseCase] = [
        .init(a: .init(latitude: 42.5, longitude: 1.5), b: .init(latitude: 42.501, longitude: 1.5013),
              s12: 154.136428, azi1: 43.888925704, azi2: 43.889803980),
        .init(a: .init(latitude: 47.43, longitude: 11.05), b: .init(latitude: 47.47, longitude: 11.1),
              s12: 5830.611471, azi1: 40.276090013, azi2: 40.312924391),
        .init(a: .init(latitude: 0, longitude: 0), b: .init(latitude: 0, longitude: 1),
              s12: 111319.490793, azi1: 90, azi2: 90),
        .init(a: .init(latitude: -33.9, longitude: 18.4), b: .init(latitude: 51.5, longitude: -0.12),
              s12: 9632341.016456, azi1: 348.524296881, azi2: 344.633094096),
        .init(a: .init(latitude: 89.9, longitude: 0), b: .init(latitude: 89.9, longitude: 180),
              s12: 22338.795683, azi1: 0, azi2: 180),
        .init(a: .init(latitude: 50, longitude: 179.99), b: .init(latitude: 50, longitude: -179.99),
              s12: 1433.915068, azi1: 89.992339556, azi2: 90.007660444),
        .init(a: .init(latitude: 10, longitude: 10), b: .init(latitude: 10.5, longitude: 10.7),
              s12: 94549.691246, azi1: 54.140367756, azi2: 54.264930939),
    ]

    @Test(arguments: inverseCases)
    func inverseMatchesGeographicLib(_ c: InverseCase) {
        let r = Geodesy.inverse(from: c.a, to: c.b)
        #expect(r.converged)
        #expect(abs(r.distance - c.s12) < 0.001, "distance \(r.distance) vs \(c.s12)")
        #expect(angleDifference(r.initialBearing, c.azi1) < 1e-6)
        #expect(angleDifference(r.finalBearing, c.azi2) < 1e-6)
        #expect(abs(c.a.distance(to: c.b) - c.s12) < 0.001)
        #expect(abs(Geodesy.distance(from: c.b, to: c.a) - c.s12) < 0.001, "symmetric")
    }

    /// Walking steps, where Vincenty now runs on series instead of sin/cos/atan2 (DECISIONS
    /// 661): GeographicLib 2.0 `Geodesic.WGS84.Inverse`, to the nanometre; relative error < 1e-9.
    @Test func shortStepsMatchGeographicLib() {
        let cases: [(Double, Double, Double, Double, Double)] = [
            (42.5, 1.5, 42.500009, 1.500012, 1.404441356),
            (46.2, 7.1, 46.2003, 7.1005, 51.003112089),
            (-33.9, 18.4, -33.87, 18.43, 4333.026981535),
            (0, 0, 0.00001, 0, 1.105742758),
        ]
        for (lat1, lon1, lat2, lon2, s12) in cases {
            let a = Coordinate(latitude: lat1, longitude: lon1), b = Coordinate(latitude: lat2, longitude: lon2)
            let u1 = Geodesy.ReducedLatitude(lat1), u2 = Geodesy.ReducedLatitude(lat2)
            for d in [Geodesy.distance(from: a, to: b), Geodesy.distance(u1, a, u2, b), Geodesy.distance(from: b, to: a)] {
                #expect(abs(d - s12) <= 1e-9 * s12 + 1e-9, "\(d) vs \(s12)")
            }
        }
        // The short-arc angle is atan2 to round-off.
        for (s, c) in [(1e-7, 1.0), (3e-4, 0.999), (9.9e-4, 1.0), (0.5, 0.8), (0.1, -0.9)] {
            #expect(abs(Geodesy.angle(s, c) - atan2(s, c)) <= 4e-16 * abs(atan2(s, c)))
        }
    }

    @Test func coincidentPointsAreZero() {
        let p = Coordinate(latitude: 42.5, longitude: 1.5)
        #expect(Geodesy.distance(from: p, to: p) == 0)
        #expect(Geodesy.initialBearing(from: p, to: p) == 0)
        let pole = Coordinate(latitude: 90, longitude: 0)
        #expect(Geodesy.distance(from: pole, to: Coordinate(latitude: 90, longitude: 120)) < 1e-6)
    }

    /// GeographicLib: (0,0)→(0.5,179.7) 19 944 127.4208 m, (0,0)→(0,179.8) 20 000 239.4377 m,
    /// (0,0)→(0.2,179.9) 19 981 122.9731 m, (0,0)→(-0.3,179.6) 19 961 041.7951 m.
    @Test func nearAntipodalNeverHangsAndStaysClose() {
        let o = Coordinate(latitude: 0, longitude: 0)
        let cases: [(Coordinate, Double)] = [
            (.init(latitude: 0.5, longitude: 179.7), 19_944_127.4208),
            (.init(latitude: 0, longitude: 179.8), 20_000_239.4377),
            (.init(latitude: 0.2, longitude: 179.9), 19_981_122.9731),
            (.init(latitude: -0.3, longitude: 179.6), 19_961_041.7951),
        ]
        var fallbacks = 0
        for (b, expected) in cases {
            let r = Geodesy.inverse(from: o, to: b)
            #expect(r.distance.isFinite && r.initialBearing.isFinite)
            #expect(abs(r.distance - expected) / expected < 0.002, "\(b): \(r.distance)")
            if r.converged { #expect(abs(r.distance - expected) < 0.001) } else { fallbacks += 1 }
        }
        #expect(fallbacks > 0, "at least one case must exercise the fallback")
    }

    struct DirectCase: Sendable {
        let start: Coordinate, distance: Double, bearing: Double, lat2: Double, lon2: Double, azi2: Double
    }

    static let directCases: [DirectCase] = [
        .init(start: .init(latitude: 42.5, longitude: 1.5), distance: 1000, bearing: 37,
              lat2: 42.5071893000, lon2: 1.5073222775, azi2: 37.004947198),
        .init(start: .init(latitude: 47, longitude: 11), distance: 25000, bearing: 271.5,
              lat2: 47.0054151352, lon2: 10.6713732996, azi2: 271.259646748),
        .init(start: .init(latitude: -20, longitude: 130), distance: 5e6, bearing: 135,
              lat2: -45.4314549160, lon2: 175.2575393723, azi2: 108.983918859),
    ]

    @Test(arguments: directCases)
    func directMatchesGeographicLib(_ c: DirectCase) {
        let r = Geodesy.direct(from: c.start, distance: c.distance, bearing: c.bearing)
        // 1e-8 degrees is about 1 mm.
        #expect(abs(r.coordinate.latitude - c.lat2) < 1e-8)
        #expect(abs(r.coordinate.longitude - c.lon2) < 1e-8)
        #expect(angleDifference(r.finalBearing, c.azi2) < 1e-6)
        let back = Geodesy.distance(from: c.start, to: r.coordinate)
        #expect(abs(back - c.distance) < 0.001)
    }

    @Test func destinationWrapsAcrossAntimeridian() {
        let p = Coordinate(latitude: 50, longitude: 179.99).coordinate(at: 1433.915068, bearing: 89.992339556)
        #expect(abs(p.latitude - 50) < 1e-8)
        #expect(abs(p.longitude - -179.99) < 1e-8)
    }

    @Test func sphericalHelpersAreCloseToEllipsoid() {
        let a = Coordinate(latitude: 47.43, longitude: 11.05), b = Coordinate(latitude: 47.47, longitude: 11.1)
        // The mean-radius sphere differs from WGS84 by well under 0.5 %.
        #expect(abs(Geodesy.sphericalDistance(from: a, to: b) - 5830.611471) / 5830.611471 < 0.005)
        #expect(abs(Geodesy.sphericalInitialBearing(from: a, to: b) - 40.276) < 0.3)
        // Equator: 1° of longitude on the sphere is R·π/180.
        let e = Geodesy.sphericalDistance(from: .init(latitude: 0, longitude: 0), to: .init(latitude: 0, longitude: 1))
        #expect(abs(e - Geodesy.meanRadius * .pi / 180) < 1e-6)
    }

    /// Path along the equator from (0,0) eastwards. A point at (0.01°N, 0.5°E) lies to the left,
    /// at R·0.01·π/180 = 1111.95 m; the foot of its perpendicular is R·0.5·π/180 = 55 597.54 m along.
    @Test func crossAndAlongTrackOnEquator() {
        let s = Coordinate(latitude: 0, longitude: 0), e = Coordinate(latitude: 0, longitude: 1)
        let left = Coordinate(latitude: 0.01, longitude: 0.5)
        let right = Coordinate(latitude: -0.01, longitude: 0.5)
        let r = Geodesy.meanRadius * .pi / 180
        #expect(abs(Geodesy.crossTrackDistance(of: left, pathStart: s, pathEnd: e) - -0.01 * r) < 0.01)
        #expect(abs(Geodesy.crossTrackDistance(of: right, pathStart: s, pathEnd: e) - 0.01 * r) < 0.01)
        #expect(abs(Geodesy.alongTrackDistance(of: left, pathStart: s, pathEnd: e) - 0.5 * r) < 0.01)
        let behind = Coordinate(latitude: 0.001, longitude: -0.2)
        #expect(abs(Geodesy.alongTrackDistance(of: behind, pathStart: s, pathEnd: e) - -0.2 * r) < 0.05)
    }

    @Test func bearingsAreNormalised() {
        #expect(Geodesy.normalizedDegrees(-90) == 270)
        #expect(Geodesy.normalizedDegrees(360) == 0)
        #expect(Geodesy.normalizedDegrees(725) == 5)
        #expect(Geodesy.normalizedLongitude(190) == -170)
        #expect(Geodesy.normalizedLongitude(-181) == 179)
        #expect(Geodesy.normalizedLongitude(180) == 180)
    }
}

/// Smallest absolute difference between two angles in degrees.
func angleDifference(_ a: Double, _ b: Double) -> Double {
    let d = abs(a - b).truncatingRemainder(dividingBy: 360)
    return min(d, 360 - d)
}

struct ShortDistanceTests {
    /// Against Vincenty (checked against GeographicLib above): 1e-6 relative up to 10 km, 60°.
    @Test(arguments: [0.0, 30.0, 46.0, 60.0, -45.0])
    func agreesWithVincenty(latitude: Double) {
        let a = Coordinate(latitude: latitude, longitude: 7)
        for d in [10.0, 150.0, 1000.0, 10_000.0] {
            for bearing in stride(from: 0.0, to: 360, by: 30) {
                let b = a.coordinate(at: d, bearing: bearing)
                let fast = Geodesy.shortDistance(from: a, to: b)
                #expect(abs(fast - d) / d < 1e-6, "\(latitude)° \(d) m \(bearing)°: \(fast)")
            }
        }
        let west = Coordinate(latitude: latitude, longitude: 179.999), east = Coordinate(latitude: latitude, longitude: -179.999)
        #expect(abs(Geodesy.shortDistance(from: west, to: east) - Geodesy.distance(from: west, to: east)) < 0.001)
    }
}

import Foundation
import Testing
@testable import TrailCore

/// Trail completion on constructed walks: the 25 m rule of following's coverage, across walks.
@Suite struct TrailCompletionTests {
    static let start = Coordinate(latitude: 42.55, longitude: 1.55)

    /// A 2 km route due east, a point every 50 m.
    static let route: [Coordinate] = (0...40).map { Geodesy.destination(from: start, distance: Double($0) * 50, bearing: 90) }

    /// A walk along the route from `a` to `b` metres, `off` metres north of it, a fix every 20 m.
    static func walk(_ a: Double, _ b: Double, off: Double = 0) -> [Coordinate] {
        stride(from: a, through: b, by: 20).map {
            Geodesy.destination(from: Geodesy.destination(from: start, distance: $0, bearing: 90), distance: abs(off), bearing: off < 0 ? 180 : 0)
        }
    }

    @Test func halfWalkedTwiceCountsOnce() {
        var c = TrailCompletion(runs: [Self.route])
        c.add(stretch: Self.walk(0, 1000))
        c.add(stretch: Self.walk(0, 1000))
        // The rule (DECISIONS 440) by hand: ground = samples 0…1020 m (1025 m: the 25 m band
        // past the walks' end); walked near the line: 1000 m after the first walk (covered
        // 1000 m), 2000 m after the second (covered 1025 m, the ground), drawn 0–1025 m.
        #expect(abs(c.length - 2000) < 0.5)
        #expect(abs(c.walked - 1025) < 0.5, "\(c.walked)")
        #expect(abs(c.share - 1025.0 / 2000) < 0.001)
        // The second walk added the band's 25 m at its end.
        #expect(c.contributingStretches == 2)
        let missing = c.missingStretches
        #expect(missing.count == 1)
        #expect(abs(missing[0].start - 1025) < 0.5 && abs(missing[0].end - 2000) < 0.5)
        #expect(c.walkedStretches.count == 1)
    }

    @Test func aDetourLeavesItsStretchMissing() {
        // Walked 0–700 m, then 100 m north of the route (a detour) to 1300 m, then on it to the end.
        var c = TrailCompletion(runs: [Self.route])
        c.add(stretch: Self.walk(0, 700) + Self.walk(720, 1280, off: 100) + Self.walk(1300, 2000))
        let missing = c.missingStretches
        #expect(missing.count == 1)
        // The joining legs (700 m on the route → 720 m at 100 m north, and back) are 102 m long:
        // over the 100 m gap, so no steps. Ground: 0–725 m and 1275–2000 m (1450 m); walked near:
        // 700 + 700 m; covered 1400 m. Drawn: the ground less its 50 m excess, 30 m (25 m +
        // half a spacing) off the first stretch's open end, then 20 m off the second's: 0–695 m
        // and 1295–2000 m.
        #expect(abs(missing[0].start - 695) < 0.5, "\(missing[0].start)")
        #expect(abs(missing[0].end - 1295) < 0.5, "\(missing[0].end)")
        #expect(abs(c.walked - 1400) < 0.5)
        #expect(abs(c.walked + missing[0].length - 2000) < 0.5)
    }

    @Test func aParallelPath60MetresAwayCountsNothing() {
        var c = TrailCompletion(runs: [Self.route])
        c.add(stretch: Self.walk(0, 2000, off: 60))
        c.add(stretch: Self.walk(0, 2000, off: -60))
        #expect(c.walked == 0)
        #expect(c.contributingStretches == 0)
        #expect(c.missingStretches.count == 1)
        // 24 m away still counts (the rule's edge).
        c.add(stretch: Self.walk(0, 2000, off: 24))
        // The walk 24 m beside covers what it walked: the route's 2000 m less 7 mm, because its
        // fixes are offset due north while the route's geodesic turns by 2000 m · tan φ / R
        // (meridian convergence), which moves the walk's last fix back by 24 m times that angle.
        let convergence = 2000 * tan(42.55 * Double.pi / 180) / 6_371_000
        #expect(abs(c.share - (2000 - 24 * convergence) / 2000) < 1e-7, "\(c.share)")
    }

    @Test func separateWalksAreNotJoined() {
        // Two walks: one ends at 400 m, the next starts at 1400 m; no line between them. Ground
        // 0–425 m and 1375–2000 m (1050 m), walked 1000 m: drawn 0–395 m and 1395–2000 m (the
        // 50 m excess off the open ends in order, 30 m then 20 m).
        var c = TrailCompletion(runs: [Self.route])
        c.add(stretch: Self.walk(0, 400))
        c.add(stretch: Self.walk(1400, 2000))
        #expect(c.missingStretches.count == 1)
        #expect(abs(c.missingStretches[0].length - (1395 - 395)) < 0.5)
    }

    @Test func runsAndTheirGap() {
        // A route in two runs with a gap; a missing stretch across the gap is one stretch.
        let a = Array(Self.route[0...20]), b = Array(Self.route[24...40])
        var c = TrailCompletion(runs: [a, b])
        #expect(abs(c.length - 1800) < 0.5)
        c.add(stretch: Self.walk(0, 600))
        let missing = c.missingStretches
        #expect(missing.count == 1)
        #expect(abs(missing[0].end - 1800) < 0.5)
        #expect(TrailCompletion.placesText(from: "A", to: "A") == " near A")
        #expect(TrailCompletion.placesText(from: "A", to: "B") == " from A to B")
    }
}

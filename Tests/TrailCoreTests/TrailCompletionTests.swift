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
        // Samples every 10 m; the last walked sample at 1000 m stands for 995–1005 m, and the
        // 25 m radius reaches the samples up to 1020 m: 1025 m of 2000 m.
        #expect(abs(c.length - 2000) < 0.5)
        #expect(abs(c.walked - 1025) < 0.5, "\(c.walked)")
        #expect(abs(c.share - 1025.0 / 2000) < 0.001)
        // The second walk adds no ground.
        #expect(c.contributingStretches == 1)
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
        // The joining legs (700 → 720 m at 100 m north, 1280 → 1300 m back) pass within 25 m of
        // the route near their ends only: the missing stretch ends well inside 700–1300 m.
        #expect(missing[0].start > 700 && missing[0].start < 760, "\(missing[0].start)")
        #expect(missing[0].end > 1240 && missing[0].end < 1300, "\(missing[0].end)")
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
        #expect(abs(c.share - 1) < 1e-9)
    }

    @Test func separateWalksAreNotJoined() {
        // Two walks: one ends at 400 m, the next starts at 1400 m; no line between them.
        var c = TrailCompletion(runs: [Self.route])
        c.add(stretch: Self.walk(0, 400))
        c.add(stretch: Self.walk(1400, 2000))
        #expect(c.missingStretches.count == 1)
        #expect(abs(c.missingStretches[0].length - (1375 - 425)) < 0.5)
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

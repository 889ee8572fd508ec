import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// The match review's parts in TrailMap: one-point excursions absorbed (DECISIONS.md 282) and
/// the line kept from per-section choices (``TrackMatch/keptLine(recorded:choices:)``).
@Suite struct TrackMatchReviewTests {
    typealias T = TrackMatcherTests

    /// Way 1 runs north along east = 0; way 2 leaves it at north 138, bulges 12 m east at 144
    /// and comes back at 150. The walk follows way 1 every 12 m, one point recorded 10 m east
    /// at north 144 (2 m from way 2's bulge, 10 m from way 1): the walk through the bulge is
    /// about as long as the straight steps, so the HMM takes way 2 for that point.
    static func excursion() -> (WalkingGraph, [Coordinate]) {
        let g = T.graph([T.way(1, [(1, 0, 0), (5, 0, 138), (7, 0, 150), (2, 0, 300)]),
                         T.way(2, [(5, 0, 138), (6, 12, 144), (7, 0, 150)])])
        let track = stride(from: 0.0, through: 288, by: 12).map { n in n == 144 ? T.at(10, 144) : T.at(0, n) }
        return (g, track)
    }

    @Test func aSinglePointOnAnotherWayAndBackIsAbsorbed() {
        let (g, track) = Self.excursion()
        let east = { (c: Coordinate) in T.plane.project(c).x }
        // Without the rule the decoder takes way 2 for that one point (the premise of the case).
        let loose = TrackMatcher(graph: g, options: MatchOptions(absorbLength: 0)).match(segments: [track])
        #expect(loose.segments.joined().contains { east($0) > 5 }, "the case must tempt the decoder onto way 2")
        // With it, the point goes to way 1 beside it and the line stays on way 1.
        let m = TrackMatcher(graph: g).match(segments: [track])
        #expect(m.segments.joined().allSatisfy { abs(east($0)) < 0.05 }, "\(m.segments.joined().map(east).max() ?? 0)")
        #expect(abs(m.length - 288) < 0.5, "\(m.length)")
        #expect(m.matchedShare == 1)
    }

    @Test func aLongerStretchOnTheOtherWayIsKept() {
        // Three points along a longer loop of way 2 (12 m east from north 132 to 156) span
        // 24 m, over the 20 m rule: they stay on way 2.
        let g = T.graph([T.way(1, [(1, 0, 0), (5, 0, 120), (7, 0, 168), (2, 0, 300)]),
                         T.way(2, [(5, 0, 120), (6, 12, 132), (8, 12, 156), (7, 0, 168)])])
        let track = stride(from: 0.0, through: 288, by: 12).map { n in (132...156).contains(n) ? T.at(11, n) : T.at(0, n) }
        let m = TrackMatcher(graph: g).match(segments: [track])
        #expect(m.segments.joined().contains { T.plane.project($0).x > 5 })
    }

    /// A hand-made match of six recorded points 11 m apart northwards: points 2-3 matched
    /// 22 m east (a moved section over points 1-4, with another way 22 m west).
    static func handMade() -> (TrackMatch, [[Trackpoint]]) {
        let t0 = Date(timeIntervalSinceReferenceDate: 600_000_000)
        let recorded = (0..<6).map { i in
            Trackpoint(T.at(0, Double(i) * 11), elevation: 1000 + Double(i) * 2, time: t0.addingTimeInterval(Double(i) * 10))
        }
        let raw = recorded.map(\.coordinate)
        var coords = raw
        coords[2] = T.at(22, 22)
        coords[3] = T.at(22, 33)
        let piece = TrackMatch.Piece(isMatched: true, points: 0...5, coordinates: coords, anchors: (0..<6).map { ($0, $0) },
                                     ambiguous: Array(repeating: false, count: 6), segment: 0)
        let alternative = [raw[1], T.at(-22, 22), T.at(-22, 33), raw[4]]
        let matched = Array(coords[1...4])
        let section = TrackMatch.Section(kind: .moved, points: 1...4, piece: 0, matched: matched, raw: Array(raw[1...4]),
                                         rawLength: TrackMatch.length(of: raw[1...4]), matchedLength: TrackMatch.length(of: matched[...]),
                                         maxOffset: 22, alternative: alternative)
        return (TrackMatch(pieces: [piece], sections: [section], pointCount: 6), [recorded])
    }

    @Test func theKeptLineFollowsEachChoice() throws {
        let (m, recorded) = Self.handMade()
        let length = { (l: [[Trackpoint]]) in l.reduce(0) { $0 + TrackMatch.length(of: $1.map(\.coordinate)[...]) } }
        // Matched: the matched coordinates, times and heights of the recording.
        let matched = m.keptLine(recorded: recorded, choices: [.matched])
        #expect(matched[0].map(\.coordinate) == m.pieces[0].coordinates)
        #expect(matched[0].map(\.time) == recorded[0].map(\.time))
        #expect(abs(length(matched) - m.length) < 1e-6)
        // Raw: the recording over the section; ends coincide here, so the length changes by
        // exactly the section's difference (raw − matched).
        let raw = m.keptLine(recorded: recorded, choices: [.raw])
        #expect(raw[0] == recorded[0])
        let s = m.sections[0]
        #expect(abs(length(raw) - (length(matched) - s.lengthDifference)) < 1e-6)
        // Alternative: the other way, with time and height interpolated by distance along it.
        let alt = m.keptLine(recorded: recorded, choices: [.alternative])
        #expect(alt[0].map(\.coordinate) == [m.pieces[0].coordinates[0]] + s.alternative! + [m.pieces[0].coordinates[5]])
        // The vertex 22 m west of point 2: 11 m sideways then 22 m west... distance along the
        // alternative from point 1 is √(22² + 11²) of a total √(22²+11²)·2 + 11.
        let leg = (22.0 * 22 + 11 * 11).squareRoot(), total = 2 * leg + 11
        let f = leg / total
        let v = alt[0][2]
        let t1 = recorded[0][1].time!, t4 = recorded[0][4].time!
        // Rounded to the recording's precision (DECISIONS 472): whole seconds, whole metres.
        #expect(v.time!.timeIntervalSince(t1) == (f * t4.timeIntervalSince(t1)).rounded())
        #expect(v.elevation! == (1002 + f * 6).rounded())
    }

    /// The choices a line was kept with are found again from the line alone (DECISIONS 434),
    /// also where points 1-3 all matched to one place (22 m east of point 2): the matched
    /// stretch is then points 2-3 at point 1's place and the raw one points 1-3 as recorded,
    /// the same number of points; kept raw, it is found raw. (Before DECISIONS 470 the matched
    /// stretch was empty there and "agreed" with any line.)
    @Test func theChoicesAreFoundAgainEvenWhereTheMatchedStretchIsEmpty() throws {
        let (hand, recorded) = Self.handMade()
        for c in SectionChoice.allCases {
            let line = hand.keptLine(recorded: recorded, choices: [c])
            #expect(hand.choices(giving: line, recorded: recorded) == [c], "\(c)")
        }
        let raw = recorded[0].map(\.coordinate)
        let still = T.at(22, 22)
        let piece = TrackMatch.Piece(isMatched: true, points: 0...5, coordinates: [raw[0], still, raw[4], raw[5]],
                                     anchors: [(0, 0), (1, 1), (2, 1), (3, 1), (4, 2), (5, 3)],
                                     ambiguous: Array(repeating: false, count: 6), segment: 0)
        let section = TrackMatch.Section(kind: .moved, points: 1...3, piece: 0, matched: [still], raw: Array(raw[1...3]),
                                         rawLength: TrackMatch.length(of: raw[1...3]), matchedLength: 0, maxOffset: 24.6)
        let m = TrackMatch(pieces: [piece], sections: [section], pointCount: 6)
        let matched = m.keptLine(recorded: recorded, choices: [.matched])
        let kept = m.keptLine(recorded: recorded, choices: [.raw])
        #expect(Array(kept[0][1...3]) == Array(recorded[0][1...3]))
        // Matched, points 2 and 3 stay on the line at point 1's place (every recorded time and
        // height is kept: DECISIONS 470), so both lines have the six points.
        #expect(matched.joined().count == 6 && kept.joined().count == 6)
        #expect(Array(matched[0][1...3].map(\.coordinate)) == [still, still, still])
        #expect(m.choices(giving: kept, recorded: recorded) == [.raw])
        #expect(m.choices(giving: matched, recorded: recorded) == [.matched])
        // Not a line of this match: nothing found.
        #expect(m.choices(giving: [Array(recorded[0].dropLast())], recorded: recorded) == nil)
    }
}

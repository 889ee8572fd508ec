import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// ``TrackMatch/markOutsideMap(isCovered:)``: an unmatched section is off the map when more
/// than half of its sampled points are not covered (DECISIONS 506).
@Suite struct TrackMatchOutsideMapTests {
    static func section(_ kind: TrackMatch.SectionKind, longitudes: [Double], collapsed: Bool = false) -> TrackMatch.Section {
        let raw = longitudes.map { Coordinate(latitude: 42.6, longitude: $0) }
        var s = TrackMatch.Section(kind: kind, points: 0...(raw.count - 1), piece: 0, matched: [], raw: raw,
                                   rawLength: TrackMatch.length(of: raw[...]), matchedLength: 0, maxOffset: 0)
        s.collapsed = collapsed
        return s
    }

    @Test func unmatchedSectionsMostlyBeyondTheCoverageAreOffTheMap() {
        // Covered: longitudes below 1.59 (the Samples extract's east edge).
        let covered: (Coordinate) -> Bool = { $0.longitude < 1.59 }
        var match = TrackMatch(pieces: [], sections: [
            Self.section(.unmatched, longitudes: (0..<10).map { 1.50 + Double($0) * 0.001 }),       // all inside: no path
            Self.section(.unmatched, longitudes: (0..<10).map { 1.585 + Double($0) * 0.001 }),      // 5 in, 5 out: not more than half
            Self.section(.unmatched, longitudes: (0..<10).map { 1.584 + Double($0) * 0.001 }),      // 6 in, 4 out
            Self.section(.unmatched, longitudes: (0..<100).map { 1.58 + Double($0) * 0.001 }),      // 10 in, 90 out: sampled
            Self.section(.moved, longitudes: [1.60, 1.61]),                                         // not unmatched
            Self.section(.unmatched, longitudes: [1.60, 1.61], collapsed: true),                    // collapsed: matched to a way
            Self.section(.unmatched, longitudes: [1.60]),                                           // one point, outside
        ], pointCount: 100)
        match.markOutsideMap(isCovered: covered)
        #expect(match.sections.map(\.outsideMap) == [false, false, false, true, false, false, true])
    }
}

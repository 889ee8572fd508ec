import Foundation
import TrailCore

/// Finds the sections of a ``TrackMatch`` to review: in matched pieces, runs of decoded points
/// that lie more than ``MatchOptions/movedThreshold`` from their recorded position or are
/// ambiguous, widened by one decoded point on each side (so a section starts and ends where
/// raw and matched agree) and merged where they touch; every raw piece is one unmatched section.
struct TrackMatchSections {
    let options: MatchOptions
    let match: TrackMatch
    /// The recorded points, flattened.
    let raw: [Coordinate]
    /// The flattened index range of each segment.
    let segmentRanges: [Range<Int>]
    /// The graph the match was made on (for the alternatives), nil in tests without one.
    let graph: WalkingGraph?

    init(options: MatchOptions, match: TrackMatch, segments: [[Coordinate]], graph: WalkingGraph? = nil) {
        self.options = options
        self.graph = graph
        self.match = match
        raw = segments.flatMap { $0 }
        var start = 0
        segmentRanges = segments.map { s in
            defer { start += s.count }
            return start..<start + s.count
        }
    }

    func sections() -> [TrackMatch.Section] {
        var out: [TrackMatch.Section] = []
        for (pi, piece) in match.pieces.enumerated() {
            guard piece.isMatched else {
                // Off the map from the last point before to the first point after (same segment).
                let seg = segmentRanges[piece.segment]
                let points = max(seg.lowerBound, piece.points.lowerBound - 1)...min(seg.upperBound - 1, piece.points.upperBound + 1)
                let line = Array(raw[points])
                let length = TrackMatch.length(of: line[...])
                out.append(TrackMatch.Section(kind: .unmatched, points: points, piece: pi, matched: [], raw: line,
                                              rawLength: length, matchedLength: length, maxOffset: 0))
                continue
            }
            let anchors = piece.anchors
            let offsets = anchors.map { Geodesy.shortDistance(from: raw[$0.point], to: piece.coordinates[$0.coordinate]) }
            let flagged = anchors.indices.map { offsets[$0] > options.movedThreshold || piece.ambiguous[$0] }
            var k = 0
            var runs: [ClosedRange<Int>] = []
            while k < anchors.count {
                guard flagged[k] else { k += 1; continue }
                var end = k
                while end + 1 < anchors.count && flagged[end + 1] { end += 1 }
                let widened = max(0, k - 1)...min(anchors.count - 1, end + 1)
                if let last = runs.last, widened.lowerBound <= last.upperBound {
                    runs[runs.count - 1] = last.lowerBound...widened.upperBound
                } else {
                    runs.append(widened)
                }
                k = end + 1
            }
            for r in runs {
                let a = anchors[r.lowerBound], b = anchors[r.upperBound]
                guard b.point > a.point else { continue }   // a one-point piece has nothing to choose
                let matched = Array(piece.coordinates[a.coordinate...b.coordinate])
                let line = Array(raw[a.point...b.point])
                let moved = r.contains { offsets[$0] > options.movedThreshold }
                let matchedLength = TrackMatch.length(of: matched[...])
                // A moved stretch whose points all went to one spot (its matched line shorter
                // than the GPS error) is not a way the hiker walked: the recording stays.
                let collapsed = moved && matchedLength < options.sigma
                var section = TrackMatch.Section(kind: collapsed ? .unmatched : moved ? .moved : .ambiguous, points: a.point...b.point,
                                                 piece: pi, matched: matched, raw: line, rawLength: TrackMatch.length(of: line[...]),
                                                 matchedLength: matchedLength, maxOffset: r.map { offsets[$0] }.max() ?? 0,
                                                 alternative: collapsed ? nil : alternative(piece, anchors: r))
                section.collapsed = collapsed
                out.append(section)
            }
        }
        return out
    }

    /// The walk from the run's first decoded state through the runner-up candidate of each
    /// ambiguous anchor inside it to its last state, when there is one and it differs from
    /// the matched line; nil otherwise (or when no walk joins them).
    func alternative(_ piece: TrackMatch.Piece, anchors r: ClosedRange<Int>) -> [Coordinate]? {
        guard let graph, piece.snaps.count == piece.anchors.count, piece.alternatives.count == piece.anchors.count else { return nil }
        let vias = r.compactMap { piece.alternatives[$0] }
        guard !vias.isEmpty else { return nil }
        var line: [Coordinate] = [piece.snaps[r.lowerBound].coordinate]
        for (a, b) in zip([piece.snaps[r.lowerBound]] + vias, vias + [piece.snaps[r.upperBound]]) {
            guard let path = graph.shortestPath(from: a, to: b, options: TrackMatcher.everything) else { return nil }
            for c in path.coordinates.dropFirst() where line.last != c { line.append(c) }
        }
        let matched = piece.coordinates[piece.anchors[r.lowerBound].coordinate...piece.anchors[r.upperBound].coordinate]
        return Array(matched) == line ? nil : line
    }
}

import Foundation
import TrailCore

/// A track snapped onto the walking graph by ``TrackMatcher``: the line cut into pieces that
/// are either matched (following the ways) or raw (no way near: kept as recorded), and the
/// sections a hiker should review.
///
/// Point indices are flattened (all segments in order, as the hike screen counts them).
public struct TrackMatch: Sendable, Equatable {
    /// A run of consecutive points of one segment, matched or raw.
    public struct Piece: Sendable, Hashable {
        /// True when the run follows the ways.
        public var isMatched: Bool
        /// The recorded points it covers.
        public var points: ClosedRange<Int>
        /// Its line: along the ways for a matched piece (every vertex on a walkable way), the
        /// recorded positions for a raw one.
        public var coordinates: [Coordinate]
        /// For a matched piece, each decoded point's index and where its matched position is
        /// in ``coordinates`` (ascending); empty for a raw piece.
        public var anchors: [(point: Int, coordinate: Int)]
        /// Per anchor: true when another way scored nearly as well there.
        public var ambiguous: [Bool] = []
        /// Per anchor: the decoded state (where on which edge), for routing alternatives.
        var snaps: [EdgeSnap] = []
        /// Per anchor: the best-scoring candidate on another way where the anchor is ambiguous.
        var alternatives: [EdgeSnap?] = []
        /// The flattened segment it belongs to.
        public var segment: Int

        public static func == (a: Piece, b: Piece) -> Bool {
            a.isMatched == b.isMatched && a.points == b.points && a.coordinates == b.coordinates && a.segment == b.segment
                && a.ambiguous == b.ambiguous && a.anchors.map(\.point) == b.anchors.map(\.point) && a.anchors.map(\.coordinate) == b.anchors.map(\.coordinate)
        }

        public func hash(into h: inout Hasher) {
            h.combine(points)
            h.combine(isMatched)
        }
    }

    /// Why a section is up for review.
    public enum SectionKind: String, Sendable, Hashable, Codable {
        /// The matched line runs more than ``MatchOptions/movedThreshold`` from the recording.
        case moved
        /// Another way scored nearly as well (within ``MatchOptions/ambiguityMargin``).
        case ambiguous
        /// No walkable way near, or the matched line collapsed to one spot
        /// (``Section/collapsed``): the recording stays as it is.
        case unmatched
    }

    /// A stretch for review: the recorded points, the matched line over them and their lengths.
    public struct Section: Sendable, Hashable {
        public var kind: SectionKind
        /// Recorded points covered (flattened indices).
        public var points: ClosedRange<Int>
        /// The piece (index into ``TrackMatch/pieces``) it lies in.
        public var piece: Int
        /// The matched line over the section (empty for ``SectionKind/unmatched``).
        public var matched: [Coordinate]
        /// The recorded line over the section.
        public var raw: [Coordinate]
        /// Geodesic lengths, metres.
        public var rawLength: Double
        public var matchedLength: Double
        /// The farthest a recorded point of the section lies from its matched position, metres.
        public var maxOffset: Double
        /// The other way over the section where the matcher found one (an ambiguous section:
        /// the walk from its first matched point through the runner-up candidates to its last),
        /// nil when it had none.
        public var alternative: [Coordinate]? = nil
        /// Matched minus raw length, metres (what keeping the match changes).
        public var lengthDifference: Double { matchedLength - rawLength }
        /// Geodesic length of ``alternative``, metres.
        public var alternativeLength: Double? { alternative.map { TrackMatch.length(of: $0[...]) } }
        /// True for a stretch the matcher moved whose matched line collapsed to one spot
        /// (shorter than ``MatchOptions/sigma``): it counts as ``SectionKind/unmatched`` and
        /// the recording stays, whatever is chosen (DECISIONS 471). ``matched`` and
        /// ``matchedLength`` still say where the points were matched.
        public var collapsed = false
        /// True for an unmatched stretch whose recorded points lie mostly outside every imported
        /// extract (``TrackMatch/markOutsideMap(isCovered:)``): "off the map", nothing is mapped
        /// there, rather than "no path" (mapped ground with no walkable way near; DECISIONS 506).
        public var outsideMap = false
        /// What keeping ``alternative`` does to the hike's heights, once
        /// ``TrackMatch/noteHeightEffects(recorded:)`` has measured it (nil before, and for a
        /// section without another way).
        public var alternativeHeightEffect: SectionHeightEffect?
    }

    /// The pieces, in order; together they cover every point exactly once.
    public var pieces: [Piece]
    /// The sections to review, in order.
    public var sections: [Section]
    /// Number of recorded points.
    public var pointCount: Int

    /// Share (0-1) of the recorded points that lie in matched pieces.
    public var matchedShare: Double {
        guard pointCount > 0 else { return 0 }
        return Double(pieces.filter(\.isMatched).reduce(0) { $0 + $1.points.count }) / Double(pointCount)
    }

    /// The whole line, one coordinate list per recorded segment (pieces of one segment joined).
    public var segments: [[Coordinate]] {
        var out: [[Coordinate]] = []
        var current = -1
        for p in pieces {
            if p.segment != current {
                out.append([])
                current = p.segment
            }
            for c in p.coordinates where out[out.count - 1].last != c { out[out.count - 1].append(c) }
        }
        return out
    }

    /// Geodesic length of ``segments``, metres.
    public var length: Double { segments.reduce(0) { $0 + Self.length(of: $1[...]) } }

    /// Geodesic length of a line (``Geodesy/shortDistance(from:to:)`` per segment), metres.
    public static func length(of line: ArraySlice<Coordinate>) -> Double {
        var total = 0.0
        var previous: Coordinate?
        for c in line {
            if let p = previous { total += Geodesy.shortDistance(from: p, to: c) }
            previous = c
        }
        return total
    }
}

extension TrackMatch {
    /// Marks the unmatched sections (not ``Section/collapsed`` ones) whose recorded points lie
    /// mostly outside the map's coverage as ``Section/outsideMap``: more than half of up to 25
    /// points spread evenly along the section are not covered. `isCovered` is the map store's
    /// ``MapStore/isCovered(_:)`` (a coordinate inside an imported extract's bounds).
    /// - Throws: what `isCovered` throws.
    public mutating func markOutsideMap(isCovered: (Coordinate) throws -> Bool) rethrows {
        for k in sections.indices where sections[k].kind == .unmatched && !sections[k].collapsed {
            let raw = sections[k].raw
            guard !raw.isEmpty else { continue }
            let n = min(25, raw.count)
            let sample = (0..<n).map { raw[n == 1 ? 0 : $0 * (raw.count - 1) / (n - 1)] }
            let outside = try sample.filter { !(try isCovered($0)) }.count
            sections[k].outsideMap = outside * 2 > n
        }
    }
}

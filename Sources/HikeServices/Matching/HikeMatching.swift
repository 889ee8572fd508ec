import Foundation
import TrailCore
import TrailMap
import TrailStore

/// Matching a stored hike: the walking graph over its box, then ``TrackMatcher``.
public enum HikeMatching {
    /// The match of `segments` on `map`'s walkable ways (the graph built over the line's box
    /// grown by about 110 m, well beyond the candidate radius), nil for a line without points.
    public static func match(segments: [[Coordinate]], map: MapStore, options: MatchOptions = MatchOptions()) throws -> TrackMatch? {
        guard let box = BoundingBox(covering: segments.flatMap { $0 }) else { return nil }
        let grown = BoundingBox(minLatitude: box.minLatitude - 0.001, minLongitude: box.minLongitude - 0.0015,
                                maxLatitude: box.maxLatitude + 0.001, maxLongitude: box.maxLongitude + 0.0015)
        let graph = try WalkingGraph.build(store: map, box: grown)
        var match = TrackMatcher(graph: graph, options: options).match(segments: segments)
        try match.markOutsideMap(isCovered: map.isCovered)
        return match
    }

    /// Geodesic length of the recorded line, metres.
    public static func length(_ segments: [[Coordinate]]) -> Double {
        segments.reduce(0) { $0 + TrackMatch.length(of: $1[...]) }
    }

    /// Keeps `match` of hike `id`'s recorded line as the hike's line, each section as `choices`
    /// says (none: every section matched, `cairn match --keep matched`), with origin "matched"
    /// when every section is, else "mixed" (the review's choices). The recorded heights and
    /// times stay on the kept line (``TrackMatch/keptLine(recorded:choices:)``).
    /// - Returns: what the store did (``LineKeeping``: stored as a new version, an
    ///   equal version reused, or unchanged).
    /// - Throws: the store's errors.
    public static func keep(_ match: TrackMatch, choices: [SectionChoice], of id: HikeID, in store: HikeStore) throws -> LineKeeping {
        let recorded = try store.tracks(of: id, line: .raw).flatMap(\.segments).map(\.points)
        let origin = choices.allSatisfy { $0 == .matched } ? "matched" : "mixed"
        return try store.keepLine(match.keptLine(recorded: recorded, choices: choices), origin: origin, of: id)
    }
}

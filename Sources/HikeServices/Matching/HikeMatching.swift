import Foundation
import TrailCore
import TrailMap

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
}

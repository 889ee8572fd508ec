import Foundation

extension Track {
    /// Stray fixes of every segment (``StrayFixRule``, applied per segment), as indices into
    /// the flattened track (all segments' points in order, 0..<pointCount), the indices the
    /// elevation profile and the map use.
    public func strayFixes(rule: StrayFixRule = .standard) -> StrayFixes {
        var out = StrayFixes()
        var offset = 0
        for segment in segments {
            let found = segment.points.withUnsafeBufferPointer { rule.detect($0) }
            out.positions += found.positions.map { $0 + offset }
            out.elevations += found.elevations.map { $0 + offset }
            offset += segment.points.count
        }
        return out
    }

    /// The track as statistics, the map and the profile should see it: stray positions
    /// removed, stray elevations set to nil, everything else (names, segments, extras) as is.
    /// The stored track keeps every point.
    public func withoutStrayFixes(rule: StrayFixRule = .standard) -> Track {
        var copy = self
        for s in copy.segments.indices {
            let found = copy.segments[s].points.withUnsafeBufferPointer { rule.detect($0) }
            if found.isEmpty { continue }
            copy.segments[s].points = copy.segments[s].points.withUnsafeBufferPointer { found.applied(to: $0) }
        }
        return copy
    }
}

import Foundation

/// Per-point series of a track for the elevation chart: distance along, elevation and time of
/// every point of the flattened track (all segments' points in order).
///
/// Distance along is the geodesic length from the first point, summed within segments: at a
/// segment boundary it carries on unchanged (the gap is not walked). All arrays have
/// `count` elements.
public struct ElevationProfile: Hashable, Sendable {
    /// Metres from the start, non-decreasing.
    public var distances: [Double]
    /// Metres above sea level, nil where the point has none.
    public var elevations: [Double?]
    /// Timestamps, nil where the point has none.
    public var times: [Date?]
    /// Flattened index of the first point of each non-empty segment (to break the line there).
    public var segmentStartIndices: [Int]

    /// Builds the profile of `track` (one geodesic per pair, one pass).
    public init(track: Track) {
        let n = track.pointCount
        distances = []; elevations = []; times = []; segmentStartIndices = []
        distances.reserveCapacity(n); elevations.reserveCapacity(n); times.reserveCapacity(n)
        var total = 0.0
        for segment in track.segments where !segment.points.isEmpty {
            segmentStartIndices.append(distances.count)
            var previous = segment.points[0].coordinate
            var previousU = Geodesy.ReducedLatitude(previous.latitude)
            for p in segment.points {
                let c = p.coordinate
                let u = Geodesy.ReducedLatitude(c.latitude)
                total += Geodesy.distance(previousU, previous, u, c)
                previous = c; previousU = u
                distances.append(total)
                elevations.append(p.elevation)
                times.append(p.time)
            }
        }
    }

    /// Number of points.
    public var count: Int { distances.count }

    /// Total distance, metres.
    public var length: Double { distances.last ?? 0 }

    /// Flattened indices of the points whose distance lies in `range`: from the first point at
    /// or after the lower bound to the last point at or before the upper bound; nil when no
    /// point lies inside.
    public func pointRange(forDistances range: ClosedRange<Double>) -> ClosedRange<Int>? {
        let first = firstIndex(atOrAfter: range.lowerBound)
        let last = firstIndex(after: range.upperBound) - 1
        return first <= last ? first...last : nil
    }

    /// Smallest index whose distance is >= d (count when none).
    private func firstIndex(atOrAfter d: Double) -> Int {
        var lo = 0, hi = distances.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if distances[mid] < d { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Smallest index whose distance is > d (count when none).
    private func firstIndex(after d: Double) -> Int {
        var lo = 0, hi = distances.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if distances[mid] <= d { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}

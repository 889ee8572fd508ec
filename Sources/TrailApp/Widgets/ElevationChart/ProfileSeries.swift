import Foundation
import TrailCore

/// The x values of the elevation chart for one hike: distance along (metres) or elapsed time
/// (seconds since the first timestamp), one per flattened point, never decreasing.
///
/// In time mode a point without a timestamp, or with one earlier than a previous point's
/// (recordings do run backwards), takes the largest time seen so far, so the axis never runs
/// backwards.
public struct ProfileSeries: Sendable {
    /// What the chart's x axis shows.
    public enum XAxis: Hashable, Sendable {
        /// Distance along the track, metres.
        case distance
        /// Elapsed time since the first timestamp, seconds.
        case time
    }

    /// The axis shown (time falls back to distance for a track without timestamps).
    public let axis: XAxis
    /// One x value per point, non-decreasing.
    public let xs: [Double]
    /// One elevation per point (metres), nil where the point has none.
    public let elevations: [Double?]

    /// Builds the series of `profile` for `axis`.
    public init(profile: ElevationProfile, axis requested: XAxis) {
        elevations = profile.elevations
        if requested == .time, let first = profile.times.lazy.compactMap({ $0 }).first {
            var out: [Double] = []
            out.reserveCapacity(profile.count)
            var latest = 0.0
            for t in profile.times {
                if let t { latest = max(latest, t.timeIntervalSince(first)) }
                out.append(latest)
            }
            xs = out
            axis = .time
        } else {
            xs = profile.distances
            axis = .distance
        }
    }

    /// The same x values with other elevations (one per point): the terrain's line beside the
    /// GPS line.
    public func replacingElevations(_ other: [Double?]) -> ProfileSeries {
        precondition(other.count == xs.count)
        return ProfileSeries(axis: axis, xs: xs, elevations: other)
    }

    init(axis: XAxis, xs: [Double], elevations: [Double?]) {
        self.axis = axis
        self.xs = xs
        self.elevations = elevations
    }

    /// The largest x value (0 when empty).
    public var maxX: Double { xs.last ?? 0 }

    /// Smallest and largest elevation, nil when no point has one.
    public var elevationRange: ClosedRange<Double>? {
        var lo = Double.infinity, hi = -Double.infinity
        for case let e? in elevations { lo = min(lo, e); hi = max(hi, e) }
        return lo <= hi ? lo...hi : nil
    }

    /// For each of `columns` equal slices of `0...maxX`, the lowest and highest elevation the
    /// profile line takes inside it (linear between consecutive points that have elevations,
    /// never across a point without one: the line breaks there, so a stretch with no data (a
    /// missing terrain tile, a void) is a gap, never a line to 0 or a bridge), nil for slices
    /// the line does not reach.
    ///
    /// Column `c` covers x in `[c, c + 1)` after the map `x ↦ x / maxX · (columns − 1) + 0.5`
    /// (so x = 0 and x = maxX fall in the middle of the first and last columns). One pass.
    public func columnEnvelope(columns: Int) -> [(min: Double, max: Double)?] {
        guard columns > 0 else { return [] }
        var out = [(min: Double, max: Double)?](repeating: nil, count: columns)
        let scale = maxX > 0 ? Double(columns - 1) / maxX : 0
        @inline(__always) func column(_ x: Double) -> Int { min(columns - 1, max(0, Int(x * scale + 0.5))) }
        @inline(__always) func add(_ c: Int, _ e: Double) {
            if let v = out[c] { out[c] = (min(v.min, e), max(v.max, e)) } else { out[c] = (e, e) }
        }
        var previous: (x: Double, e: Double)? = nil
        for i in xs.indices {
            guard let e = elevations[i] else { previous = nil; continue }
            let x = xs[i]
            let c = column(x)
            add(c, e)
            if let p = previous {
                let cp = column(p.x)
                // Interpolated values where the segment crosses column boundaries.
                if c > cp + 0 && x > p.x {
                    for k in (cp + 1)...c {
                        let bx = (Double(k) - 0.5) / scale   // boundary between columns k-1 and k
                        let t = min(1, max(0, (bx - p.x) / (x - p.x)))
                        let be = p.e + t * (e - p.e)
                        add(k - 1, be)
                        add(k, be)
                    }
                }
            }
            previous = (x, e)
        }
        return out
    }
}

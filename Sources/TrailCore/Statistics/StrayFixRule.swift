import Foundation

/// The rule that finds *stray fixes*: positions a receiver wrote for fixes it did not have
/// (0,0 or a point thousands of kilometres off) and elevation spikes of hundreds of metres
/// between neighbours. Stray fixes stay in the stored file (export round-trips); statistics,
/// the map and the profile leave them out (DECISIONS.md 131).
///
/// The rule, per segment, with the thresholds below (defaults in brackets):
/// - **Null island**: a point at exactly 0°, 0° is a stray position (no walk passes there; it
///   is what receivers write for "no fix").
/// - **Position**: a point is a stray position when the implied speed from its previous
///   *and* to its next neighbour is above `maximumSpeed` (50 m/s = 180 km/h) while the
///   implied speed between those two neighbours is not (leaving the point out gives a
///   plausible track). Neighbours are the nearest points that are not null-island strays.
///   The implied speed is the great-circle distance (spherical, mean radius 6,371,008.8 m)
///   over the time between the points; when either time is missing, or the points are less
///   than 1 s apart, the distance is compared with `maximumUntimedJump` (100 km: route points of a sparse untimed track can be kilometres apart) instead. The
///   first and last point have one neighbour: they are stray when the step to it is too fast
///   and the neighbour's own next step is not.
/// - **Elevation**: among points with an elevation and a plausible position, a step is a
///   *jump* when it is steeper than 1:1 (the height difference larger than the horizontal
///   distance) and either more than `maximumElevationJump` (100 m), or, between points with
///   times at least 1 s apart, more than `maximumTimedElevationJump` (50 m) at more than
///   `maximumVerticalSpeed` (10 m/s, faster than any lift: no walker climbs so). A run of 1 to
///   ``maximumSpikeRun`` (3) consecutive points is a spike when the step into it and the step
///   out of it are jumps, every point of it lies above both points around it (or below both),
///   and those two differ by at most `maximumElevationJump`: a single wild height, or a short
///   plateau of them (a receiver holding a wrong GPS height for a few fixes before its
///   barometer took over, as at the start of the shared fenix 2 FIT). Endpoints: the jump to
///   their one neighbour, that neighbour's next step not, and the neighbour not itself in a
///   spike. Only the elevation is left out; the position counts.
///
/// Two consecutive strays far from the track at the same place are not found (each is the
/// other's plausible neighbour); receivers' "no fix" runs at 0,0 are, by the null-island rule.
public struct StrayFixRule: Hashable, Sendable, Codable {
    /// Fastest plausible implied speed between neighbours, m/s.
    public var maximumSpeed: Double
    /// Longest plausible step between neighbours without usable times, metres.
    public var maximumUntimedJump: Double
    /// Largest plausible elevation difference to a neighbour, metres (with the 1:1 slope test).
    public var maximumElevationJump: Double
    /// Between timed points: the elevation difference, metres, above which a step faster than
    /// ``maximumVerticalSpeed`` is a jump.
    public var maximumTimedElevationJump: Double
    /// Fastest plausible vertical speed between timed points, m/s.
    public var maximumVerticalSpeed: Double
    /// Longest run of consecutive wrong heights taken for a spike.
    public static let maximumSpikeRun = 3

    public init(maximumSpeed: Double = 50, maximumUntimedJump: Double = 100_000, maximumElevationJump: Double = 100,
                maximumTimedElevationJump: Double = 50, maximumVerticalSpeed: Double = 10) {
        self.maximumSpeed = maximumSpeed
        self.maximumUntimedJump = maximumUntimedJump
        self.maximumElevationJump = maximumElevationJump
        self.maximumTimedElevationJump = maximumTimedElevationJump
        self.maximumVerticalSpeed = maximumVerticalSpeed
    }

    private enum CodingKeys: String, CodingKey {
        case maximumSpeed, maximumUntimedJump, maximumElevationJump, maximumTimedElevationJump, maximumVerticalSpeed
    }

    /// Decodes a rule; the two timed-jump thresholds take their defaults when absent (rules
    /// encoded before they existed).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(maximumSpeed: try c.decode(Double.self, forKey: .maximumSpeed),
                  maximumUntimedJump: try c.decode(Double.self, forKey: .maximumUntimedJump),
                  maximumElevationJump: try c.decode(Double.self, forKey: .maximumElevationJump),
                  maximumTimedElevationJump: try c.decodeIfPresent(Double.self, forKey: .maximumTimedElevationJump) ?? 50,
                  maximumVerticalSpeed: try c.decodeIfPresent(Double.self, forKey: .maximumVerticalSpeed) ?? 10)
    }

    /// The thresholds documented above.
    public static let standard = StrayFixRule()

    /// Indices (into `points`, 0-based) of stray positions and stray elevations, ascending.
    /// A stray position is never listed again as a stray elevation.
    public func detect(_ points: UnsafeBufferPointer<Trackpoint>) -> StrayFixes {
        var out = StrayFixes()
        let n = points.count
        guard n > 0 else { return out }
        var kept: [Int] = []
        kept.reserveCapacity(n)
        for i in 0..<n {
            if points[i].latitude == 0 && points[i].longitude == 0 { out.positions.append(i) } else { kept.append(i) }
        }
        if kept.count >= 3 {
            var strayAt = Set<Int>()
            for k in kept.indices where isOutlier(k, kept, plausible: { a, b in plausibleStep(points[a], points[b]) }) {
                strayAt.insert(kept[k])
            }
            if !strayAt.isEmpty {
                out.positions = (out.positions + strayAt).sorted()
                kept.removeAll { strayAt.contains($0) }
            }
        }
        let withElevation = kept.filter { points[$0].elevation?.isFinite == true }
        if withElevation.count >= 3 {
            for k in withElevation.indices
            where isElevationSpike(k, count: withElevation.count, { points[withElevation[$0]] }) {
                out.elevations.append(withElevation[k])
            }
        }
        return out
    }

    /// Whether `idx[k]` is implausible to its neighbours in `idx` while they are plausible to
    /// each other (endpoints: to the one neighbour, which is plausible to its next).
    private func isOutlier(_ k: Int, _ idx: [Int], plausible: (Int, Int) -> Bool) -> Bool {
        let last = idx.count - 1
        if k == 0 { return !plausible(idx[0], idx[1]) && plausible(idx[1], idx[2]) }
        if k == last { return !plausible(idx[last - 1], idx[last]) && plausible(idx[last - 2], idx[last - 1]) }
        return !plausible(idx[k - 1], idx[k]) && !plausible(idx[k], idx[k + 1]) && plausible(idx[k - 1], idx[k + 1])
    }

    /// Whether the step from `a` to `b` is plausible (implied speed, or distance without usable times).
    func plausibleStep(_ a: Trackpoint, _ b: Trackpoint) -> Bool {
        let d = Self.sphericalDistance(a, b)
        if let ta = a.time, let tb = b.time {
            let dt = abs(tb.timeIntervalSince(ta))
            if dt >= 1 { return d / dt <= maximumSpeed }
        }
        return d <= maximumUntimedJump
    }

    /// Whether the elevation of point `j` of `n` points with elevations (`point(i)` gives the
    /// i-th) is a spike, by the rule above. Asks only for points `j - 3 ... j + 3` (the first
    /// point: `0 ... 4`; the last: `n - 5 ... n - 1`), so a stream can decide a point once three
    /// more have arrived (``StrayFixStream``) and get the batch's answer.
    func isElevationSpike(_ j: Int, count n: Int, _ point: (Int) -> Trackpoint) -> Bool {
        guard n >= 3 else { return false }
        if j == 0 { return steepStep(point(0), point(1)) && !steepStep(point(1), point(2)) && !inSpikeRun(1, count: n, point) }
        if j == n - 1 {
            return steepStep(point(n - 2), point(n - 1)) && !steepStep(point(n - 3), point(n - 2))
                && !inSpikeRun(n - 2, count: n, point)
        }
        return inSpikeRun(j, count: n, point)
    }

    /// Whether point `j` (0 < j < n - 1) lies in a run of 1 to ``maximumSpikeRun`` points between
    /// two points that agree, entered and left by jumps, every point of it above both or below both.
    func inSpikeRun(_ j: Int, count n: Int, _ point: (Int) -> Trackpoint) -> Bool {
        guard j >= 1, j <= n - 2 else { return false }
        for k in max(1, j - Self.maximumSpikeRun + 1)...j {
            for length in (j - k + 1)...Self.maximumSpikeRun where k + length <= n - 1 {
                let p = point(k - 1), q = point(k + length)
                let zp = p.elevation!, zq = q.elevation!
                guard abs(zq - zp) <= maximumElevationJump, steepStep(p, point(k)),
                      steepStep(point(k + length - 1), q) else { continue }
                let heights = (k..<(k + length)).map { point($0).elevation! }
                if heights.allSatisfy({ $0 > zp && $0 > zq }) || heights.allSatisfy({ $0 < zp && $0 < zq }) { return true }
            }
        }
        return false
    }

    /// Whether the elevation step from `a` to `b` (both with an elevation) is a jump: steeper
    /// than 1:1 and more than `maximumElevationJump`, or, with times at least 1 s apart, more
    /// than `maximumTimedElevationJump` at more than `maximumVerticalSpeed`.
    func steepStep(_ a: Trackpoint, _ b: Trackpoint) -> Bool {
        let dz = abs(b.elevation! - a.elevation!)
        guard dz > maximumTimedElevationJump || dz > maximumElevationJump, dz > Self.sphericalDistance(a, b) else { return false }
        if dz > maximumElevationJump { return true }
        guard let ta = a.time, let tb = b.time else { return false }
        let dt = abs(tb.timeIntervalSince(ta))
        return dt >= 1 && dz / dt > maximumVerticalSpeed
    }

    /// Haversine distance on a sphere of the mean Earth radius (IUGG R1 = 6,371,008.8 m), in
    /// metres: ample for thresholds of kilometres and cheaper than the geodesic. The half-angle
    /// sines and the arcsine take their Taylor series below 1e-3 (steps shorter than about
    /// 6 km), exact to round-off there, so a walk's steps cost two cosines and no other libm call.
    static func sphericalDistance(_ a: Trackpoint, _ b: Trackpoint) -> Double {
        let r = 6_371_008.8, rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad, dLon = (b.longitude - a.longitude) * rad
        let sLat = smallSin(dLat / 2), sLon = smallSin(dLon / 2)
        let h = sLat * sLat + cos(a.latitude * rad) * cos(b.latitude * rad) * sLon * sLon
        return 2 * r * smallAsin(min(1, h.squareRoot()))
    }

    /// sin x: for |x| < 1e-3 its series to x⁵ (the omitted x⁷/5040 is below 2e-22 of the result).
    @inline(__always)
    private static func smallSin(_ x: Double) -> Double {
        guard abs(x) < 1e-3 else { return sin(x) }
        let x2 = x * x
        return x * (1 - x2 / 6 * (1 - x2 / 20))
    }

    /// asin z for 0 ≤ z ≤ 1: for z < 1e-3 its series to z⁵ (the omitted 5z⁷/112 is below 5e-20 of
    /// the result).
    @inline(__always)
    private static func smallAsin(_ z: Double) -> Double {
        guard z < 1e-3 else { return asin(z) }
        let z2 = z * z
        return z * (1 + z2 / 6 * (1 + z2 * 9 / 20))
    }
}

/// Stray fixes found by ``StrayFixRule`` in a run of points: indices, ascending.
public struct StrayFixes: Hashable, Sendable {
    /// Points whose position is stray (left out entirely).
    public var positions: [Int] = []
    /// Points whose elevation is stray (position kept, elevation left out).
    public var elevations: [Int] = []

    public init(positions: [Int] = [], elevations: [Int] = []) {
        self.positions = positions
        self.elevations = elevations
    }

    /// True when nothing is stray.
    public var isEmpty: Bool { positions.isEmpty && elevations.isEmpty }
    /// Number of points with a stray position or elevation.
    public var count: Int { positions.count + elevations.count }
    /// The first index with a stray position or elevation, nil when none.
    public var first: Int? { [positions.first, elevations.first].compactMap { $0 }.min() }

    /// `points` without the stray positions and with stray elevations removed (nil).
    public func applied(to points: UnsafeBufferPointer<Trackpoint>) -> [Trackpoint] {
        var out: [Trackpoint] = []
        out.reserveCapacity(points.count - positions.count)
        var p = positions.makeIterator(), e = elevations.makeIterator()
        var nextP = p.next(), nextE = e.next()
        for (i, point) in points.enumerated() {
            if i == nextP { nextP = p.next(); continue }
            var kept = point
            if i == nextE { kept.elevation = nil; nextE = e.next() }
            out.append(kept)
        }
        return out
    }
}

import Foundation

/// The share of a route's length the hiker has walked, accrued fix by fix.
///
/// Method (DECISIONS.md 42, 440):
/// - The route is sampled every ``spacing`` metres of distance along (10 m by default), from
///   the start to the end (the end is always a sample). Sample k stands for the stretch of route
///   half-way to its neighbours (its weight), so the weights add up to the route length exactly.
/// - A **step** is the straight line from the previous fix to this one, when the two are at most
///   ``maximumGap`` metres apart (100 m by default) and no ``breakLine()`` came between. A lone
///   fix (the first one, the first after a break) is no step.
/// - An **interpolated step** (DECISIONS.md 780) joins two fixes farther apart than
///   `maximumGap` (sparse fixes, a short GPS outage) when both lie within `radius` of some
///   sample. A fix's nearest samples are those within `radius` of it no farther from it than
///   their neighbours along the route (one per pass of the route near it). A pair (a nearest
///   sample of the earlier fix, one of the later) is plausible when the distance along the
///   route between them L ≤ ``interpolationStretch`` × the straight step + 2 × `radius`
///   (1.5 × + 50 m) and, when both fixes carry times, the time between them is at most
///   ``maximumInterpolationTime`` (30 min) and L ≤ ``maximumInterpolationSpeed`` (2.5 m/s)
///   × that time. The step counts when the pair with the shortest L is plausible: the samples
///   of every plausible pair's stretch (both ends included) become ground (on an out-and-back
///   both legs, as a plain step near both marks both) and the shortest L is walked near the
///   route. A jump from or to a fix off the route (farther than `radius` from every sample)
///   covers nothing.
/// - **Ground** (``groundLength``): the weights of the samples any step has passed within
///   ``radius`` metres (25 m by default) of — the route one has been near.
/// - **Walked near the route** (``walkedNear``): the summed geodesic lengths of the steps that
///   passed within `radius` of some sample, plus the L of the counted interpolated steps.
/// - **Covered** (``coveredLength``) = min(ground, walked near the route); coverage is covered
///   over the route length.
///
/// So covered ≤ walked, covered ≤ route length, and covered never decreases (both terms only
/// grow). A lone fix covers nothing, so following starts at 0 m, and walking 6 m from the
/// start covers 6 m (the 25 m band ahead is ground, not walked). Fixes 30 m apart on a straight
/// path cover the path between them, and so do fixes 300 m apart on the trail at walking pace;
/// a jump across a valley to another part of the trail covers nothing; walking 20 m
/// beside the route still counts. On an out-and-back route (or switchbacks closer than 25 m)
/// walking out is near both legs but covers only what was walked, half the route at the turn;
/// walking back covers the rest. A stretch walked twice counts once (its ground does not grow).
///
/// Drawing (``coveredRanges``): the ground's stretches in order along the route, cut off where
/// their total reaches the covered length.
///
/// Geometry: samples and fixes are projected once into a ``LocalProjection`` tangent at the
/// centre of the route's bounding box (relative error ≈ |tan φ|·r/R: 0.16 % of the 25 m radius
/// at 10 km from the centre at 45°, i.e. 4 cm); samples sit in a grid of 2·radius cells so
/// each fix checks only the samples near it.
public struct RouteCoverage: Sendable {
    /// Default distance between samples along the route, metres.
    public static let defaultSpacing = 10.0
    /// Default distance within which a sample counts as visited, metres.
    public static let defaultRadius = 25.0
    /// Default longest gap between consecutive fixes that is joined into a step, metres.
    public static let defaultMaximumGap = 100.0
    /// Interpolated steps: the along-route stretch may be at most this many times the straight
    /// step (plus 2 × radius) — a trail winds, a hiker does not cut across a valley.
    public static let interpolationStretch = 1.5
    /// Interpolated steps: fastest plausible walking pace along the route, m/s (9 km/h, a
    /// brisk downhill jog; a hiker's 4–5 km/h pace leaves room for GPS error).
    public static let maximumInterpolationSpeed = 2.5
    /// Interpolated steps: longest time between the two fixes, seconds (30 min).
    public static let maximumInterpolationTime = 1800.0

    public let spacing: Double
    public let radius: Double
    public let maximumGap: Double
    /// Distance along the route of each sample, metres, ascending.
    public let sampleDistances: [Double]
    /// Length of route each sample stands for, metres (sums to the route length).
    public let sampleWeights: [Double]
    /// Per sample: has a step passed within `radius` of it.
    public private(set) var covered: [Bool]
    /// Sum of the weights of the samples a step passed near, metres.
    public private(set) var groundLength = 0.0
    /// Summed geodesic length of the steps that passed near the route, metres.
    public private(set) var walkedNear = 0.0
    /// Route length walked: min(``groundLength``, ``walkedNear``), metres.
    public var coveredLength: Double { min(groundLength, walkedNear) }
    /// Total route length, metres.
    public let routeLength: Double

    private let projection: LocalProjection
    private let samplePoints: [LocalPoint]
    private let grid: [GridCell: [Int]]
    private let cellSize: Double
    private var previous: (point: LocalPoint, coordinate: Coordinate, time: Date?)?

    private struct GridCell: Hashable, Sendable { var x: Int; var y: Int }

    public init(route: Polyline, spacing: Double = defaultSpacing, radius: Double = defaultRadius,
                maximumGap: Double = defaultMaximumGap) {
        self.spacing = max(0.1, spacing)
        self.radius = radius
        self.maximumGap = maximumGap
        routeLength = route.length
        var distances: [Double] = []
        if !route.coordinates.isEmpty {
            var s = 0.0
            while s < routeLength - 1e-6 { distances.append(s); s += self.spacing }
            distances.append(routeLength)
        }
        sampleDistances = distances
        var weights = [Double](repeating: 0, count: distances.count)
        for k in distances.indices {
            let before = k > 0 ? (distances[k] - distances[k - 1]) / 2 : 0
            let after = k + 1 < distances.count ? (distances[k + 1] - distances[k]) / 2 : 0
            weights[k] = before + after
        }
        sampleWeights = weights
        covered = [Bool](repeating: false, count: distances.count)
        let proj = LocalProjection(origin: BoundingBox(covering: route.coordinates)?.center
                                   ?? Coordinate(latitude: 0, longitude: 0))
        projection = proj
        let points = distances.map { proj.project(route.coordinate(atDistance: $0)!) }
        samplePoints = points
        cellSize = max(1, 2 * radius)
        var g: [GridCell: [Int]] = [:]
        for (i, p) in points.enumerated() {
            g[GridCell(x: Int((p.x / cellSize).rounded(.down)), y: Int((p.y / cellSize).rounded(.down))), default: []].append(i)
        }
        grid = g
    }

    /// Covered share of the route length, 0...1 (0 for an empty or zero-length route).
    public var fraction: Double { routeLength > 0 ? min(1, coveredLength / routeLength) : 0 }

    /// Joins `coordinate` to the previous fix as a step or an interpolated step (see the type's
    /// rule) and marks the samples near it.
    /// - Parameters:
    ///   - coordinate: the fix.
    ///   - time: when it was taken, or nil (then interpolated steps have only the geometric
    ///     bound).
    /// - Returns: the route length newly covered by this fix, metres (0 for a lone fix).
    @discardableResult
    public mutating func add(_ coordinate: Coordinate, time: Date? = nil) -> Double {
        let p = projection.project(coordinate)
        defer { previous = (p, coordinate, time) }
        guard let prev = previous else { return 0 }
        let before = coveredLength
        let straight = LocalPoint(x: p.x - prev.point.x, y: p.y - prev.point.y).length
        guard straight <= maximumGap else {
            interpolate(from: prev.point, to: p, straight: straight,
                        seconds: time.flatMap { t in prev.time.map { t.timeIntervalSince($0) } })
            return coveredLength - before
        }
        let a = prev.point
        let minCell = GridCell(x: Int(((min(a.x, p.x) - radius) / cellSize).rounded(.down)),
                               y: Int(((min(a.y, p.y) - radius) / cellSize).rounded(.down)))
        let maxCell = GridCell(x: Int(((max(a.x, p.x) + radius) / cellSize).rounded(.down)),
                               y: Int(((max(a.y, p.y) + radius) / cellSize).rounded(.down)))
        var near = false
        for cx in minCell.x...maxCell.x {
            for cy in minCell.y...maxCell.y {
                guard let indices = grid[GridCell(x: cx, y: cy)] else { continue }
                for i in indices where abs(LocalProjection.closestPointOnSegment(samplePoints[i], a, p).signedDistance) <= radius {
                    near = true
                    if !covered[i] {
                        covered[i] = true
                        groundLength += sampleWeights[i]
                    }
                }
            }
        }
        if near { walkedNear += Geodesy.distance(from: prev.coordinate, to: coordinate) }
        return coveredLength - before
    }

    /// Indices of the samples within `radius` of `p` that are no farther from it than their
    /// neighbours along the route: the nearest sample of each pass of the route near `p`.
    private func nearestSamples(_ p: LocalPoint) -> [Int] {
        func distance(_ k: Int) -> Double { LocalPoint(x: samplePoints[k].x - p.x, y: samplePoints[k].y - p.y).length }
        return samples(near: p).filter { k in
            let d = distance(k)
            return (k == 0 || d <= distance(k - 1)) && (k == samplePoints.count - 1 || d <= distance(k + 1))
        }
    }

    /// Indices of the samples within `radius` of `p`.
    private func samples(near p: LocalPoint) -> [Int] {
        let lo = GridCell(x: Int(((p.x - radius) / cellSize).rounded(.down)), y: Int(((p.y - radius) / cellSize).rounded(.down)))
        let hi = GridCell(x: Int(((p.x + radius) / cellSize).rounded(.down)), y: Int(((p.y + radius) / cellSize).rounded(.down)))
        var out: [Int] = []
        for cx in lo.x...hi.x {
            for cy in lo.y...hi.y {
                guard let indices = grid[GridCell(x: cx, y: cy)] else { continue }
                for i in indices where LocalPoint(x: samplePoints[i].x - p.x, y: samplePoints[i].y - p.y).length <= radius {
                    out.append(i)
                }
            }
        }
        return out.sorted()
    }

    /// The interpolated step from `a` to `b` (the type's rule): marks the samples between the
    /// nearest pair and adds its along-route length to ``walkedNear`` when plausible.
    private mutating func interpolate(from a: LocalPoint, to b: LocalPoint, straight: Double, seconds: Double?) {
        if let seconds, seconds > Self.maximumInterpolationTime { return }
        let nearA = nearestSamples(a), nearB = nearestSamples(b)
        func plausible(_ along: Double) -> Bool {
            along <= Self.interpolationStretch * straight + 2 * radius
                && (seconds.map { along <= Self.maximumInterpolationSpeed * $0 } ?? true)
        }
        var shortest = Double.infinity
        for i in nearA { for j in nearB { shortest = min(shortest, abs(sampleDistances[j] - sampleDistances[i])) } }
        guard shortest.isFinite, plausible(shortest) else { return }
        for i in nearA {
            for j in nearB where plausible(abs(sampleDistances[j] - sampleDistances[i])) {
                for k in min(i, j)...max(i, j) where !covered[k] {
                    covered[k] = true
                    groundLength += sampleWeights[k]
                }
            }
        }
        walkedNear += shortest
    }

    /// Ends the current line of fixes: the next fix is not joined to the previous one (after a
    /// pause, so that walking with the app paused covers nothing).
    public mutating func breakLine() { previous = nil }

    /// The covered stretches as ranges of distance along the route, metres — for drawing the
    /// covered part of the route in another style. The ground's stretches (each marked sample's
    /// half-way stretch, merged), trimmed until their total is ``coveredLength``: first by up to
    /// `radius` + `spacing`/2 at each end that is not the route's start or end (how far the
    /// marked samples' stretches reach past where one walked), shared evenly between a
    /// stretch's open ends, then from the last stretch backwards (an out-and-back walked out: the out leg).
    public var coveredRanges: [ClosedRange<Double>] {
        var ground: [ClosedRange<Double>] = []
        for k in covered.indices where covered[k] {
            let lo = k > 0 ? (sampleDistances[k - 1] + sampleDistances[k]) / 2 : 0
            let hi = k + 1 < sampleDistances.count ? (sampleDistances[k] + sampleDistances[k + 1]) / 2 : routeLength
            if let last = ground.last, last.upperBound >= lo - 1e-9 {
                ground[ground.count - 1] = last.lowerBound...hi
            } else {
                ground.append(lo...hi)
            }
        }
        var excess = groundLength - coveredLength
        guard excess > 1e-9 else { return ground }
        var out: [(lo: Double, hi: Double)] = []
        for r in ground {
            var lo = r.lowerBound, hi = r.upperBound
            let openLow = lo > 1e-9, openHigh = hi < routeLength - 1e-9
            let ends = (openLow ? 1.0 : 0) + (openHigh ? 1 : 0)
            let band = min(excess, ends * (radius + spacing / 2), (hi - lo) * 0.999)
            if ends > 0 {
                if openLow { lo += band / ends }
                if openHigh { hi -= band / ends }
            }
            excess -= band
            out.append((lo, hi))
        }
        var i = out.count - 1
        while excess > 1e-9 && i >= 0 {
            let cut = min(excess, out[i].hi - out[i].lo)
            out[i].hi -= cut
            excess -= cut
            i -= 1
        }
        return out.filter { $0.hi - $0.lo > 1e-9 }.map { $0.lo...$0.hi }
    }
}

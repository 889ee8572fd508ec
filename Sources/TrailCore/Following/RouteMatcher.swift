import Foundation

/// Where a fix lies relative to the route: the matched point and the distances.
public struct RouteMatch: Hashable, Sendable {
    /// The matched point on the route (segment, fraction, coordinate).
    public var position: PolylinePosition
    /// Distance along the route to the matched point, metres: the hiker's progress.
    public var progress: Double { position.distanceAlong }
    /// Distance from the fix to the nearest point of the route's geometry, metres, unsigned
    /// (``RouteMatcher`` rule 5; the matched point may be a little farther).
    public var crossTrackDistance: Double { position.distance }
    /// True when this match came from a search of the whole route rather than the window.
    public var searchedWholeRoute: Bool
}

/// Finds the hiker's place on the route fix after fix without jumping between parts of a
/// route that crosses itself, runs back on itself (out-and-back) or zig-zags in switchbacks.
///
/// Method:
/// 1. **Start.** With no earlier match, the first ``Parameters/startWindow`` metres (500 m) of
///    the route are searched first — a hiker starts at the start, and on a loop route the start
///    and the end coincide; only when nothing there is within ``Parameters/onRouteDistance``
///    (30 m) is the whole route searched.
/// 2. **Window.** Afterwards only the part of the route from `last − 200 m` to
///    `last + max(500 m, 3 · speed · Δt)` is searched, where `last` is the previous progress,
///    `speed` the fix's speed over ground (0 when unknown) and Δt the time since the previous
///    fix. A crossing or a returning leg further along is outside the window and cannot
///    capture the match.
/// 3. **Ties.** Inside the window every segment gives its closest point; of those within
///    ``Parameters/tieTolerance`` (15 m) of the nearest one, the one whose distance along is
///    closest to the expected progress `last + speed · Δt` wins. On an out-and-back, near the
///    turn, or on switchbacks a few metres apart, this keeps the hiker on the leg they are on.
/// 4. **Re-acquire.** When the windowed match has been farther than `onRouteDistance` for
///    ``Parameters/reacquireAfter`` seconds (20 s of fix time) — the hiker took a shortcut,
///    skipped a stretch or started mid-route — the whole route is searched; if a part of it is
///    within `onRouteDistance` (ties as in 3) the match moves there.
/// 5. **Distance off the route.** The match's ``RouteMatch/crossTrackDistance`` is the
///    distance from the fix to the nearest point of the whole route's segments (DECISIONS.md
///    781), not to the chosen candidate: a tie (rule 3) may pick a leg up to 15 m farther, and
///    the window may leave out a nearer part. Rules 1–4 decide with the candidate's distance.
///
/// Closest points use ``LocalProjection`` per segment (the same method as
/// ``Polyline/closestPoint(to:segments:)``); distances along come from the polyline's
/// geodesic cumulative distances.
public struct RouteMatcher: Sendable {
    /// The tunables; the defaults are the values documented on ``RouteMatcher``.
    public struct Parameters: Hashable, Sendable, Codable {
        /// Metres behind the last progress included in the window.
        public var behind: Double = 200
        /// Smallest look-ahead, metres.
        public var minimumAhead: Double = 500
        /// Look-ahead as a multiple of the distance the hiker could have covered (speed · Δt).
        public var aheadSpeedFactor: Double = 3
        /// Candidates this close to the nearest one (metres) are ties.
        public var tieTolerance: Double = 15
        /// First search window from the route start, metres.
        public var startWindow: Double = 500
        /// Cross-track distance up to which a match counts as on the route, metres.
        public var onRouteDistance: Double = 30
        /// Seconds off the route (in the window) before the whole route is searched.
        public var reacquireAfter: Double = 20

        public init() {}
    }

    public let route: Polyline
    public var parameters: Parameters
    /// The previous match and the time of its fix.
    public private(set) var last: (match: RouteMatch, time: Date)?
    private var offWindowSince: Date?

    public init(route: Polyline, parameters: Parameters = Parameters()) {
        self.route = route
        self.parameters = parameters
    }

    /// Matches a position; nil only for a route without vertices.
    /// - Parameters:
    ///   - coordinate: the (filtered) fix position.
    ///   - time: the fix time.
    ///   - speed: the fix's speed over ground, m/s, when known.
    public mutating func match(_ coordinate: Coordinate, time: Date, speed: Double?) -> RouteMatch? {
        guard !route.coordinates.isEmpty else { return nil }
        let p = parameters
        guard let (previous, previousTime) = last else {
            var m = best(coordinate, along: 0...p.startWindow, expected: 0)
            if (m?.crossTrackDistance ?? .infinity) > p.onRouteDistance,
               let global = best(coordinate, along: nil, expected: 0),
               global.crossTrackDistance < (m?.crossTrackDistance ?? .infinity) - p.tieTolerance {
                m = global
            }
            if let m { last = (m, time) }
            return m.map { reportingDistanceToTheRoute($0, coordinate) }
        }
        let dt = max(0, time.timeIntervalSince(previousTime))
        let reach = max(0, speed ?? 0) * dt
        let expected = previous.progress + reach
        let window = (previous.progress - p.behind)...(previous.progress + max(p.minimumAhead, p.aheadSpeedFactor * reach))
        var m = best(coordinate, along: window, expected: expected)
            ?? RouteMatch(position: previous.position, searchedWholeRoute: false)
        if m.crossTrackDistance > p.onRouteDistance {
            let since = offWindowSince ?? time
            offWindowSince = since
            if time.timeIntervalSince(since) >= p.reacquireAfter,
               let global = best(coordinate, along: nil, expected: expected),
               global.crossTrackDistance <= p.onRouteDistance {
                m = RouteMatch(position: global.position, searchedWholeRoute: true)
                offWindowSince = nil
            }
        } else {
            offWindowSince = nil
        }
        last = (m, time)
        return reportingDistanceToTheRoute(m, coordinate)
    }

    /// `m` with its cross-track distance replaced by the distance from `point` to the whole
    /// route's geometry (rule 5), keeping the matched place.
    private func reportingDistanceToTheRoute(_ m: RouteMatch, _ point: Coordinate) -> RouteMatch {
        var out = m
        out.position.crossTrackDistance = distanceToTheRoute(point)
        return out
    }

    /// Signed distance from `point` to the nearest point of the route's segments, metres:
    /// positive when the point lies to the right of that segment (its direction of travel), as
    /// ``LocalProjection/closestPointOnSegment(_:_:_:)``; `.infinity` for a route without
    /// vertices. Segments are projected into a ``LocalProjection`` tangent at the point
    /// (distortion of order (d/R)², negligible at hundreds of metres).
    public func distanceToTheRoute(_ point: Coordinate) -> Double {
        let coords = route.coordinates
        guard let first = coords.first else { return .infinity }
        let projection = LocalProjection(origin: point)
        let origin = LocalPoint(x: 0, y: 0)
        var a = projection.project(first)
        guard coords.count > 1 else { return a.length }
        var nearest = Double.infinity, signed = Double.infinity
        for i in 1..<coords.count {
            let b = projection.project(coords[i])
            let d = LocalProjection.closestPointOnSegment(origin, a, b).signedDistance
            if abs(d) < nearest { nearest = abs(d); signed = d }
            a = b
        }
        return signed
    }

    /// Forgets the previous match (the next fix starts over as in rule 1).
    public mutating func reset() {
        last = nil
        offWindowSince = nil
    }

    /// The best candidate among segments overlapping `along` (all when nil).
    private func best(_ point: Coordinate, along: ClosedRange<Double>?, expected: Double) -> RouteMatch? {
        let coords = route.coordinates
        if coords.count == 1 {
            return route.closestPoint(to: point).map { RouteMatch(position: $0, searchedWholeRoute: along == nil) }
        }
        let segments = along.map(segmentRange) ?? 0..<(coords.count - 1)
        guard !segments.isEmpty else { return nil }
        let projection = LocalProjection(origin: point)
        let origin = LocalPoint(x: 0, y: 0)
        var candidates: [(segment: Int, fraction: Double, signed: Double)] = []
        candidates.reserveCapacity(segments.count)
        var a = projection.project(coords[segments.lowerBound])
        var nearest = Double.infinity
        for i in segments {
            let b = projection.project(coords[i + 1])
            let r = LocalProjection.closestPointOnSegment(origin, a, b)
            candidates.append((i, r.fraction, r.signedDistance))
            nearest = min(nearest, abs(r.signedDistance))
            a = b
        }
        let cum = route.cumulativeDistances
        var chosen: (segment: Int, fraction: Double, signed: Double)?
        var chosenGap = Double.infinity
        for c in candidates where abs(c.signed) <= nearest + parameters.tieTolerance {
            let alongHere = cum[c.segment] + c.fraction * (cum[c.segment + 1] - cum[c.segment])
            let gap = abs(alongHere - expected)
            if gap < chosenGap { chosenGap = gap; chosen = c }
        }
        guard let c = chosen,
              var position = route.position(atDistance: cum[c.segment] + c.fraction * (cum[c.segment + 1] - cum[c.segment]))
        else { return nil }
        position.crossTrackDistance = c.signed
        return RouteMatch(position: position, searchedWholeRoute: along == nil)
    }

    /// Segments whose span of distance along overlaps `range`.
    private func segmentRange(_ range: ClosedRange<Double>) -> Range<Int> {
        let cum = route.cumulativeDistances
        let segmentCount = cum.count - 1
        // First segment whose end (cum[i + 1]) reaches range.lowerBound.
        var lo = 0, hi = segmentCount
        while lo < hi { let mid = (lo + hi) / 2; if cum[mid + 1] < range.lowerBound { lo = mid + 1 } else { hi = mid } }
        let first = lo
        // First segment whose start (cum[i]) lies beyond range.upperBound.
        lo = first; hi = segmentCount
        while lo < hi { let mid = (lo + hi) / 2; if cum[mid] <= range.upperBound { lo = mid + 1 } else { hi = mid } }
        return first..<max(first, lo)
    }
}

import Foundation

/// What one fix did to a ``FollowSession``.
public struct FollowUpdate: Hashable, Sendable {
    /// The position filter's verdict; nothing else happens to a rejected fix.
    public var decision: FilterDecision
    /// Where the accepted fix lies on the route (nil when rejected or paused).
    public var match: RouteMatch?
    /// An off-route alert to show, if this fix triggered one.
    public var alert: OffRouteAlert?
    /// Route length newly covered by this fix, metres (``RouteCoverage/add(_:time:)``).
    public var newlyCovered: Double

    /// True when the filter accepted the fix.
    public var isAccepted: Bool { decision == .accepted }
}

/// The state of following one route: feed it every fix from a position source; read progress,
/// remaining distance, ETA, coverage, off-route state, elevation and the walk so far.
///
/// Pure and synchronous: an Elm-style `update` calls ``receive(_:)`` for a position message,
/// ``pause(at:)``/``resume(at:)`` for keys, and draws from the properties. Time comes only from
/// fix times.
///
/// Per fix: the ``PositionFilter`` decides (rejected fixes change nothing but the counters).
/// While paused, accepted fixes move the position marker (``lastFix``) and nothing else.
/// Otherwise the fix is matched (``RouteMatcher``), marks coverage (``RouteCoverage``), feeds
/// the off-route alert (``OffRouteMonitor``) with its cross-track distance, and is added to
/// the walk:
/// - **distance walked**: geodesic sum between consecutive accepted fixes of one stretch (a
///   pause ends a stretch; the gap across it is not walked distance);
/// - **active time**: the sum of the time between consecutive accepted fixes of a stretch —
///   so time spent paused is excluded, a GPS outage while walking is included;
/// - **furthest point reached**: the largest progress among fixes within the off-route
///   threshold of the route (a wild fix beside the route's far end does not count);
/// - **elevation gain**: the statistics' turning-point hysteresis (5 m) over the fixes'
///   altitudes, the pending climb included;
/// - **moving time/speed** for the ETA: ``LiveMovingTime`` (the statistics' 60 s chunk rule).
///
/// Persistence: ``walkedSegments`` holds the accepted fixes as trackpoints, one segment per
/// stretch between pauses. Writing each new point as it arrives and calling
/// ``init(route:configuration:restoring:)`` after a crash rebuilds the same state.
public struct FollowSession: Sendable {
    public let route: FollowRoute
    public let configuration: FollowConfiguration
    public private(set) var filter: PositionFilter
    public private(set) var matcher: RouteMatcher
    public private(set) var coverage: RouteCoverage
    public private(set) var offRoute: OffRouteMonitor
    public private(set) var moving: LiveMovingTime
    /// The last accepted fix (also while paused): the position marker.
    public private(set) var lastFix: PositionFix?
    /// The match of the last accepted fix while not paused.
    public private(set) var lastMatch: RouteMatch?
    /// Largest progress reached on the route, metres.
    public private(set) var furthestProgress = 0.0
    /// The progress of the first matched fix: where following began (metres along the route).
    public private(set) var firstProgress: Double?
    /// Seconds between accepted fixes outside pauses.
    public private(set) var activeTime = 0.0
    /// Metres between accepted fixes outside pauses.
    public private(set) var distanceWalked = 0.0
    /// Accepted fixes outside pauses, one segment per stretch.
    public private(set) var walkedSegments: [[Trackpoint]] = []
    /// True between ``pause(at:)`` and ``resume(at:)``.
    public private(set) var isPaused = false
    /// Fixes the filter accepted while paused: they move the marker but are not "used".
    public private(set) var fixesWhilePaused = 0
    /// Accepted fixes that counted (the filter's accepted ones less those while paused).
    public var usedFixes: Int { filter.counters.accepted - fixesWhilePaused }
    /// Time of the first accepted fix.
    public private(set) var startTime: Date?

    private var elevation: ElevationFilter
    private var stretchOpen = false
    private var previousInStretch: PositionFix?

    public init(route: FollowRoute, configuration: FollowConfiguration = FollowConfiguration()) {
        self.route = route
        self.configuration = configuration
        filter = PositionFilter(rules: configuration.filter)
        matcher = RouteMatcher(route: route.polyline, parameters: configuration.matcher)
        coverage = RouteCoverage(route: route.polyline, spacing: configuration.coverageSpacing,
                                 radius: configuration.coverageRadius, maximumGap: configuration.coverageMaximumGap)
        offRoute = OffRouteMonitor(parameters: configuration.offRoute)
        moving = LiveMovingTime(configuration: configuration.statistics)
        elevation = ElevationFilter(threshold: configuration.statistics.elevationThreshold,
                                    walking: WalkingTime(configuration: configuration.statistics))
    }

    /// Rebuilds a session from the stretches saved so far (each a list of accepted fixes as
    /// trackpoints, in order; trackpoints without time are skipped). The result is paused when
    /// `paused` is true — a recording restored after a crash resumes as paused. The filter
    /// counts the restored fixes as accepted and judges the next fix against the last of them.
    public init(route: FollowRoute, configuration: FollowConfiguration = FollowConfiguration(),
                restoring segments: [[Trackpoint]], paused: Bool = true) {
        self.init(route: route, configuration: configuration)
        for (i, segment) in segments.enumerated() {
            if i > 0, let t = lastFix?.time { pause(at: t); resume(at: t) }
            for p in segment {
                guard let t = p.time else { continue }
                var fix = PositionFix(time: t, coordinate: p.coordinate, altitude: p.elevation, source: .replay)
                fix.speed = p.extras?.speed
                filter.restore(fix)
                _ = accept(fix)
            }
        }
        if paused, let t = lastFix?.time { pause(at: t) }
    }

    /// Filters and applies one fix.
    public mutating func receive(_ fix: PositionFix) -> FollowUpdate {
        let reanchors = filter.counters.reanchors
        let decision = filter.evaluate(fix)
        guard decision == .accepted else {
            return FollowUpdate(decision: decision, match: nil, alert: nil, newlyCovered: 0)
        }
        // A re-anchor (a jump, a ride) ends the stretch unless the leg could have been walked,
        // as in a recording (DECISIONS 423): the jump is not walked distance, time or coverage.
        if filter.counters.reanchors != reanchors, let prev = previousInStretch,
           !RecordingSession.legCounts(from: prev.trackpoint, to: fix.trackpoint) {
            breakStretch()
        }
        return accept(fix)
    }

    /// Stops accruing: fixes still move the marker but add no distance, time or coverage.
    public mutating func pause(at time: Date) {
        guard !isPaused else { return }
        isPaused = true
        breakStretch()
        offRoute.reset()
    }

    /// Ends the current stretch: the next accepted fix starts a new one, with nothing between.
    private mutating func breakStretch() {
        stretchOpen = false
        previousInStretch = nil
        coverage.breakLine()
        moving.breakChunk()
    }

    /// Accrues again from the next accepted fix (which starts a new stretch).
    public mutating func resume(at time: Date) {
        isPaused = false
    }

    private mutating func accept(_ fix: PositionFix) -> FollowUpdate {
        lastFix = fix
        if startTime == nil { startTime = fix.time }
        guard !isPaused else {
            fixesWhilePaused += 1
            return FollowUpdate(decision: .accepted, match: nil, alert: nil, newlyCovered: 0)
        }
        var step = 0.0
        if let prev = previousInStretch {
            step = Geodesy.distance(from: prev.coordinate, to: fix.coordinate)
            distanceWalked += step
            activeTime += max(0, fix.time.timeIntervalSince(prev.time))
        }
        if !stretchOpen {
            walkedSegments.append([])
            stretchOpen = true
        }
        walkedSegments[walkedSegments.count - 1].append(fix.trackpoint)
        previousInStretch = fix
        moving.add(time: fix.time, coordinate: fix.coordinate, step: step)
        if let alt = fix.altitude { elevation.add(alt, at: distanceWalked) }
        let newly = coverage.add(fix.coordinate, time: fix.time)
        let match = matcher.match(fix.coordinate, time: fix.time, speed: fix.speed)
        var alert: OffRouteAlert?
        if let match {
            lastMatch = match
            if firstProgress == nil { firstProgress = match.progress }
            if match.crossTrackDistance <= configuration.offRoute.threshold {
                furthestProgress = max(furthestProgress, match.progress)
            }
            alert = offRoute.update(distance: match.crossTrackDistance, at: fix.time)
        }
        return FollowUpdate(decision: .accepted, match: match, alert: alert, newlyCovered: newly)
    }
}

extension FollowSession {
    /// Distance along the route of the last match, metres (0 before the first fix).
    public var progress: Double { lastMatch?.progress ?? 0 }
    /// Route length still ahead of the last match, metres.
    public var remainingDistance: Double { max(0, route.length - progress) }
    /// Covered share of the route, 0...1.
    public var coverageFraction: Double { coverage.fraction }
    /// Cross-track distance of the last match, metres.
    public var crossTrackDistance: Double? { lastMatch?.crossTrackDistance }
    /// The same, signed: positive when the hiker is right of the route's direction of travel
    /// (``PolylinePosition/crossTrackDistance``), so the trail is to their left.
    public var signedCrossTrackDistance: Double? { lastMatch?.position.crossTrackDistance }
    /// True while the off-route alert is active.
    public var isOffRoute: Bool { offRoute.isOffRoute }
    /// Altitude of the last accepted fix, metres.
    public var elevationNow: Double? { lastFix?.altitude }
    /// Climb so far after the hysteresis filter, metres (the climb in progress included).
    public var elevationGain: Double {
        var copy = elevation
        copy.finish(endDistance: distanceWalked)
        return copy.gain
    }
    /// Descent so far after the hysteresis filter, metres.
    public var elevationLoss: Double {
        var copy = elevation
        copy.finish(endDistance: distanceWalked)
        return copy.loss
    }
    /// Every accepted fix outside pauses, in order (all stretches joined).
    public var walkedPoints: [Trackpoint] { walkedSegments.flatMap { $0 } }
}

import Foundation

/// Every threshold the follow state uses, in one value the screen and `cairn follow` can
/// adjust (`--off-route 30m` sets ``offRoute``'s threshold and the matcher's on-route distance).
public struct FollowConfiguration: Hashable, Sendable {
    /// The GPS noise filter applied to each fix first.
    public var filter: PositionFilterRules = .standard
    /// Window and re-acquire rules of the route matcher.
    public var matcher = RouteMatcher.Parameters()
    /// The off-route alert.
    public var offRoute = OffRouteMonitor.Parameters()
    /// Coverage sample spacing, metres (``RouteCoverage/defaultSpacing``).
    public var coverageSpacing = RouteCoverage.defaultSpacing
    /// Coverage radius, metres (``RouteCoverage/defaultRadius``).
    public var coverageRadius = RouteCoverage.defaultRadius
    /// Longest interpolated gap between fixes for coverage, metres.
    public var coverageMaximumGap = RouteCoverage.defaultMaximumGap
    /// Moving-time chunks, elevation hysteresis and DIN 33466 rates, shared with statistics.
    public var statistics = StatisticsConfiguration.standard
    /// The ETA switches from the hiking rule to the hiker's own moving speed once at least this
    /// much moving time (seconds) …
    public var etaMinimumMovingTime = 300.0
    /// … and this much moving distance (metres) have been recorded. Five minutes and 250 m:
    /// long enough that a first minute standing at the car park does not set the pace.
    public var etaMinimumMovingDistance = 250.0
    /// Douglas–Peucker tolerance for the backtrack route, metres.
    public var backtrackTolerance = 10.0

    public init() {}

    /// The defaults with a different off-route threshold (metres), applied to both the alert
    /// and the matcher's notion of being on the route.
    public init(offRouteThreshold: Double) {
        offRoute = OffRouteMonitor.Parameters(threshold: offRouteThreshold)
        matcher.onRouteDistance = offRouteThreshold
    }
}

import Foundation

/// How ``FollowSession/estimatedTimeRemaining`` was worked out.
public enum ETAMethod: String, Hashable, Sendable, Codable {
    /// Remaining distance / the hiker's moving average speed so far.
    case movingSpeed
    /// DIN 33466 walking time of the rest of the route (4 km/h, 300 m/h up, 500 m/h down).
    case hikingRule
}

extension FollowSession {
    /// Seconds of walking still ahead and how they were estimated.
    ///
    /// Once ``LiveMovingTime`` holds at least ``FollowConfiguration/etaMinimumMovingTime``
    /// (300 s) and ``FollowConfiguration/etaMinimumMovingDistance`` (250 m), the estimate is
    /// remaining distance / moving average speed. Before that it is the DIN 33466 walking time
    /// (``StatisticsCalculator/estimatedWalkingTime(_:)``) of the rest of the route. Breaks
    /// are never included: it is walking time, not arrival time.
    public var estimatedTimeRemaining: (seconds: Double, method: ETAMethod) {
        let c = configuration
        if moving.movingTime >= c.etaMinimumMovingTime, moving.movingDistance >= c.etaMinimumMovingDistance,
           let v = moving.movingAverageSpeed, v > 0 {
            return (remainingDistance / v, .movingSpeed)
        }
        return (hikingRuleTime(), .hikingRule)
    }

    /// The DIN 33466 part of ``estimatedTimeRemaining``: one statistics pass over the rest of
    /// the route (``FollowRoute/remainingPoints(from:)``, starting at the matched point with an
    /// interpolated elevation), computed on demand in O(vertices ahead).
    func hikingRuleTime() -> Double {
        let points = route.remainingPoints(from: progress)
        guard points.count > 1 else { return 0 }
        let calculator = StatisticsCalculator(configuration: configuration.statistics)
        return calculator.estimatedWalkingTime(Track(segments: [TrackSegment(points: points)]))
    }
}

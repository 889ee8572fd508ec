import Foundation

/// How ``FollowSession/estimatedTimeRemaining`` was worked out.
public enum ETAMethod: String, Hashable, Sendable, Codable {
    /// Remaining distance / the hiker's moving average speed so far (no longer used: it ignores
    /// the climb ahead; kept so stored summaries still decode).
    case movingSpeed
    /// DIN 33466 walking time of the rest of the route × the hiker's own ratio to the rule
    /// (their moving pace over the DIN pace of the route done so far).
    case hikersRatio
    /// DIN 33466 walking time of the rest of the route (4 km/h, 300 m/h up, 500 m/h down).
    case hikingRule
}

extension FollowSession {
    /// Seconds of walking still ahead and how they were estimated.
    ///
    /// The DIN 33466 walking time of the rest of the route (``StatisticsCalculator/estimatedWalkingTime(_:)``:
    /// 4 km/h, 300 m/h up, 500 m/h down, with the climb and descent still ahead). Once
    /// ``LiveMovingTime`` holds at least ``FollowConfiguration/etaMinimumMovingTime`` (300 s) and
    /// ``FollowConfiguration/etaMinimumMovingDistance`` (250 m), it is scaled by the hiker's own
    /// ratio to the rule: r = (moving time / moving distance) ÷ (DIN time / length of the route
    /// from where following began to the current progress), clamped to 0.25…4. A walk that
    /// matches the rule gets r = 1; a fast walker on a climb-heavy first part is not taken for a
    /// fast walker on the flat rest (the moving speed alone was 20 % short then 34 % long on
    /// adrutas-180502, DECISIONS.md 844). Breaks are never included: it is walking time.
    public var estimatedTimeRemaining: (seconds: Double, method: ETAMethod) {
        let c = configuration
        let ahead = hikingRuleTime()
        if moving.movingTime >= c.etaMinimumMovingTime, moving.movingDistance >= c.etaMinimumMovingDistance,
           let ratio = hikersRatio() {
            return (ahead * ratio, .hikersRatio)
        }
        return (ahead, .hikingRule)
    }

    /// The hiker's pace over the DIN 33466 pace of the route done so far (see
    /// ``estimatedTimeRemaining``); nil while no route has been done or nothing moved.
    public func hikersRatio() -> Double? {
        let start = firstProgress ?? 0
        let done = progress - start
        guard done >= configuration.etaMinimumMovingDistance / 2, moving.movingDistance > 0 else { return nil }
        let points = route.points(from: start, to: progress)
        guard points.count > 1 else { return nil }
        let calculator = StatisticsCalculator(configuration: configuration.statistics)
        let din = calculator.estimatedWalkingTime(Track(segments: [TrackSegment(points: points)]))
        guard din > 0 else { return nil }
        let ratio = (moving.movingTime / moving.movingDistance) / (din / done)
        return ratio.isFinite ? min(4, max(0.25, ratio)) : nil
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

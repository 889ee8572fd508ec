import Foundation
import Localization

/// Limits beyond which a file's numbers are implausible for a walk (DECISIONS.md 132).
public struct PlausibilityLimits: Hashable, Sendable {
    /// Times before this are before the GPS era: 1980-01-06T00:00:00Z, GPS week 0 (IS-GPS-200).
    /// A receiver that has not yet got the time writes 1970 (Unix 0) or 1980 dates.
    public var earliestTime: Date
    /// Fastest plausible average speed of a walk or run (timed distance / elapsed time), m/s:
    /// 25 km/h, above a marathon record's 21 km/h.
    public var maximumAverageSpeed: Double

    public init(earliestTime: Date = Date(timeIntervalSince1970: 315_964_800), maximumAverageSpeed: Double = 25 / 3.6) {
        self.earliestTime = earliestTime
        self.maximumAverageSpeed = maximumAverageSpeed
    }

    public static let standard = PlausibilityLimits()

    /// Why stored numbers cannot be a real walk (the same tests as the import's warnings),
    /// nil when they can: a first timestamp before ``earliestTime``, or an average speed above
    /// ``maximumAverageSpeed``.
    public func implausibility(startTime: Date?, averageSpeed: Double?) -> Implausibility? {
        if let t = startTime, t < earliestTime { return .beforeGPSEra(t) }
        if let v = averageSpeed, v.isFinite, v > maximumAverageSpeed { return .fasterThanAWalk(v, limit: maximumAverageSpeed) }
        return nil
    }
}

/// Why a track's numbers are not a walk's (``PlausibilityLimits/implausibility(startTime:averageSpeed:)``).
public enum Implausibility: Hashable, Sendable, CustomStringConvertible {
    /// Dated before the GPS era (a receiver's unset clock: 1970, 1980).
    case beforeGPSEra(Date)
    /// Averages this speed, m/s, above the limit for a walk.
    case fasterThanAWalk(Double, limit: Double)

    public var description: String {
        switch self {
        case .beforeGPSEra(let t):
            let year = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: t).year ?? 0
            return L("dated %d, before the GPS era (an unset clock)", year)
        case .fasterThanAWalk(let v, let limit):
            return L("averages %s km/h, faster than %s km/h, the limit for a walk", UnitFormatter.messageDecimal(v * 3.6, decimals: 1),
                     UnitFormatter.messageDecimal(limit * 3.6, decimals: 0))
        }
    }
}

import Foundation

/// The numbers saved in a hike's history when following stops (and written as it goes, so a
/// killed process keeps them).
public struct FollowSummary: Hashable, Sendable, Codable {
    /// Time of the first and last accepted fix.
    public var startTime: Date?
    public var endTime: Date?
    /// Route length, metres.
    public var routeLength: Double
    /// Covered share of the route, 0...1, and the covered length in metres.
    public var coverage: Double
    public var coveredLength: Double
    /// Largest progress along the route reached on it, metres.
    public var furthestProgress: Double
    /// Progress at the last fix, metres.
    public var finalProgress: Double
    /// Seconds between accepted fixes outside pauses.
    public var activeTime: Double
    /// Metres walked (accepted fixes outside pauses).
    public var distanceWalked: Double
    /// Climb after the hysteresis filter, metres.
    public var elevationGain: Double
    /// Fixes accepted and rejected by the filter.
    public var acceptedFixes: Int
    public var rejectedFixes: Int
    /// NMEA sentences the source skipped as bad (checksum wrong or missing, malformed), and
    /// gpsd lines that were not JSON reports; nil when not reported (gpsd has no sentences,
    /// NMEA no gpsd lines, and walks saved before these were kept have neither).
    public var badSentences: Int?
    public var garbageLines: Int?
    /// Moving time (seconds) and moving distance (metres) by the statistics' 60 s chunk rule
    /// (``LiveMovingTime``), what the totals count for a walk; nil for walks saved before these
    /// were kept (the totals then count ``activeTime``).
    public var movingTime: Double?
    public var movingDistance: Double?

    public init(startTime: Date? = nil, endTime: Date? = nil, routeLength: Double = 0, coverage: Double = 0,
                coveredLength: Double = 0, furthestProgress: Double = 0, finalProgress: Double = 0,
                activeTime: Double = 0, distanceWalked: Double = 0, elevationGain: Double = 0,
                acceptedFixes: Int = 0, rejectedFixes: Int = 0) {
        self.startTime = startTime
        self.endTime = endTime
        self.routeLength = routeLength
        self.coverage = coverage
        self.coveredLength = coveredLength
        self.furthestProgress = furthestProgress
        self.finalProgress = finalProgress
        self.activeTime = activeTime
        self.distanceWalked = distanceWalked
        self.elevationGain = elevationGain
        self.acceptedFixes = acceptedFixes
        self.rejectedFixes = rejectedFixes
    }
}

extension FollowSession {
    /// The summary of the walk so far.
    public var summary: FollowSummary {
        var s = FollowSummary(startTime: startTime, endTime: lastFix?.time, routeLength: route.length,
                      coverage: coverage.fraction, coveredLength: coverage.coveredLength,
                      furthestProgress: furthestProgress, finalProgress: progress, activeTime: activeTime,
                      distanceWalked: distanceWalked, elevationGain: elevationGain,
                      acceptedFixes: usedFixes, rejectedFixes: filter.counters.totalRejected)
        s.movingTime = moving.movingTime
        s.movingDistance = moving.movingDistance
        return s
    }
}

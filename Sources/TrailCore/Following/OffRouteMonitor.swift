import Foundation

/// What the off-route monitor tells the screen after a fix.
public enum OffRouteAlert: Hashable, Sendable {
    /// The hiker has left the route: show the banner, ring the bell (and speak).
    case leftRoute(distance: Double)
    /// Still off the route; repeated every ``OffRouteMonitor/Parameters/repeatInterval``, and
    /// sooner when the distance grew by ``OffRouteMonitor/Parameters/growthStep`` since the last alert.
    case stillOffRoute(distance: Double, since: Date)
    /// Back on the route: clear the banner.
    case backOnRoute
}

/// The off-route alert state machine, fed with the cross-track distance of each accepted fix.
///
/// Rules (defaults in parentheses, all in ``Parameters``):
/// - **Leaving.** A fix farther than `threshold` (30 m, `--off-route`) starts a suspicion; the
///   alert `leftRoute` fires when at least `confirmFixes` (3) consecutive fixes have been
///   beyond the threshold *and* at least `confirmDuration` (10 s) of fix time has passed since
///   the first of them. One wild fix, or a few seconds of wobble around a wide path, never
///   alerts; a hiker really heading off at walking pace is ~15 m further out when told.
/// - **Repeating.** While off, `stillOffRoute` fires every `repeatInterval` (60 s) of fix time,
///   and at once when the distance has grown by `growthStep` (50 m) since the last alert (so
///   a detour heading away is told at 40, 90, 140 m … however fast it grows; DECISIONS.md 921).
/// - **Returning (hysteresis).** The alert clears (`backOnRoute`) after `returnFixes` (2)
///   consecutive fixes within `returnDistance` — `threshold − 10 m`, but at least half the
///   threshold (20 m for 30 m). Between the two distances nothing changes, so walking along at
///   29–31 m does not flap.
public struct OffRouteMonitor: Sendable {
    /// The thresholds; defaults as documented on ``OffRouteMonitor``.
    public struct Parameters: Hashable, Sendable, Codable {
        /// Default off-route threshold, metres.
        public static let defaultThreshold = 30.0
        /// Distance beyond which a fix is off the route, metres.
        public var threshold: Double
        /// Consecutive fixes beyond the threshold needed to alert.
        public var confirmFixes: Int = 3
        /// Seconds of fix time beyond the threshold needed to alert.
        public var confirmDuration: Double = 10
        /// Consecutive fixes within ``returnDistance`` needed to clear the alert.
        public var returnFixes: Int = 2
        /// Seconds between repeated alerts while off the route.
        public var repeatInterval: Double = 60
        /// Metres the distance must grow beyond the last alert's for a repeat before
        /// ``repeatInterval`` (nil: repeats by time only).
        public var growthStep: Double? = 50

        public init(threshold: Double = defaultThreshold) { self.threshold = threshold }

        /// Distance within which a fix counts towards returning, metres.
        public var returnDistance: Double { max(threshold / 2, threshold - 10) }
    }

    /// Where the state machine is.
    public enum State: Hashable, Sendable {
        case onRoute
        /// Beyond the threshold but not yet confirmed.
        case leaving(since: Date, fixes: Int)
        /// Alerted; `lastAlert` is when the last alert fired, `returning` the count of
        /// consecutive fixes already within the return distance.
        case offRoute(since: Date, lastAlert: Date, returning: Int)
    }

    public var parameters: Parameters
    public private(set) var state: State = .onRoute
    /// The distance told by the last alert (left or still), nil while on the route.
    public private(set) var lastAlertDistance: Double?

    public init(parameters: Parameters = Parameters()) { self.parameters = parameters }

    /// True while the alert is active.
    public var isOffRoute: Bool { if case .offRoute = state { true } else { false } }

    /// Feeds the cross-track distance (metres) of a fix taken at `time`.
    /// - Returns: the alert to show, if any.
    public mutating func update(distance: Double, at time: Date) -> OffRouteAlert? {
        let p = parameters
        switch state {
        case .onRoute:
            guard distance > p.threshold else { return nil }
            state = .leaving(since: time, fixes: 1)
            return confirmIfDue(since: time, fixes: 1, distance: distance, at: time)
        case let .leaving(since, fixes):
            guard distance > p.threshold else { state = .onRoute; return nil }
            state = .leaving(since: since, fixes: fixes + 1)
            return confirmIfDue(since: since, fixes: fixes + 1, distance: distance, at: time)
        case let .offRoute(since, lastAlert, returning):
            if distance <= p.returnDistance {
                if returning + 1 >= p.returnFixes {
                    state = .onRoute
                    lastAlertDistance = nil
                    return .backOnRoute
                }
                state = .offRoute(since: since, lastAlert: lastAlert, returning: returning + 1)
                return nil
            }
            let grown = p.growthStep.map { step in lastAlertDistance.map { distance >= $0 + step } ?? false } ?? false
            if time.timeIntervalSince(lastAlert) >= p.repeatInterval || grown {
                state = .offRoute(since: since, lastAlert: time, returning: 0)
                lastAlertDistance = distance
                return .stillOffRoute(distance: distance, since: since)
            }
            state = .offRoute(since: since, lastAlert: lastAlert, returning: 0)
            return nil
        }
    }

    /// Back to on-route without an alert (after a pause or a backtrack).
    public mutating func reset() {
        state = .onRoute
        lastAlertDistance = nil
    }

    private mutating func confirmIfDue(since: Date, fixes: Int, distance: Double, at time: Date) -> OffRouteAlert? {
        guard fixes >= parameters.confirmFixes, time.timeIntervalSince(since) >= parameters.confirmDuration else {
            return nil
        }
        state = .offRoute(since: since, lastAlert: time, returning: 0)
        lastAlertDistance = distance
        return .leftRoute(distance: distance)
    }
}

import Foundation

/// Why ``PositionFilter`` refused a fix. Raw values are stable names for counters and logs.
public enum FixRejection: String, Hashable, Sendable, CaseIterable, Codable {
    /// The receiver had no fix (mode none) or the coordinate is out of range.
    case noPosition
    /// Horizontal accuracy worse than ``PositionFilterRules/maximumHorizontalAccuracy``.
    case poorAccuracy
    /// A placeholder or wild position: within ``PositionFilterRules/nullIslandRadius`` of
    /// 0°, 0°, or farther than ``PositionFilterRules/strayDistance`` from the last accepted fix.
    case strayFix
    /// Not later than the last accepted fix (a repeated or reordered report).
    case outOfOrder
    /// Reaching it from the last accepted fix needs more than ``PositionFilterRules/maximumSpeed``.
    case impossibleSpeed
    /// Closer than ``PositionFilterRules/minimumDistance`` to the last accepted fix (also a
    /// repeated epoch: the same time and place again).
    case duplicate
    /// Standing still: slow (for ``PositionFilterRules/stationaryDuration``) and inside the
    /// accuracy radius of the last accepted fix.
    case stationaryJitter
    /// Moved, but less than ``PositionFilterRules/minimumSpacing`` from the last accepted fix.
    case tooClose
}

/// The outcome of ``PositionFilter/evaluate(_:)``.
public enum FilterDecision: Hashable, Sendable {
    case accepted
    case rejected(FixRejection)
}

/// The GPS noise filter every fix passes before following or recording uses it.
///
/// Rules, checked in this order against the last *accepted* fix (the first rule that fails
/// names the rejection; thresholds are ``PositionFilterRules``, defaults in brackets):
/// 1. `noPosition`: mode none or an invalid coordinate.
/// 2. `poorAccuracy`: horizontal accuracy > `maximumHorizontalAccuracy` [30 m]. A fix without
///    an accuracy estimate (a GPX replay) passes.
/// 3. `strayFix`: within `nullIslandRadius` [1 km] of 0°, 0° (a receiver's placeholder), or
///    farther than `strayDistance` [1,000 km] from the last accepted fix. A stray never
///    becomes the anchor by itself (see re-anchoring).
/// 4. `outOfOrder`: time not after the last accepted fix (kept across a pause and a restore);
///    a repeated epoch — the same time as the last accepted fix and within `minimumDistance`
///    of it — is a `duplicate` instead.
/// 5. `impossibleSpeed`: geodesic distance / time difference > `maximumSpeed` [12 m/s].
/// 6. `duplicate`: geodesic distance < `minimumDistance` [1 m].
/// 7. `stationaryJitter`: speed < `stationarySpeed` [0.5 m/s] on every fix for at least
///    `stationaryDuration` [following 0 s, recording 30 s], and distance ≤ the fix's
///    horizontal accuracy. The speed is the receiver's speed over ground when reported, else
///    the implied speed from the last accepted fix; the rule needs an accuracy estimate and is
///    skipped without one. While the hiker stands still, points scattered inside the error
///    circle are held back instead of drawing a star of zig-zags; once the position leaves the
///    circle it is accepted.
/// 8. `tooClose`: distance < `minimumSpacing` [following off, recording 10 m].
///
/// Re-anchoring: if the last accepted fix was itself a jump the speed rule would reject every
/// true fix after it. So after 5 consecutive `impossibleSpeed` rejections, a sixth fix that
/// would fail the speed rule again is accepted as a new anchor (counted in
/// ``FilterCounters/reanchors``). The same holds for far strays that agree with each other
/// (each within `strayDistance` of the one before: the anchor, not they, was wrong); fixes
/// near 0°, 0° never re-anchor.
///
/// The filter's only clock is the fixes' own times, so tests drive it with constructed fixes.
/// It does not smooth or move positions; it only decides. Distances are WGS84 geodesics
/// (``Geodesy/distance(from:to:)``).
public struct PositionFilter: Sendable {
    /// The thresholds in use.
    public var rules: PositionFilterRules
    /// The last fix that passed.
    public private(set) var lastAccepted: PositionFix?
    /// How many fixes passed and why the others did not.
    public private(set) var counters = FilterCounters()
    private var consecutiveSpeedRejections = 0
    private var consecutiveStrays = 0
    private var lastStray: Coordinate?
    /// Time of the first fix of the current run of slow fixes (nil while moving).
    private var slowSince: Date?
    /// The newest time accepted so far, kept when the anchor is forgotten: a fix not after it
    /// is `outOfOrder` even in a new stretch (a replay resumed from its start, a receiver
    /// repeating its buffer).
    public private(set) var latestAcceptedTime: Date?

    public init(rules: PositionFilterRules = .standard) {
        self.rules = rules
    }

    /// Decides on `fix`, remembering it as the new anchor when accepted.
    public mutating func evaluate(_ fix: PositionFix) -> FilterDecision {
        let decision = decide(fix)
        switch decision {
        case .accepted:
            counters.accepted += 1
            lastAccepted = fix
            latestAcceptedTime = fix.time
        case .rejected(let reason):
            counters.rejected[reason, default: 0] += 1
        }
        return decision
    }

    /// Records `fix` as accepted without deciding on it: a fix accepted earlier and read back
    /// from the store (a walk restored after a crash), so the counters include it and the next
    /// fix is judged against it.
    public mutating func restore(_ fix: PositionFix) {
        counters.accepted += 1
        lastAccepted = fix
        latestAcceptedTime = fix.time
        consecutiveSpeedRejections = 0
        consecutiveStrays = 0
    }

    /// Puts back counters saved earlier (a recording restored after a crash keeps its
    /// rejection counts); `latestTime` (the time of the newest stored point) keeps later fixes in
    /// order; the anchor is left as it is.
    public mutating func restoreCounters(_ saved: FilterCounters, latestTime: Date? = nil) {
        counters = saved
        if let latestTime { latestAcceptedTime = latestTime }
    }

    /// Forgets the anchor (after a pause); counters and ``latestAcceptedTime`` are kept.
    public mutating func resetAnchor() {
        lastAccepted = nil
        consecutiveSpeedRejections = 0
        consecutiveStrays = 0
        slowSince = nil
    }

    private mutating func decide(_ fix: PositionFix) -> FilterDecision {
        guard fix.mode != .none, fix.coordinate.isValid else { return .rejected(.noPosition) }
        if let acc = fix.horizontalAccuracy, !(acc <= rules.maximumHorizontalAccuracy) {
            return .rejected(.poorAccuracy)
        }
        if isNullIsland(fix.coordinate) { return .rejected(.strayFix) }
        guard let last = lastAccepted else {
            if let latest = latestAcceptedTime, fix.time <= latest { return .rejected(.outOfOrder) }
            if let speed = fix.speed { _ = trackSlowRun(speed: speed, at: fix.time) }
            return .accepted
        }
        let distance = fix.coordinate.distance(to: last.coordinate)
        if distance > rules.strayDistance { return strayDecision(fix) }
        consecutiveStrays = 0
        lastStray = nil
        let dt = fix.time.timeIntervalSince(last.time)
        // A repeated epoch (gpsd sends some reports twice): the same time and place as the last
        // accepted fix is a duplicate, not a report out of order (DECISIONS.md 842).
        if dt == 0 && distance < rules.minimumDistance { return .rejected(.duplicate) }
        guard dt > 0 else { return .rejected(.outOfOrder) }
        let impliedSpeed = distance / dt
        if impliedSpeed > rules.maximumSpeed {
            consecutiveSpeedRejections += 1
            if consecutiveSpeedRejections > rules.speedRejectionsBeforeReanchor {
                consecutiveSpeedRejections = 0
                counters.reanchors += 1
                slowSince = nil
                return .accepted
            }
            return .rejected(.impossibleSpeed)
        }
        consecutiveSpeedRejections = 0
        let speed = fix.speed ?? impliedSpeed
        let slowFor = trackSlowRun(speed: speed, at: fix.time)
        if distance < rules.minimumDistance { return .rejected(.duplicate) }
        if let acc = fix.horizontalAccuracy, let slowFor, slowFor >= rules.stationaryDuration, distance <= acc {
            return .rejected(.stationaryJitter)
        }
        if distance < rules.minimumSpacing { return .rejected(.tooClose) }
        return .accepted
    }

    /// Rule 3 near 0°, 0°.
    private func isNullIsland(_ c: Coordinate) -> Bool {
        rules.nullIslandRadius > 0
            && c.distance(to: Coordinate(latitude: 0, longitude: 0)) <= rules.nullIslandRadius
    }

    /// Rule 3 far from the anchor, with re-anchoring on a run of strays that agree.
    private mutating func strayDecision(_ fix: PositionFix) -> FilterDecision {
        if let previous = lastStray, fix.coordinate.distance(to: previous) <= rules.strayDistance {
            consecutiveStrays += 1
        } else {
            consecutiveStrays = 1
        }
        lastStray = fix.coordinate
        if consecutiveStrays > rules.speedRejectionsBeforeReanchor {
            consecutiveStrays = 0
            lastStray = nil
            consecutiveSpeedRejections = 0
            slowSince = nil
            counters.reanchors += 1
            return .accepted
        }
        return .rejected(.strayFix)
    }

    /// Rule 7's clock: how long fixes have been slower than `stationarySpeed` (nil when this
    /// one is not slow).
    private mutating func trackSlowRun(speed: Double, at time: Date) -> Double? {
        guard speed < rules.stationarySpeed else {
            slowSince = nil
            return nil
        }
        let since = slowSince ?? time
        slowSince = since
        return time.timeIntervalSince(since)
    }
}

/// Counts kept by ``PositionFilter``.
public struct FilterCounters: Hashable, Sendable, Codable {
    /// Fixes accepted (including re-anchors).
    public var accepted = 0
    /// Rejections by reason.
    public var rejected: [FixRejection: Int] = [:]
    /// Times the filter re-anchored after a run of speed rejections.
    public var reanchors = 0

    public init() {}

    /// All rejections.
    public var totalRejected: Int { rejected.values.reduce(0, +) }
}

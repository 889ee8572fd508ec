import Foundation

/// Why ``PositionFilter`` refused a fix. Raw values are stable names for counters and logs.
public enum FixRejection: String, Hashable, Sendable, CaseIterable, Codable {
    /// The receiver had no fix (mode none) or the coordinate is out of range.
    case noPosition
    /// Horizontal accuracy worse than ``PositionFilterRules/maximumHorizontalAccuracy``.
    case poorAccuracy
    /// Not later than the last accepted fix (a repeated or reordered report).
    case outOfOrder
    /// Reaching it from the last accepted fix needs more than ``PositionFilterRules/maximumSpeed``.
    case impossibleSpeed
    /// Closer than ``PositionFilterRules/minimumDistance`` to the last accepted fix.
    case duplicate
    /// Standing still: slow and inside the accuracy radius of the last accepted fix.
    case stationaryJitter
}

/// The outcome of ``PositionFilter/evaluate(_:)``.
public enum FilterDecision: Hashable, Sendable {
    case accepted
    case rejected(FixRejection)
}

/// The thresholds of ``PositionFilter``. Each default is a named constant; PRODUCT.md fixes the
/// first three (30 m accuracy, 12 m/s, 1 m duplicates).
public struct PositionFilterRules: Hashable, Sendable, Codable {
    /// Default largest acceptable horizontal accuracy, metres (PRODUCT.md). Note that gpsd
    /// derives `eph` from HDOP × 19 m for NMEA receivers, so this passes HDOP up to about 1.6.
    public static let defaultMaximumHorizontalAccuracy = 30.0
    /// Default largest plausible speed between accepted fixes, m/s (PRODUCT.md): 43 km/h, far
    /// above any hiker or trail runner, well below what a multipath jump of 100 m in 1 s implies.
    public static let defaultMaximumSpeed = 12.0
    /// Default smallest movement that makes a new point, metres (PRODUCT.md).
    public static let defaultMinimumDistance = 1.0
    /// Default speed under which a fix counts as standing still, m/s (1.8 km/h; a slow walk is
    /// about 0.8 m/s).
    public static let defaultStationarySpeed = 0.5
    /// Default number of consecutive speed rejections after which the filter distrusts its own
    /// anchor and accepts the next accurate fix as a fresh start.
    public static let defaultSpeedRejectionsBeforeReanchor = 5

    /// Largest acceptable horizontal accuracy, metres (fixes without an estimate pass).
    public var maximumHorizontalAccuracy: Double
    /// Largest plausible speed from the last accepted fix, m/s.
    public var maximumSpeed: Double
    /// Smallest movement from the last accepted fix, metres.
    public var minimumDistance: Double
    /// Speed under which a fix inside the accuracy radius is jitter, m/s.
    public var stationarySpeed: Double
    /// Consecutive speed rejections before re-anchoring.
    public var speedRejectionsBeforeReanchor: Int

    public init(maximumHorizontalAccuracy: Double = defaultMaximumHorizontalAccuracy,
                maximumSpeed: Double = defaultMaximumSpeed,
                minimumDistance: Double = defaultMinimumDistance,
                stationarySpeed: Double = defaultStationarySpeed,
                speedRejectionsBeforeReanchor: Int = defaultSpeedRejectionsBeforeReanchor) {
        self.maximumHorizontalAccuracy = maximumHorizontalAccuracy
        self.maximumSpeed = maximumSpeed
        self.minimumDistance = minimumDistance
        self.stationarySpeed = stationarySpeed
        self.speedRejectionsBeforeReanchor = speedRejectionsBeforeReanchor
    }

    /// The defaults above.
    public static let standard = PositionFilterRules()
}

/// The GPS noise filter every fix passes before following or recording uses it.
///
/// Rules, checked in this order against the last *accepted* fix (the first rule that fails
/// names the rejection):
/// 1. `noPosition`: mode none or an invalid coordinate.
/// 2. `poorAccuracy`: horizontal accuracy > 30 m. A fix without an accuracy estimate (a GPX
///    replay) passes.
/// 3. `outOfOrder`: time not after the last accepted fix.
/// 4. `impossibleSpeed`: geodesic distance / time difference > 12 m/s.
/// 5. `duplicate`: geodesic distance < 1 m.
/// 6. `stationaryJitter`: speed < 0.5 m/s and distance ≤ the fix's horizontal accuracy. The
///    speed is the receiver's speed over ground when reported, else the implied speed from the
///    last accepted fix; the rule needs an accuracy estimate and is skipped without one. While
///    the hiker stands still, points scattered inside the error circle are held back instead of
///    drawing a star of zig-zags; once the position leaves the circle it is accepted.
///
/// Re-anchoring: if the last accepted fix was itself a jump the speed rule would reject every
/// true fix after it. So after 5 consecutive `impossibleSpeed` rejections, a sixth fix that
/// would fail the speed rule again is accepted as a new anchor (counted in
/// ``FilterCounters/reanchors``).
///
/// The filter does not smooth or move positions; it only decides. Distances are WGS84
/// geodesics (``Geodesy/distance(from:to:)``).
public struct PositionFilter: Sendable {
    /// The thresholds in use.
    public var rules: PositionFilterRules
    /// The last fix that passed.
    public private(set) var lastAccepted: PositionFix?
    /// How many fixes passed and why the others did not.
    public private(set) var counters = FilterCounters()
    private var consecutiveSpeedRejections = 0

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
        consecutiveSpeedRejections = 0
    }

    /// Forgets the anchor (after a pause, or when following restarts); counters are kept.
    public mutating func resetAnchor() {
        lastAccepted = nil
        consecutiveSpeedRejections = 0
    }

    private mutating func decide(_ fix: PositionFix) -> FilterDecision {
        guard fix.mode != .none, fix.coordinate.isValid else { return .rejected(.noPosition) }
        if let acc = fix.horizontalAccuracy, !(acc <= rules.maximumHorizontalAccuracy) {
            return .rejected(.poorAccuracy)
        }
        guard let last = lastAccepted else { return .accepted }
        let dt = fix.time.timeIntervalSince(last.time)
        guard dt > 0 else { return .rejected(.outOfOrder) }
        let distance = fix.coordinate.distance(to: last.coordinate)
        let impliedSpeed = distance / dt
        if impliedSpeed > rules.maximumSpeed {
            consecutiveSpeedRejections += 1
            if consecutiveSpeedRejections > rules.speedRejectionsBeforeReanchor {
                consecutiveSpeedRejections = 0
                counters.reanchors += 1
                return .accepted
            }
            return .rejected(.impossibleSpeed)
        }
        consecutiveSpeedRejections = 0
        if distance < rules.minimumDistance { return .rejected(.duplicate) }
        if let acc = fix.horizontalAccuracy, (fix.speed ?? impliedSpeed) < rules.stationarySpeed,
           distance <= acc {
            return .rejected(.stationaryJitter)
        }
        return .accepted
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

import Foundation

/// The thresholds of ``PositionFilter``, one named setting per rule. Every default is a named
/// constant taken from the apps Cairn learns from (PRODUCT.md, "the seeds' filters"):
/// run tracker: accuracy > 30 m, implied speed > 12 m/s, moves < 1 m; safety app: stationary
/// below 0.5 m/s for 30 s, record only after 10 m; hiking diary: a distance threshold (20 m)
/// from the last accepted point.
///
/// Two presets: ``standard`` for following (every usable fix counts: the minimum spacing and
/// the stationary hold time are off) and ``recording`` (the safety app's 10 m spacing and 30 s
/// hold, so a recorded track has no zig-zag star at every rest). `cairn record` overrides each
/// value from the command line (`--max-accuracy 30m` …).
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
    /// Default number of consecutive speed (or stray) rejections after which the filter
    /// distrusts its own anchor and accepts the next accurate fix as a fresh start.
    public static let defaultSpeedRejectionsBeforeReanchor = 5
    /// Default distance from the last accepted fix beyond which a fix is a stray, metres
    /// (1,000 km: no walker covers it between two fixes, while receivers that lose their
    /// almanac or a bad NMEA field put fixes thousands of km away).
    public static let defaultStrayDistance = 1_000_000.0
    /// Default radius around latitude 0, longitude 0 ("Null Island") inside which a fix is a
    /// receiver's placeholder rather than a position, metres.
    public static let defaultNullIslandRadius = 1_000.0
    /// Recording: smallest spacing between accepted points, metres (the safety app's 10 m; the
    /// diary uses 20 m).
    public static let recordingMinimumSpacing = 10.0
    /// Recording: how long fixes must stay below ``stationarySpeed`` before the hiker counts as
    /// standing still, seconds (the safety app's 30 s).
    public static let recordingStationaryDuration = 30.0

    /// Largest acceptable horizontal accuracy, metres (fixes without an estimate pass).
    public var maximumHorizontalAccuracy: Double
    /// Largest plausible speed from the last accepted fix, m/s.
    public var maximumSpeed: Double
    /// Movement from the last accepted fix under which a fix is a duplicate, metres.
    public var minimumDistance: Double
    /// Speed under which a fix inside the accuracy radius is jitter, m/s.
    public var stationarySpeed: Double
    /// Consecutive speed (or stray) rejections before re-anchoring.
    public var speedRejectionsBeforeReanchor: Int
    /// Distance from the last accepted fix beyond which a fix is a stray, metres.
    public var strayDistance: Double
    /// Radius around 0°, 0° inside which a fix is a placeholder, metres (0 turns it off).
    public var nullIslandRadius: Double
    /// Smallest spacing between accepted points, metres (0 = off): a fix that moved at least
    /// ``minimumDistance`` but less than this is rejected as ``FixRejection/tooClose``.
    public var minimumSpacing: Double
    /// Seconds fixes must stay slow before the stationary rule holds them (0 = at once).
    public var stationaryDuration: Double

    public init(maximumHorizontalAccuracy: Double = defaultMaximumHorizontalAccuracy,
                maximumSpeed: Double = defaultMaximumSpeed,
                minimumDistance: Double = defaultMinimumDistance,
                stationarySpeed: Double = defaultStationarySpeed,
                speedRejectionsBeforeReanchor: Int = defaultSpeedRejectionsBeforeReanchor,
                strayDistance: Double = defaultStrayDistance,
                nullIslandRadius: Double = defaultNullIslandRadius,
                minimumSpacing: Double = 0,
                stationaryDuration: Double = 0) {
        self.maximumHorizontalAccuracy = maximumHorizontalAccuracy
        self.maximumSpeed = maximumSpeed
        self.minimumDistance = minimumDistance
        self.stationarySpeed = stationarySpeed
        self.speedRejectionsBeforeReanchor = speedRejectionsBeforeReanchor
        self.strayDistance = strayDistance
        self.nullIslandRadius = nullIslandRadius
        self.minimumSpacing = minimumSpacing
        self.stationaryDuration = stationaryDuration
    }

    /// Following: the defaults above, no minimum spacing, stationary jitter held at once.
    public static let standard = PositionFilterRules()

    /// Recording: ``standard`` plus a 10 m minimum spacing and a 30 s stationary hold time.
    public static let recording = PositionFilterRules(minimumSpacing: recordingMinimumSpacing,
                                                      stationaryDuration: recordingStationaryDuration)
}

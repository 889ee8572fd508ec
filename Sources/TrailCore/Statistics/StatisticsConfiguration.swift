import Foundation

/// The named thresholds of ``StatisticsCalculator``. The defaults are the project's documented
/// rules (DECISIONS.md); tests and the Python reference tool use the same values.
public struct StatisticsConfiguration: Hashable, Sendable, Codable {
    /// Moving time: timestamped points are grouped into consecutive chunks lasting at least
    /// this many seconds (a single longer pair is a chunk of its own). Default 60 s.
    ///
    /// Why: a per-pair speed at 1 Hz is dominated by GPS noise — 2–5 m of scatter per fix
    /// reads as 2–5 m/s while standing still. Over a 60 s chunk the straight-line displacement
    /// of a standing receiver stays within a few metres (≈ 0.1 m/s), while a hiker crawling up
    /// a steep slope at 0.4 m/s moves 24 m. Sparse recordings (one point per minute or less)
    /// fall back to per-pair speeds, which is what gpxpy does for every pair.
    public var movingChunkDuration: Double
    /// Moving time: a chunk counts as moving when its straight-line displacement divided by
    /// its duration is at least this speed, metres per second. Default 0.25 m/s (0.9 km/h),
    /// close to gpxpy's 1 km/h "stopped speed threshold" but low enough for steep climbs
    /// (Tobler's function gives 0.35 m/s at a 40 % grade). Moving chunks add their path
    /// distance to the moving distance and their duration to the moving time.
    public var stoppedSpeedThreshold: Double
    /// Max speed: each window speed is the straight-line displacement over the shortest run of
    /// points, ending at a timestamped point, that lasts at least this many seconds. Default 20 s.
    public var speedWindowDuration: Double
    /// Max speed: the maximum is taken over the running median of this many consecutive
    /// window speeds (odd, default 5). A single spike point ends one window and starts
    /// another (at most 2 of 5), so it cannot reach the median; a real burst that lasts
    /// 3 windows can.
    public var speedMedianSpan: Int
    /// Elevation gain/loss: hysteresis in metres (default 5 m). A turning point (local top or
    /// bottom) is confirmed only once the elevation has moved at least this far back from it;
    /// gain and loss are the sums of rises and falls between confirmed turning points, and the
    /// last leg counts once it exceeded the threshold. GPS elevations scatter by ±3–10 m and
    /// barometric ones by ±1 m; 5 m removes the GPS noise on dense tracks while losing nothing
    /// of a real climb (only wiggles smaller than 5 m are dropped). Smoothed, DEM-derived
    /// planned routes lose at most the small undulations.
    public var elevationThreshold: Double
    /// Steepest grade: the grade between two points with elevation at least this far apart
    /// horizontally along the track, metres (default 100 m), so that one noisy elevation
    /// cannot make a 300 % "grade" between two fixes 3 m apart.
    public var gradeWindowDistance: Double
    /// Walking-time estimate (DIN 33466): horizontal speed, m/s. Default 4 km/h.
    public var walkingHorizontalSpeed: Double
    /// Walking-time estimate (DIN 33466): ascent rate, m/s. Default 300 m/h.
    public var walkingAscentRate: Double
    /// Walking-time estimate (DIN 33466): descent rate, m/s. Default 500 m/h.
    public var walkingDescentRate: Double

    public init(movingChunkDuration: Double = 60, stoppedSpeedThreshold: Double = 0.25,
                speedWindowDuration: Double = 20, speedMedianSpan: Int = 5,
                elevationThreshold: Double = 5, gradeWindowDistance: Double = 100,
                walkingHorizontalSpeed: Double = 4000.0 / 3600, walkingAscentRate: Double = 300.0 / 3600,
                walkingDescentRate: Double = 500.0 / 3600) {
        self.movingChunkDuration = movingChunkDuration
        self.stoppedSpeedThreshold = stoppedSpeedThreshold
        self.speedWindowDuration = speedWindowDuration
        self.speedMedianSpan = max(1, speedMedianSpan | 1)
        self.elevationThreshold = elevationThreshold
        self.gradeWindowDistance = gradeWindowDistance
        self.walkingHorizontalSpeed = walkingHorizontalSpeed
        self.walkingAscentRate = walkingAscentRate
        self.walkingDescentRate = walkingDescentRate
    }

    /// The project defaults described on each property.
    public static let standard = StatisticsConfiguration()
}

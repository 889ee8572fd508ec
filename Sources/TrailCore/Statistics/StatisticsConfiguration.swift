import Foundation

/// The named thresholds of ``StatisticsCalculator``. The defaults are the project's documented
/// rules (DECISIONS.md); tests and the Python reference tool use the same values.
public struct StatisticsConfiguration: Hashable, Sendable, Codable {
    /// Time line: the longest step between two consecutive accepted timestamps of a segment
    /// that still counts as time passing on one continuous clock, seconds. Default 24 h.
    ///
    /// A step that is negative or longer is a *break*: it adds no elapsed or moving time, no
    /// timed distance and no speed sample (its distance still counts as distance). Why 24 h and
    /// not 12 h: a night stop on a multi-day trek recorded in one segment lasts 10–16 h, and a
    /// limit inside that range would count some nights of a trek and drop others. With 24 h
    /// every night (and any pause within a day) is an ordinary stop — elapsed time includes it,
    /// moving time does not (the pair is a chunk of its own, standing still) — so one segment
    /// per trek and one segment per day give the same moving time and moving average. A gap of
    /// more than a day is no pause of a hike: a rest day with the unit off, recordings of
    /// different outings joined into one segment, or a clock error.
    public var timeBreak: Double
    /// Moving time: the accepted timestamped points of each run (see ``timeBreak``) are grouped
    /// into consecutive chunks lasting at least this many seconds (a single longer pair is a
    /// chunk of its own). Default 60 s.
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
    /// Max speed: each window speed is the straight-line displacement over the shortest stretch
    /// of points, ending at an accepted timestamped point and starting at one of the same run
    /// (no break inside), that lasts at least this many seconds. Default 20 s.
    public var speedWindowDuration: Double
    /// Max speed: the maximum is taken over the running median of this many consecutive
    /// window speeds (odd, default 5). A single spike point ends one window and starts
    /// another (at most 2 of 5), so it cannot reach the median; a real burst that lasts
    /// 3 windows can. With fewer windows than this, the lower median of all of them. The
    /// reported max speed is then raised to the average and the moving average speed when
    /// either is higher (see ``StatisticsCalculator``).
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
    /// The stray-fix rule whose strays statistics leave out (``StrayFixRule``); nil counts
    /// every point as it is.
    public var strayFixRule: StrayFixRule?

    public init(timeBreak: Double = 86_400, movingChunkDuration: Double = 60, stoppedSpeedThreshold: Double = 0.25,
                speedWindowDuration: Double = 20, speedMedianSpan: Int = 5,
                elevationThreshold: Double = 5, gradeWindowDistance: Double = 100,
                walkingHorizontalSpeed: Double = 4000.0 / 3600, walkingAscentRate: Double = 300.0 / 3600,
                walkingDescentRate: Double = 500.0 / 3600, strayFixRule: StrayFixRule? = .standard) {
        self.timeBreak = timeBreak
        self.movingChunkDuration = movingChunkDuration
        self.stoppedSpeedThreshold = stoppedSpeedThreshold
        self.speedWindowDuration = speedWindowDuration
        self.speedMedianSpan = max(1, speedMedianSpan | 1)
        self.elevationThreshold = elevationThreshold
        self.gradeWindowDistance = gradeWindowDistance
        self.walkingHorizontalSpeed = walkingHorizontalSpeed
        self.walkingAscentRate = walkingAscentRate
        self.walkingDescentRate = walkingDescentRate
        self.strayFixRule = strayFixRule
    }

    /// The project defaults described on each property.
    public static let standard = StatisticsConfiguration()
}

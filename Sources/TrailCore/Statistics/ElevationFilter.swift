import Foundation

/// Elevation gain/loss with a turning-point hysteresis, and the DIN 33466 sections that go with it.
///
/// Rule (threshold T, see ``StatisticsConfiguration/elevationThreshold``): keep a reference
/// elevation r (the last confirmed turning point, at first the first elevation) and the extreme
/// x reached since. While the trend is unknown, the trend becomes "up" once e ≥ r + T (or "down"
/// once e ≤ r − T). Going up, x follows new highs; when e ≤ x − T the top x is confirmed:
/// gain += x − r, r = x, trend down, x = e. Going down is symmetric. At the end a pending leg
/// counts (gain += x − r going up, loss += r − x going down).
///
/// Each confirmed turning point also closes a walking section for ``WalkingTime`` (DIN 33466
/// is applied per stretch of uniform character: a climb, a descent).
struct ElevationFilter {
    let threshold: Double
    private(set) var gain = 0.0
    private(set) var loss = 0.0
    private(set) var hasElevation = false
    private var reference = 0.0
    private var extreme = 0.0
    private var extremeDistance = 0.0
    private var trend: Int8 = 0
    private var sectionStart = 0.0
    var walking: WalkingTime

    init(threshold: Double, walking: WalkingTime) {
        self.threshold = threshold
        self.walking = walking
    }

    /// Feeds the elevation `e` (metres) of a point `distance` metres along the segment.
    @inline(__always)
    mutating func add(_ e: Double, at distance: Double) {
        guard hasElevation else {
            hasElevation = true
            reference = e; extreme = e; extremeDistance = distance
            return
        }
        switch trend {
        case 1:
            if e > extreme {
                extreme = e; extremeDistance = distance
            } else if e <= extreme - threshold {
                gain += extreme - reference
                walking.addSection(horizontal: extremeDistance - sectionStart, ascent: extreme - reference, descent: 0)
                sectionStart = extremeDistance
                reference = extreme; trend = -1; extreme = e; extremeDistance = distance
            }
        case -1:
            if e < extreme {
                extreme = e; extremeDistance = distance
            } else if e >= extreme + threshold {
                loss += reference - extreme
                walking.addSection(horizontal: extremeDistance - sectionStart, ascent: 0, descent: reference - extreme)
                sectionStart = extremeDistance
                reference = extreme; trend = 1; extreme = e; extremeDistance = distance
            }
        default:
            if e >= reference + threshold {
                trend = 1; extreme = e; extremeDistance = distance
            } else if e <= reference - threshold {
                trend = -1; extreme = e; extremeDistance = distance
            }
        }
    }

    /// Counts the pending leg and closes the last walking section at `endDistance`.
    mutating func finish(endDistance: Double) {
        var ascent = 0.0, descent = 0.0
        if trend == 1 { ascent = extreme - reference; gain += ascent }
        if trend == -1 { descent = reference - extreme; loss += descent }
        walking.addSection(horizontal: max(0, endDistance - sectionStart), ascent: ascent, descent: descent)
        trend = 0
        sectionStart = endDistance
    }
}

/// Walking-time estimate after DIN 33466 ("Wanderwege", 2000), the rule used by the German and
/// Swiss Alpine Clubs for signposted hiking times: per section, the horizontal time
/// t_h = distance / 4 km/h and the vertical time t_v = ascent / 300 m/h + descent / 500 m/h
/// are combined as max(t_h, t_v) + min(t_h, t_v) / 2. Rates come from
/// ``StatisticsConfiguration``; sections are the stretches between the confirmed turning points
/// of ``ElevationFilter`` (a track without elevation is one flat section).
struct WalkingTime {
    let horizontalSpeed: Double
    let ascentRate: Double
    let descentRate: Double
    private(set) var seconds = 0.0

    init(configuration: StatisticsConfiguration) {
        horizontalSpeed = configuration.walkingHorizontalSpeed
        ascentRate = configuration.walkingAscentRate
        descentRate = configuration.walkingDescentRate
    }

    /// Adds one section: `horizontal` metres along the track with `ascent` and `descent` metres.
    mutating func addSection(horizontal: Double, ascent: Double, descent: Double) {
        let th = horizontal / horizontalSpeed
        let tv = ascent / ascentRate + descent / descentRate
        seconds += max(th, tv) + min(th, tv) / 2
    }
}

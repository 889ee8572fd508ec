import Foundation

/// The numbers of one segment, track, hike or profile range, as computed by
/// `StatisticsCalculator` (see its documentation for each method and threshold).
///
/// Units: metres, seconds, metres per second, degrees. A value that cannot be known from the
/// data (no timestamps, no elevations) is nil, never zero.
public struct TrackStatistics: Hashable, Sendable, Codable {
    /// Geodesic length on the WGS84 ellipsoid, in metres, summed within segments only.
    public var distance: Double
    /// Trackpoints counted (all segments).
    public var pointCount: Int
    /// Segments counted.
    public var segmentCount: Int
    /// Time of the first accepted timestamp of a segment (over several: the earliest).
    public var startTime: Date?
    /// Time of the last accepted timestamp of a segment (over several: the latest).
    public var endTime: Date?
    /// Recorded time, seconds: per segment the sum of its continuous timed runs (clock jumps
    /// — a step backwards or longer than ``StatisticsConfiguration/timeBreak`` — are left
    /// out), summed over segments; pauses between segments are not counted (gpxpy's and
    /// Garmin's "timer time"). For an ordinary segment: last minus first timestamp.
    public var elapsedTime: Double?
    /// The time line from the first to the last point, seconds: ``elapsedTime`` plus the
    /// pauses between consecutive segments (and tracks of a hike), each counted when it is
    /// positive and no longer than ``StatisticsConfiguration/timeBreak``. Equal to the elapsed
    /// time for a single segment. Nil when no point has a time (and for hikes stored before
    /// this value existed).
    public var totalTime: Double?
    /// Seconds spent moving, by the moving-time rule of `StatisticsCalculator`.
    public var movingTime: Double?
    /// timedDistance / elapsedTime, m/s (nil when elapsed time is nil or 0).
    public var averageSpeed: Double?
    /// The distance covered during ``elapsedTime``, metres: the path length between the first
    /// and last point of each continuous timed run that lasts longer than 0 s. Distance before
    /// the first or after the last timestamp, across a break, or in a run without duration
    /// is left out. Nil when no point has a time (and for hikes stored before this value
    /// existed).
    public var timedDistance: Double?
    /// Distance covered while moving (path length of the moving chunks), metres.
    public var movingDistance: Double?
    /// movingDistance / movingTime, m/s.
    public var movingAverageSpeed: Double?
    /// Maximum speed, m/s: the highest running median of 20 s window speeds (robust to single
    /// GPS spikes), never below ``averageSpeed`` or ``movingAverageSpeed``.
    public var maxSpeed: Double?
    /// Cumulative climb and descent after the noise filter, metres.
    public var elevationGain: Double?
    public var elevationLoss: Double?
    /// Lowest and highest elevation, metres.
    public var minElevation: Double?
    public var maxElevation: Double?
    /// Steepest grade held over a sustained distance window, as a fraction (0.25 = 25 %),
    /// signed: positive uphill in the direction of travel.
    public var steepestGrade: Double?
    /// Bounding box of all points, nil for an empty track.
    public var boundingBox: BoundingBox?
    /// Walking time a hiker would plan for this distance and climb, seconds (DIN 33466, see
    /// `StatisticsCalculator`); useful for routes without timestamps. 0 for an empty track.
    public var estimatedWalkingTime: Double

    public init(distance: Double = 0, pointCount: Int = 0, segmentCount: Int = 0,
                startTime: Date? = nil, endTime: Date? = nil, elapsedTime: Double? = nil,
                totalTime: Double? = nil, movingTime: Double? = nil, averageSpeed: Double? = nil,
                timedDistance: Double? = nil, movingDistance: Double? = nil, movingAverageSpeed: Double? = nil,
                maxSpeed: Double? = nil,
                elevationGain: Double? = nil, elevationLoss: Double? = nil,
                minElevation: Double? = nil, maxElevation: Double? = nil,
                steepestGrade: Double? = nil, boundingBox: BoundingBox? = nil,
                estimatedWalkingTime: Double = 0) {
        self.distance = distance
        self.pointCount = pointCount
        self.segmentCount = segmentCount
        self.startTime = startTime
        self.endTime = endTime
        self.elapsedTime = elapsedTime
        self.totalTime = totalTime
        self.movingTime = movingTime
        self.averageSpeed = averageSpeed
        self.timedDistance = timedDistance
        self.movingDistance = movingDistance
        self.movingAverageSpeed = movingAverageSpeed
        self.maxSpeed = maxSpeed
        self.elevationGain = elevationGain
        self.elevationLoss = elevationLoss
        self.minElevation = minElevation
        self.maxElevation = maxElevation
        self.steepestGrade = steepestGrade
        self.boundingBox = boundingBox
        self.estimatedWalkingTime = estimatedWalkingTime
    }

    /// Pace in seconds per kilometre from the moving average speed, nil when unknown or zero.
    public var movingPace: Double? {
        guard let v = movingAverageSpeed, v > 0 else { return nil }
        return 1000 / v
    }
}

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
    /// Time of the first and last timestamped point.
    public var startTime: Date?
    public var endTime: Date?
    /// Sum over segments of last minus first timestamp, in seconds (pauses between segments
    /// are not counted).
    public var elapsedTime: Double?
    /// Seconds spent moving, by the moving-time rule of `StatisticsCalculator`.
    public var movingTime: Double?
    /// distance / elapsedTime, m/s (nil when elapsed time is nil or 0).
    public var averageSpeed: Double?
    /// Distance covered while moving (path length of the moving chunks), metres.
    public var movingDistance: Double?
    /// movingDistance / movingTime, m/s.
    public var movingAverageSpeed: Double?
    /// Maximum speed robust to single GPS spikes, m/s.
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
                movingTime: Double? = nil, averageSpeed: Double? = nil,
                movingDistance: Double? = nil, movingAverageSpeed: Double? = nil, maxSpeed: Double? = nil,
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
        self.movingTime = movingTime
        self.averageSpeed = averageSpeed
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

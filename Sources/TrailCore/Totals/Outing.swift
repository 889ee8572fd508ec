import Foundation

/// One walk as the totals count it: a dated hike (a recording, an imported track with
/// timestamps) or one walk followed along a saved trail, with the numbers stored for it.
///
/// Built from stored statistics only (the `hikes` columns and the walks' summaries), never from
/// points. Units: metres, seconds, grade as a fraction.
public struct Outing: Hashable, Sendable {
    /// Where the numbers come from.
    public enum Source: Hashable, Sendable {
        /// The hike's own track (its statistics).
        case hike
        /// A walk of the walk history (the store's walk row id), along the trail ``Outing/trailID``.
        case walk(Int64)
    }

    public var source: Source
    /// The public id of the hike walked: the hike itself, or the saved trail the walk followed.
    /// Copies of one track (same content hash) share the id of the first stored copy, so they
    /// are one trail.
    public var trailID: String
    /// That hike's name, as stored (not sanitised: views clean it).
    public var trailName: String
    /// When the walk began: the first timestamp of the hike, or the walk's first accepted fix.
    public var startTime: Date
    /// Length walked, metres.
    public var distance: Double
    /// Climb after the noise filter, metres; nil when the walk had no elevations.
    public var elevationGain: Double?
    /// Moving time, seconds (the statistics' 60 s chunk rule); nil when unknown.
    public var movingTime: Double?
    /// Distance covered while moving, metres; nil when unknown.
    public var movingDistance: Double?
    /// Highest elevation reached, metres; nil when unknown (walks do not store it).
    public var maxElevation: Double?
    /// Steepest sustained grade, signed fraction (see `TrackStatistics.steepestGrade`); nil
    /// when unknown (walks do not store it).
    public var steepestGrade: Double?
    /// Why the numbers cannot be a walk's (the import's warnings: a clock before 1980, faster
    /// than 25 km/h on average); such an outing counts in the sums, never in the records.
    public var implausible: Implausibility?
    /// True when ``elevationGain``, ``maxElevation`` and ``steepestGrade`` are the hike's figures
    /// with the terrain (a hike with no or only some `ele`, as `cairn list` gives them), not
    /// the stored file-only ones (DECISIONS 413). False as read from the store.
    public var elevationFromTerrain = false
    /// With ``elevationFromTerrain``: true when ``maxElevation`` is not the file's own (a
    /// filled or terrain height), so the "highest point" record is marked "~".
    public var maxElevationFromTerrain = false
    /// With ``elevationFromTerrain``: true when ``steepestGrade`` is not the file's own (a grade
    /// over filled or terrain heights), so the "steepest" record is marked "~" (DECISIONS 497).
    public var steepestGradeFromTerrain = false
    /// With ``elevationFromTerrain``: the share (0…1) of the hike's length its gain is measured
    /// over (the lists' coverage, DECISIONS 411), nil when unknown.
    public var elevationCoverage: Double?

    public init(source: Source, trailID: String, trailName: String, startTime: Date, distance: Double,
                elevationGain: Double? = nil, movingTime: Double? = nil, movingDistance: Double? = nil,
                maxElevation: Double? = nil, steepestGrade: Double? = nil, implausible: Implausibility? = nil) {
        self.source = source
        self.trailID = trailID
        self.trailName = trailName
        self.startTime = startTime
        self.distance = distance
        self.elevationGain = elevationGain
        self.movingTime = movingTime
        self.movingDistance = movingDistance
        self.maxElevation = maxElevation
        self.steepestGrade = steepestGrade
        self.implausible = implausible
    }

    /// Moving average speed, m/s: moving distance over moving time; nil when either is unknown
    /// or the time is 0.
    public var movingSpeed: Double? {
        guard let t = movingTime, t > 0, let d = movingDistance else { return nil }
        return d / t
    }

    /// The walk history's row id for a walk, nil for a hike.
    public var walkID: Int64? {
        if case .walk(let id) = source { return id }
        return nil
    }
}

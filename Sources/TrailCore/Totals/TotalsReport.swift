import Foundation

/// Sums over a set of walks: distance (metres), climb (metres), moving time (seconds), the
/// number of walks and of distinct trails walked.
public struct TotalsFigures: Hashable, Sendable, Codable {
    public var distance = 0.0
    public var elevationGain = 0.0
    public var movingTime = 0.0
    public var walks = 0
    /// Distinct trails (hikes) walked: a trail walked five times counts once.
    public var trails = 0
    /// The part of ``elevationGain`` (metres) from hikes whose gain is (partly) the terrain's
    /// (no or only some elevations of their own, filled from SRTM tiles as the lists give it:
    /// ``Outing/elevationFromTerrain``); nil when there is none.
    public var elevationGainFromTerrain: Double?
    /// How many of those hikes have heights under only part of their line (coverage under
    /// 99.5 %: their climb counts that part only); nil when none.
    public var hikesWithPartialHeights: Int?

    public init(distance: Double = 0, elevationGain: Double = 0, movingTime: Double = 0, walks: Int = 0, trails: Int = 0,
                elevationGainFromTerrain: Double? = nil) {
        self.distance = distance
        self.elevationGain = elevationGain
        self.elevationGainFromTerrain = elevationGainFromTerrain
        self.movingTime = movingTime
        self.walks = walks
        self.trails = trails
    }
}

/// One calendar year, month by month (January first) and in all.
public struct YearTotals: Hashable, Sendable, Codable {
    public var year: Int
    /// Twelve entries, January to December.
    public var months: [TotalsFigures]
    public var total: TotalsFigures

    public init(year: Int, months: [TotalsFigures], total: TotalsFigures) {
        self.year = year
        self.months = months
        self.total = total
    }
}

/// Which record.
public enum TotalsRecordKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// The longest walk (distance).
    case longest
    /// The highest point reached (a hike's maximum elevation).
    case highest
    /// The most climb in one walk.
    case mostClimb
    /// The steepest sustained grade (largest absolute value, over the statistics' grade window).
    case steepest
    /// The fastest moving pace over at least ``TotalsRules/minimumPaceDistance``.
    case fastestPace

    /// The unit of ``TotalsRecord/value``: metres, metres, metres, a fraction, metres per second.
    public var unit: String {
        switch self {
        case .longest, .highest, .mostClimb: return "m"
        case .steepest: return "fraction"
        case .fastestPace: return "m/s"
        }
    }
}

/// One record and the walk that holds it.
public struct TotalsRecord: Hashable, Sendable, Codable {
    public var kind: TotalsRecordKind
    /// In SI units (see ``TotalsRecordKind/unit``); for the pace, the moving speed.
    public var value: Double
    /// The hike to open (for a walk: the trail it followed).
    public var trailID: String
    public var trailName: String
    /// The walk history's row id when the record is a walk's, nil for a hike's own track.
    public var walkID: Int64?
    public var startTime: Date
    /// The walk's distance, metres (stated with the pace record).
    public var distance: Double
    /// True when the value is (partly) the terrain's: a highest point that is a filled or
    /// terrain height, a climb of a hike with no or only some `ele`, a steepest grade over such
    /// heights; shown "~". Nil otherwise.
    public var fromTerrain: Bool?

    public init(kind: TotalsRecordKind, value: Double, outing: Outing) {
        self.kind = kind
        self.value = value
        trailID = outing.trailID
        trailName = outing.trailName
        walkID = outing.walkID
        startTime = outing.startTime
        distance = outing.distance
        switch kind {
        case .highest: fromTerrain = outing.maxElevationFromTerrain ? true : nil
        case .mostClimb: fromTerrain = outing.elevationFromTerrain ? true : nil
        case .steepest: fromTerrain = outing.steepestGradeFromTerrain ? true : nil
        default: fromTerrain = nil
        }
    }
}

/// A walk the records leave out, and why (``Outing/implausible``).
public struct TotalsLeftOut: Hashable, Sendable, Codable {
    public var trailID: String
    public var trailName: String
    /// The walk history's row id for a walk, nil for a hike's own track.
    public var walkID: Int64?
    public var startTime: Date
    /// As the import warned: "averages 43.0 km/h, faster than 25 km/h, the limit for a walk".
    public var reason: String

    public init(_ outing: Outing, reason: Implausibility) {
        trailID = outing.trailID
        trailName = outing.trailName
        walkID = outing.walkID
        startTime = outing.startTime
        self.reason = reason.description
    }
}

/// The rules of the totals, stated in the output.
public struct TotalsRules: Hashable, Sendable, Codable {
    /// The pace record needs at least this distance, metres (5 km: a short dash is not a pace).
    public var minimumPaceDistance: Double
    /// The distance window of the steepest sustained grade, metres
    /// (`StatisticsConfiguration.gradeWindowDistance`, 100 m).
    public var gradeWindow: Double

    public init(minimumPaceDistance: Double = 5000, gradeWindow: Double = StatisticsConfiguration.standard.gradeWindowDistance) {
        self.minimumPaceDistance = minimumPaceDistance
        self.gradeWindow = gradeWindow
    }

    public static let standard = TotalsRules()
}

/// The totals screen's and `cairn totals`' numbers: a year beside the year before, month by
/// month, all-time figures and the records.
public struct TotalsReport: Hashable, Sendable, Codable {
    /// The time zone whose months the walks were put in (an identifier such as "Europe/Zurich").
    public var timeZone: String
    public var rules: TotalsRules
    public var thisYear: YearTotals
    public var lastYear: YearTotals
    public var allTime: TotalsFigures
    /// The first and last walk counted, nil when none.
    public var firstWalk: Date?
    public var lastWalk: Date?
    /// Records, in ``TotalsRecordKind`` order; a record nothing qualifies for is left out.
    public var records: [TotalsRecord]
    /// Walks counted in the sums but left out of the records: their numbers cannot be a walk's.
    public var leftOutOfRecords: [TotalsLeftOut]

    public init(timeZone: String, rules: TotalsRules, thisYear: YearTotals, lastYear: YearTotals,
                allTime: TotalsFigures, firstWalk: Date?, lastWalk: Date?, records: [TotalsRecord],
                leftOutOfRecords: [TotalsLeftOut] = []) {
        self.timeZone = timeZone
        self.rules = rules
        self.thisYear = thisYear
        self.lastYear = lastYear
        self.allTime = allTime
        self.firstWalk = firstWalk
        self.lastWalk = lastWalk
        self.records = records
        self.leftOutOfRecords = leftOutOfRecords
    }

    /// The record of `kind`, nil when none qualifies.
    public func record(_ kind: TotalsRecordKind) -> TotalsRecord? { records.first { $0.kind == kind } }
}

import TrailCore

/// The "~" marks on elevation figures that are (partly) the terrain's: one rule for the rows
/// `cairn show` and `cairn stats` print (``StatisticsRows``) and the viewer's stats panel
/// (``StatsPanel``), which had drifted apart (DECISIONS 260, 497, 621):
/// - gain and loss carry "~" when the hike's figures come (partly) from the terrain
///   (``change(_:)``; an unknown figure is not marked);
/// - the lowest point, highest point and steepest grade carry "~" when, so, they are not the
///   file's own (``lowest(_:)``, ``highest(_:)``, ``steepest(_:)``, ``HikeTerrain/mark(_:own:)``);
/// - the share of the hike the terrain's gain is measured over is said only under 99.5 %
///   (``partialCoverage``).
public struct TerrainMarks: Sendable {
    /// The figures are (partly) the terrain's.
    public var fromTerrain: Bool
    /// The share of the hike (0…1) with heights, nil when not known.
    public var coverage: Double?
    /// The statistics of the file's own heights, nil when not known.
    public var own: TrackStatistics?

    /// Coverage from this share up counts as the whole hike.
    public static let wholeHike = 0.995

    public init(fromTerrain: Bool, coverage: Double? = nil, own: TrackStatistics? = nil) {
        self.fromTerrain = fromTerrain
        self.coverage = coverage
        self.own = own
    }

    /// "~" before a gain or loss of `value` metres from the terrain; "" for a figure of the
    /// file's own or an unknown one.
    public func change(_ value: Double?) -> String { fromTerrain && value != nil ? "~" : "" }

    /// "~" before the lowest point when it is not the file's own.
    public func lowest(_ s: TrackStatistics) -> String { extreme(s.minElevation, own?.minElevation) }
    /// "~" before the highest point when it is not the file's own.
    public func highest(_ s: TrackStatistics) -> String { extreme(s.maxElevation, own?.maxElevation) }
    /// "~" before the steepest grade when it is not the file's own.
    public func steepest(_ s: TrackStatistics) -> String { extreme(s.steepestGrade, own?.steepestGrade) }

    /// The coverage worth saying beside terrain figures: under ``wholeHike``; nil otherwise
    /// (and always nil for figures of the file's own).
    public var partialCoverage: Double? {
        guard fromTerrain, let c = coverage, c < Self.wholeHike else { return nil }
        return c
    }

    private func extreme(_ value: Double?, _ file: Double?) -> String {
        fromTerrain ? HikeTerrain.mark(value, own: file) : ""
    }
}

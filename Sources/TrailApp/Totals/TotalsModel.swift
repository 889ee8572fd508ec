import Foundation
import Localization
import TrailCore
import TrailStore

/// What the Totals chart shows month by month.
public enum TotalsMeasure: String, Sendable, CaseIterable {
    case distance, climb, movingTime = "moving time", walks

    /// The measure's name on screen, in the user's language.
    public var label: String {
        switch self {
        case .distance: return L("distance")
        case .climb: return L("climb")
        case .movingTime: return L("moving time")
        case .walks: return L("walks")
        }
    }

    /// The figure of `f` in the chart's unit: distance in km or mi, climb in m or ft, moving
    /// time in hours, walks as a count.
    public func value(_ f: TotalsFigures, _ units: UnitSystem) -> Double {
        switch self {
        case .distance: return f.distance / units.metresPerDistanceUnit
        case .climb: return f.elevationGain / units.metresPerElevationUnit
        case .movingTime: return f.movingTime / 3600
        case .walks: return Double(f.walks)
        }
    }

    /// The axis unit: "km", "mi", "m", "ft", "h", "walks".
    public func unit(_ units: UnitSystem) -> String {
        switch self {
        case .distance: return units.distanceSymbol
        case .climb: return units.elevationSymbol
        case .movingTime: return "h"
        case .walks: return L("walks")
        }
    }
}

/// The Totals screen: the walks as read from the store, the year shown (beside the year
/// before), the charted measure, the selected month, and the records list when it is open.
public struct TotalsModel: Sendable {
    /// The walks counted, nil until loaded.
    public var list: OutingList?
    /// The report for ``year``, computed from ``list`` in the user's time zone.
    public var report: TotalsReport?
    /// The year shown first; nil until the store answered (then the current year).
    public var year: Int?
    /// The current year, from the clock when the walks arrived.
    public var currentYear: Int?
    public var measure: TotalsMeasure = .distance
    /// The month whose figures the panel shows (0 = January).
    public var month = 0
    /// True while the records list shows instead of the chart's panel.
    public var showsRecords = false
    /// Index into the report's records.
    public var selectedRecord = 0
    /// Why the walks could not be read.
    public var failure: String?

    public init() {}
}

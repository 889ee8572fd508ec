import Foundation

/// How the hike widgets turn numbers into text in the user's units. Every measured value a
/// widget prints goes through one of these; the widgets never pick units themselves.
///
/// Inputs are SI: metres, seconds, metres per second, fractions for grades.
public protocol HikeValueFormatting: Sendable {
    /// A distance along a track, e.g. "12.3 km" or "7.6 mi".
    func distance(_ metres: Double) -> String
    /// An elevation or climb, e.g. "1845 m" or "6053 ft".
    func elevation(_ metres: Double) -> String
    /// A speed, e.g. "4.2 km/h".
    func speed(_ metresPerSecond: Double) -> String
    /// A pace from a speed, e.g. "14:17 /km".
    func pace(_ metresPerSecond: Double) -> String
    /// A duration, e.g. "5:42 h" or "42 min".
    func duration(_ seconds: Double) -> String
    /// A signed grade, e.g. "+12 %".
    func grade(_ fraction: Double) -> String
    /// A time of day in the user's time zone, e.g. "10:42".
    func timeOfDay(_ date: Date) -> String
    /// A calendar date in the user's time zone, e.g. "2018-04-30".
    func date(_ date: Date) -> String
    /// The unit of the chart's distance axis: metres per unit and its symbol ("km", "mi").
    var distanceAxisUnit: AxisUnit { get }
    /// The unit of the chart's elevation axis ("m", "ft").
    var elevationAxisUnit: AxisUnit { get }
}

/// A display unit for a chart axis: how many metres one unit is, and its symbol.
public struct AxisUnit: Hashable, Sendable {
    /// Metres per unit (1000 for km, 0.3048 for ft).
    public var metres: Double
    /// The symbol printed after numbers ("km").
    public var symbol: String
    /// Creates a unit.
    public init(metres: Double, symbol: String) {
        self.metres = metres
        self.symbol = symbol
    }
}

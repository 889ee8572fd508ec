import Foundation
import TrailCore

/// INTERIM (replaced by h-stats' units formatter at merge): the one place the hike commands
/// turn numbers into text.
struct HikeUnits {
    var imperial: Bool

    static func take(_ args: inout ArgumentList, _ context: CommandContext) throws -> HikeUnits {
        switch try args.option("--units") {
        case nil, "metric": return HikeUnits(imperial: false)
        case "imperial": return HikeUnits(imperial: true)
        case let other?: throw CLIError.usage("--units takes metric or imperial, not '\(other)'")
        }
    }

    func distance(_ m: Double) -> String {
        imperial ? String(format: "%.2f mi", m / 1609.344) : String(format: "%.2f km", m / 1000)
    }
    func elevation(_ m: Double) -> String {
        imperial ? String(format: "%.0f ft", m / 0.3048) : String(format: "%.0f m", m)
    }
    func duration(_ s: Double) -> String {
        let t = Int(s.rounded())
        return String(format: "%d:%02d:%02d", t / 3600, t / 60 % 60, t % 60)
    }
    func speed(_ v: Double) -> String {
        imperial ? String(format: "%.1f mph", v * 3600 / 1609.344) : String(format: "%.1f km/h", v * 3.6)
    }
}

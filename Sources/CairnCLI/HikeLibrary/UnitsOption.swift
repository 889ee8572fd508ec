import Foundation
import TrailCore

/// The `--units metric|imperial` option of the hike commands: the override when given,
/// otherwise the locale environment (``UnitSystem/fromEnvironment(_:)``); dates in the
/// time zone of `TZ` (the system's when unset).
enum UnitsOption {
    static let helpLine = "  --units SYSTEM    metric or imperial (default: from the locale)"

    /// Takes `--units` from `args` and returns the formatter every number goes through.
    static func take(_ args: inout ArgumentList, _ context: CommandContext) throws -> UnitFormatter {
        var override: UnitSystem?
        if let text = try args.option("--units") {
            guard let s = UnitSystem(argument: text) else {
                throw CLIError.usage("--units takes metric or imperial, not '\(text)'")
            }
            override = s
        }
        let zone = context.environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? TimeZone.current
        return UnitFormatter(system: UnitSystem.resolve(override: override, environment: context.environment), timeZone: zone)
    }
}

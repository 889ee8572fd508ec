import Foundation
import Localization
import HikeServices
import TrailCore

/// What ``OptionSpec/units`` means: the override when given, otherwise the locale environment
/// (``UnitSystem/fromEnvironment(_:)``); dates in the time zone of `TZ` (the system's when
/// unset or not a zone name). Every command that prints numbers reads it here, `render` too.
enum UnitsOption {
    /// The formatter every number of the command goes through.
    /// - Throws: ``CLIError/usage(_:)`` for a value other than metric or imperial.
    static func formatter(_ args: ParsedArguments, _ context: CommandContext) throws -> UnitFormatter {
        var override: UnitSystem?
        if let text = args.value(.units) {
            guard let s = UnitSystem(argument: text) else {
                throw CLIError.usage(L("--units takes metric or imperial, not '%s'", TerminalText.clean(text)))
            }
            override = s
        }
        var f = UnitFormatter(system: UnitSystem.resolve(override: override, environment: context.environment),
                              timeZone: timeZone(context.environment))
        f.timeZoneWarning = timeZoneWarning(context.environment)
        f.decimalSeparator = Localization.decimalSeparator(environment: context.environment)
        return f
    }

    /// The user's time zone: `TZ` when it names a zone (POSIX allows a leading ":", as in
    /// `TZ=:Europe/Zurich`), else the system's.
    static func timeZone(_ environment: [String: String]) -> TimeZone {
        if let tz = environment["TZ"], let z = TimeZone(identifier: tz.hasPrefix(":") ? String(tz.dropFirst()) : tz) { return z }
        return TimeZone.current
    }

    /// What to say when `TZ` is set but names no zone this system knows (`TZ=Nonsense`):
    /// dates then fall back to the system's zone, which the user should know. Nil otherwise
    /// (unset, empty, or a known zone).
    static func timeZoneWarning(_ environment: [String: String]) -> String? {
        guard let tz = environment["TZ"], !tz.isEmpty else { return nil }
        let name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
        guard TimeZone(identifier: name) == nil else { return nil }
        return L("TZ=%s is not a time zone this system knows; dates and months are in %s (see /usr/share/zoneinfo for the names)",
                 TerminalText.clean(tz), TimeZone.current.identifier)
    }
}

import Localization
import Foundation
import HikeServices
import TrailCore

/// The noise-filter options of `cairn record`: each rule's threshold (``PositionFilterRules``),
/// starting from the recording defaults.
enum RecordFilterOptions {
    static let maxAccuracy = OptionSpec("--max-accuracy", value: "DIST", defaultHelp: "\(fmt(PositionFilterRules.defaultMaximumHorizontalAccuracy)) m",
                                        help: N("drop fixes less accurate than DIST (30, 30m, 100ft)"))
        .configured("record.max-accuracy", example: "\(fmt(PositionFilterRules.defaultMaximumHorizontalAccuracy))m") { _ = try distance($0, "--max-accuracy") }
    static let maxSpeed = OptionSpec("--max-speed", value: "SPEED", defaultHelp: "\(fmt(PositionFilterRules.defaultMaximumSpeed)) m/s",
                                     help: N("drop fixes implying a faster move: m/s, or \"43km/h\", \"27mph\""))
        .configured("record.max-speed", example: "\(fmt(PositionFilterRules.defaultMaximumSpeed))m/s") { _ = try speed($0, "--max-speed") }
    static let duplicate = OptionSpec("--duplicate", value: "DIST", defaultHelp: "\(fmt(PositionFilterRules.defaultMinimumDistance)) m",
                                      help: N("drop moves shorter than DIST as duplicates"))
        .configured("record.duplicate", example: "\(fmt(PositionFilterRules.defaultMinimumDistance))m") { _ = try distance($0, "--duplicate", allowZero: true) }
    static let minDistance = OptionSpec("--min-distance", value: "DIST", defaultHelp: "\(fmt(PositionFilterRules.recordingMinimumSpacing)) m",
                                        help: N("keep points at least DIST apart (0 keeps all)"))
        .configured("record.min-distance", example: "\(fmt(PositionFilterRules.recordingMinimumSpacing))m") { _ = try distance($0, "--min-distance", allowZero: true) }
    static let stationarySpeed = OptionSpec("--stationary-speed", value: "SPEED",
                                            defaultHelp: "\(fmt(PositionFilterRules.defaultStationarySpeed)) m/s",
                                            help: N("standing still: below SPEED for --stationary-time holds fixes inside their accuracy circle"))
        .configured("record.stationary-speed", example: "\(fmt(PositionFilterRules.defaultStationarySpeed))m/s") { _ = try speed($0, "--stationary-speed", allowZero: true) }
    static let stationaryTime = OptionSpec("--stationary-time", value: "SECS",
                                           defaultHelp: "\(fmt(PositionFilterRules.recordingStationaryDuration)) s",
                                           help: N("how long below --stationary-speed counts as standing still (30s, 2min)"))
        .configured("record.stationary-time", example: "\(fmt(PositionFilterRules.recordingStationaryDuration))s") { _ = try seconds($0, "--stationary-time") }
    static let strayDistance = OptionSpec("--stray-distance", value: "DIST",
                                          defaultHelp: "\(fmt(PositionFilterRules.defaultStrayDistance / 1000)) km",
                                          help: N("drop fixes farther than DIST from the last point as stray"))
        .configured("record.stray-distance", example: "\(fmt(PositionFilterRules.defaultStrayDistance / 1000))km") { _ = try distance($0, "--stray-distance") }
    /// The filter options, in help order.
    static let declared: [OptionSpec] = [maxAccuracy, maxSpeed, duplicate, minDistance, stationarySpeed, stationaryTime, strayDistance]

    fileprivate static func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }

    /// Takes the filter options from `args`.
    /// - Throws: ``CLIError/usage(_:)`` for a bad value.
    static func take(_ args: ParsedArguments) throws -> PositionFilterRules {
        var r = PositionFilterRules.recording
        if let t = args.value(maxAccuracy) { r.maximumHorizontalAccuracy = try distance(t, "--max-accuracy") }
        if let t = args.value(maxSpeed) { r.maximumSpeed = try speed(t, "--max-speed") }
        if let t = args.value(duplicate) { r.minimumDistance = try distance(t, "--duplicate", allowZero: true) }
        if let t = args.value(minDistance) { r.minimumSpacing = try distance(t, "--min-distance", allowZero: true) }
        if let t = args.value(stationarySpeed) { r.stationarySpeed = try speed(t, "--stationary-speed", allowZero: true) }
        if let t = args.value(stationaryTime) { r.stationaryDuration = try seconds(t, "--stationary-time") }
        if let t = args.value(strayDistance) { r.strayDistance = try distance(t, "--stray-distance") }
        return r
    }

    /// "30", "30m", "0.5km", "100ft" → metres.
    static func distance(_ text: String, _ option: String, allowZero: Bool = false) throws -> Double {
        try number(text, option, units: [("km", 1000), ("ft", 0.3048), ("m", 1)], allowZero: allowZero,
                   example: L("30m, 0.5km or 100ft"))
    }

    /// "12", "12m/s", "43km/h", "27mph" → metres per second.
    static func speed(_ text: String, _ option: String, allowZero: Bool = false) throws -> Double {
        try number(text, option, units: [("km/h", 1 / 3.6), ("mph", 0.44704), ("m/s", 1)], allowZero: allowZero,
                   example: L("12m/s, 43km/h or 27mph"))
    }

    /// "30", "30s", "2min" → seconds.
    static func seconds(_ text: String, _ option: String) throws -> Double {
        try number(text, option, units: [("min", 60), ("s", 1)], allowZero: true, example: L("30s or 2min"))
    }

    private static func number(_ text: String, _ option: String, units: [(String, Double)], allowZero: Bool,
                               example: String) throws -> Double {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        var digits = t, factor = 1.0
        for (suffix, f) in units where t.hasSuffix(suffix) {
            digits = String(t.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            factor = f
            break
        }
        guard let v = Double(digits), v.isFinite, allowZero ? v >= 0 : v > 0 else {
            throw CLIError.usage(L("%s needs a value such as %s, not '%s'", option, example, TerminalText.clean(text)))
        }
        return v * factor
    }
}

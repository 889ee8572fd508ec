import Foundation
import TrailCore

/// The noise-filter options of `cairn record`: each rule's threshold (``PositionFilterRules``),
/// starting from the recording defaults.
enum RecordFilterOptions {
    static let helpLines = """
          --max-accuracy DIST      drop fixes less accurate than DIST (default \(fmt(PositionFilterRules.defaultMaximumHorizontalAccuracy)) m)
          --max-speed SPEED        drop fixes implying a faster move: m/s, or "43km/h" (default \(fmt(PositionFilterRules.defaultMaximumSpeed)) m/s)
          --duplicate DIST         drop moves shorter than DIST as duplicates (default \(fmt(PositionFilterRules.defaultMinimumDistance)) m)
          --min-distance DIST      keep points at least DIST apart (default \(fmt(PositionFilterRules.recordingMinimumSpacing)) m; 0 keeps all)
          --stationary-speed SPEED standing still below SPEED … (default \(fmt(PositionFilterRules.defaultStationarySpeed)) m/s)
          --stationary-time SECS   … for SECS seconds holds fixes inside their accuracy circle (default \(fmt(PositionFilterRules.recordingStationaryDuration)) s)
          --stray-distance DIST    drop fixes farther than DIST from the last point (default \(fmt(PositionFilterRules.defaultStrayDistance / 1000)) km)
        """

    private static func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String(v)
    }

    /// Takes the filter options from `args`.
    /// - Throws: ``CLIError/usage(_:)`` for a bad value.
    static func take(_ args: inout ArgumentList) throws -> PositionFilterRules {
        var r = PositionFilterRules.recording
        if let t = try args.option("--max-accuracy") { r.maximumHorizontalAccuracy = try distance(t, "--max-accuracy") }
        if let t = try args.option("--max-speed") { r.maximumSpeed = try speed(t, "--max-speed") }
        if let t = try args.option("--duplicate") { r.minimumDistance = try distance(t, "--duplicate", allowZero: true) }
        if let t = try args.option("--min-distance") { r.minimumSpacing = try distance(t, "--min-distance", allowZero: true) }
        if let t = try args.option("--stationary-speed") { r.stationarySpeed = try speed(t, "--stationary-speed", allowZero: true) }
        if let t = try args.option("--stationary-time") { r.stationaryDuration = try seconds(t, "--stationary-time") }
        if let t = try args.option("--stray-distance") { r.strayDistance = try distance(t, "--stray-distance") }
        return r
    }

    /// "30", "30m", "0.5km", "100ft" → metres.
    static func distance(_ text: String, _ option: String, allowZero: Bool = false) throws -> Double {
        try number(text, option, units: [("km", 1000), ("ft", 0.3048), ("m", 1)], allowZero: allowZero,
                   example: "30m, 0.5km or 100ft")
    }

    /// "12", "12m/s", "43km/h", "27mph" → metres per second.
    static func speed(_ text: String, _ option: String, allowZero: Bool = false) throws -> Double {
        try number(text, option, units: [("km/h", 1 / 3.6), ("mph", 0.44704), ("m/s", 1)], allowZero: allowZero,
                   example: "12m/s, 43km/h or 27mph")
    }

    /// "30", "30s", "2min" → seconds.
    static func seconds(_ text: String, _ option: String) throws -> Double {
        try number(text, option, units: [("min", 60), ("s", 1)], allowZero: true, example: "30s or 2min")
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
            throw CLIError.usage("\(option) needs a value such as \(example), not '\(TerminalText.clean(text))'")
        }
        return v * factor
    }
}

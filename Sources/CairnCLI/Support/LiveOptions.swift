import Localization
import Foundation
import TrailApp
import TrailCore
import TrailLive
import ViewerRuntime

/// The live-position options shared by `cairn tui` and `cairn follow` (declared in
/// ``OptionSpec/live``): `--gps SPEC`, `--speed N`, `--off-route DIST`, `--speak`.
struct LiveOptions {
    /// `--gps` as typed (prefills the TUI's source prompt) and parsed.
    var gpsText: String?
    var source: PositionSourceSpec?
    /// `--speed`: replay / NMEA-file pacing.
    var speed: Double?
    /// `--off-route`: threshold in metres.
    var offRoute: Double?
    /// `--speak`: spoken alerts from the start (also `--alerts speech` or `both`).
    var speak = false
    /// The bell on off-route alerts (`--alerts bell` or `both`, the default).
    var bell = true

    /// Reads the options from `args` (a command that declares ``OptionSpec/live``).
    /// - Throws: ``CLIError/usage(_:)`` for a bad value.
    init(_ args: ParsedArguments) throws {
        var o = LiveOptions()
        if let text = args.value(.gps) {
            do { o.source = try PositionSourceSpec(parsing: text) } catch { throw CLIError.usage(error.description) }
            o.gpsText = text
        }
        if let text = args.value(.speed) {
            guard let v = Double(text), v.isFinite, v > 0 else {
                throw CLIError.usage(L("--speed needs a positive number (e.g. 10), not '%s'", text))
            }
            o.speed = v
        }
        if let text = args.value(.offRoute) { o.offRoute = try Self.parseDistance(text, option: "--off-route") }
        let alerts = args.value(.alerts) ?? "bell"
        o.speak = args.has(.speak) || alerts == "speech" || alerts == "both"
        o.bell = alerts == "bell" || alerts == "both"
        self = o
    }

    /// No live options (as when none is given).
    init() {}

    /// Checks that the `--gps` source can be read (``PositionSourceSpec/check(loadTrack:)``),
    /// before the terminal is taken.
    /// - Throws: ``CLIError/failure(_:)`` (exit 1) for a missing, unreadable or wrong file.
    func validate() throws {
        guard let source else { return }
        do { try source.check(loadTrack: FollowEffectPerformer.loadTrack) } catch { throw CLIError.failure(String(describing: error)) }
    }

    /// "30", "30m", "30 m", "0.1km", "100ft" → metres (positive, at most 10 km).
    static func parseDistance(_ text: String, option: String) throws -> Double {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("km", 1000), ("ft", 0.3048), ("m", 1)]
        var number = t, factor = 1.0
        for (suffix, f) in units where t.hasSuffix(suffix) {
            number = String(t.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
            factor = f
            break
        }
        guard let v = Double(number), v.isFinite, v > 0 else {
            throw CLIError.usage(L("%s needs a distance such as 30m or 100ft, not '%s'", option, text))
        }
        guard v * factor <= 10_000 else { throw CLIError.usage(L("%s is at most 10 km, not '%s'", option, text)) }
        return v * factor
    }

    /// Puts the options into the app's state.
    func apply(to live: inout LiveModel, speechAvailable: Bool) {
        if let gpsText { live.defaultSource = gpsText }
        live.speedFactor = speed
        if let offRoute { live.offRouteThreshold = offRoute }
        live.speechAvailable = speechAvailable
        live.speaks = speak  // without espeak-ng, following says so and turns it off
        live.alertBell = bell
    }
}

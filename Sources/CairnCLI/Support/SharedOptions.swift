import Localization
import Foundation
import TrailCore
import TrailLive

/// The options several commands take, declared once: `--store`, `--map`, `--units`,
/// `--theme`, `--ascii` and the live-position options of the commands that follow a hike.
/// Their values are read by ``StoreAccess``, ``MapCommandSupport``, ``UnitsOption``,
/// ``LiveOptions`` and ``TUICommand``.
extension OptionSpec {
    /// `--store PATH`: the hike store (``StoreAccess/path(_:_:)``).
    public static let store = OptionSpec(
        "--store", value: "PATH", kind: .file(extensions: ["sqlite"]),
        defaultHelp: N("$CAIRN_STORE, else $XDG_DATA_HOME/cairn/hikes.sqlite, else ~/.local/share/cairn/hikes.sqlite"),
        help: N("the hike store")).configured("store", environment: "CAIRN_STORE", example: "~/.local/share/cairn/hikes.sqlite")

    /// `--map PATH`: the offline map store (``MapCommandSupport/storePath(_:_:)``).
    public static let map = OptionSpec(
        "--map", value: "PATH", kind: .file(extensions: ["sqlite"]),
        defaultHelp: N("$CAIRN_MAP, else $XDG_DATA_HOME/cairn/map.sqlite, else ~/.local/share/cairn/map.sqlite"),
        help: N("the map store")).configured("map", environment: "CAIRN_MAP", example: "~/.local/share/cairn/map.sqlite")

    /// `--dem DIR`: the terrain folder of SRTM tiles (``DemCommandSupport/directory(_:_:)``).
    public static let dem = OptionSpec(
        "--dem", value: "DIR", kind: .file(extensions: []),
        defaultHelp: N("$CAIRN_DEM, else $XDG_DATA_HOME/cairn/terrain, else ~/.local/share/cairn/terrain"),
        help: N("the terrain folder of SRTM tiles")).configured("dem", environment: "CAIRN_DEM", example: "~/.local/share/cairn/terrain")

    /// `--units SYSTEM`: metric or imperial (``UnitsOption/formatter(_:_:)``).
    public static let units = OptionSpec(
        "--units", value: "SYSTEM", kind: .choice(UnitSystem.allCases.map(\.rawValue)),
        defaultHelp: N("from the locale: LC_ALL, LC_MEASUREMENT, LANG"),
        help: N("metric or imperial; dates are shown in the time zone of TZ")).configured("units", example: "metric")

    /// `--theme NAME`: the colours of a drawn screen; only the commands that draw (the viewer,
    /// `follow`, `render`) take it, the others refuse it.
    public static let theme = OptionSpec(
        "--theme", value: "NAME", kind: .choice(["dark", "light", "high-contrast", "mono"]),
        defaultHelp: N("dark; mono when NO_COLOR is set"),
        help: N("the colours of the drawn screen: a theme from Themes/ (dark, light, high-contrast, mono, or NAME.json of your own); only the commands that draw take it"))
        .configured("theme", environment: "NO_COLOR", example: "dark")

    /// `--ascii`: ASCII instead of braille, for terminals without UTF-8.
    public static let ascii = OptionSpec(
        "--ascii", help: N("draw maps and charts with ASCII instead of braille (for terminals without UTF-8)"))

    /// `--images FORMAT`: how the viewer draws a photo (``TerminalImageFormat``; config `images`).
    public static let images = OptionSpec(
        "--images", value: "FORMAT", kind: .choice(["auto", "kitty", "sixels", "iterm", "symbols"]), defaultValue: "auto",
        help: N("how photos are drawn in the terminal: auto (detected from the terminal), kitty, sixels, iterm or symbols (every terminal)"))
        .configured("images", environment: "CAIRN_IMAGES")

    /// `--gps SPEC`: where live positions come from (``LiveOptions``).
    public static let gps = OptionSpec(
        "--gps", value: "SPEC",
        help: N("position source: gpsd://HOST:PORT (default gpsd://127.0.0.1:2947), nmea:DEVICE[@BAUD] or an NMEA log file, replay:FILE.gpx"))
        .configured("gps", example: "gpsd://127.0.0.1:2947") { text in
            do { _ = try PositionSourceSpec(parsing: text) } catch { throw CLIError.usage("\(error)") }
        }

    /// `--speed N`: replay pacing.
    public static let speed = OptionSpec(
        "--speed", value: "N", help: N("play replays and NMEA log files N times faster than real time"))

    /// `--off-route DIST`: the off-route alert threshold.
    public static let offRoute = OptionSpec(
        "--off-route", value: "DIST", defaultHelp: "\(Int(OffRouteMonitor.Parameters.defaultThreshold)) m",
        help: N("off-route alert threshold: metres (\"30\", \"30m\") or feet (\"100ft\")"))
        .configured("off-route", example: "\(Int(OffRouteMonitor.Parameters.defaultThreshold))m") { _ = try LiveOptions.parseDistance($0, option: "--off-route") }

    /// `--speak`: spoken alerts from the start.
    public static let speak = OptionSpec(
        "--speak", help: N("spoken off-route alerts (needs espeak-ng; v toggles them)"))

    /// `--alerts bell|speech|both|none`: how off-route alerts sound (config `alerts`).
    public static let alerts = OptionSpec(
        "--alerts", value: "HOW", kind: .choice(["bell", "speech", "both", "none"]), defaultValue: "bell",
        help: N("how off-route alerts sound: bell, speech (espeak-ng), both or none (the banner shows always)"))
        .configured("alerts")

    /// The live-position options of the viewer and `follow`, in help order.
    public static let live: [OptionSpec] = [.gps, .speed, .offRoute, .speak, .alerts]
}

/// Where `--theme NAME` looks, for the notes of the commands that draw.
enum ThemeOption {
    static let lookupNote = N("Themes are looked up in $CAIRN_THEMES, else in a Themes/ directory beside the cairn\nexecutable or in one of its parent directories (a checkout's Themes/ for\n.build/debug/cairn), else in <prefix>/share/cairn/Themes for <prefix>/bin/cairn.")
}

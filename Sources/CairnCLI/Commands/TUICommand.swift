import Localization
import Foundation
import TermUI
import TrailApp
import TrailCore
import TrailLive
import TrailStore
import ViewerRuntime

/// `cairn tui` (and `cairn` with no arguments on a terminal): the full-screen viewer.
public enum TUICommand: Command {
    public static let name = "tui"
    public static let summary = N("Open the full-screen viewer (also: cairn with no arguments)")
    public static let usageName = "[tui]"
    public static let about = N("Browse your hikes: the library lists them (Enter opens one; / filters; s sorts;\ni imports a track file (GPX, FIT, TCX, KML/KMZ, GeoJSON); r renames; d deletes); a hike shows its map, elevation profile\nand statistics, and ← → scrub the profile. n draws a new route: place stops with the\ncursor and the legs follow the mapped paths (e edits a drawn hike; an unfinished\ndrawing is kept and offered again); f follows a hike live with the position from\n--gps (see 'cairn follow --help'); R in the library records a hike live from it\n(p pauses, x finishes, b backtracks; an unfinished recording is offered on start).\nPress ? on any screen for every key.")
    static let select = OptionSpec("--select", value: "ID", kind: .hikeID,
                                   help: N("start with this hike selected in the library (make demo: the demo hike)"))
    public static let options: [OptionSpec] = ViewerOptions.declared + [select] + OptionSpec.live
    public static let notes = ThemeOption.lookupNote

    /// What `cairn tui` and `cairn follow` share: the store, the map, how to draw, the live options.
    struct ViewerOptions {
        var storePath: String
        var mapPath: String
        /// The terrain folder (contours, terrain elevations).
        var terrainPath: String
        var units: UnitFormatter
        var themeName: String?
        var forceASCII: Bool
        var live: LiveOptions
        /// The Places screen's first radius, metres (`--within`, `places.within`).
        var placesWithin: Double
        /// `--images` (or the config's `images`): nil for "auto" (detected).
        var imageFormat: String?
        /// `cairn follow`: the hike to open and follow at once.
        var autoFollow: (id: HikeID, source: PositionSourceSpec)?
        /// `cairn tui --select ID`: the hike selected first in the library.
        var select: HikeID?
        /// `cairn record` on a terminal: the recording to start or resume at once, and its filter.
        var autoRecord: (AutoRecord, rules: PositionFilterRules)?

        /// The options of the viewer besides the live ones (``OptionSpec/live``), in help order.
        static let declared: [OptionSpec] = [.store, .map, .dem, .theme, .units, .ascii, .placesWithin, .images]

        /// Reads the options from `args` (a command that declares ``declared`` and the live ones).
        init(_ args: ParsedArguments, _ context: CommandContext) throws {
            storePath = StoreAccess.path(args, context)
            mapPath = try MapCommandSupport.storePath(args, context)
            terrainPath = try DemCommandSupport.directory(args, context)
            units = try UnitsOption.formatter(args, context)
            themeName = args.value(.theme)
            forceASCII = args.has(.ascii)
            live = try LiveOptions(args)
            placesWithin = try PlacesSupport.within(args.value(.placesWithin))
            imageFormat = args.value(.images).flatMap { $0 == "auto" ? nil : $0 }
        }
    }

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        var options = try ViewerOptions(args, context)
        if let id = args.value(select) {
            options.select = try StoreAccess.ids([id], in: try StoreAccess.open(options.storePath, context))[0]
        }
        return try launch(options, context)
    }

    /// Takes the terminal and runs the app until it quits (``ViewerLaunch``).
    static func launch(_ options: ViewerOptions, _ context: CommandContext) throws -> Int32 {
        try options.live.validate()
        guard context.stdoutIsTerminal && context.stdinIsTerminal else {
            throw CLIError.failure("the viewer needs a terminal (stdin and stdout); see 'cairn --help' for commands")
        }
        let selection = ThemeSelection(environment: context.environment,
                                       executablePath: Bundle.main.executablePath ?? CommandLine.arguments.first)
        let theme: Theme
        do { theme = try selection.theme(requested: options.themeName) } catch { throw CLIError.failure(error.description) }
        // Open the store before taking the screen, so a refusal (newer version, not a
        // database) is printed plainly.
        _ = try StoreAccess.open(options.storePath, context)
        var viewer = ViewerLaunch(storePath: options.storePath, mapPath: options.mapPath, terrainPath: options.terrainPath,
                                  storeLabel: abbreviate(options.storePath, context), units: options.units, theme: theme,
                                  placesWithin: options.placesWithin, environment: context.environment, now: context.now)
        viewer.forceASCII = options.forceASCII
        viewer.imageFormat = options.imageFormat
        viewer.autoFollow = options.autoFollow
        viewer.select = options.select
        viewer.autoRecord = options.autoRecord
        viewer.configureLive = { [live = options.live] in live.apply(to: &$0, speechAvailable: $1) }
        return viewer.run { context.stdout.write($0 + "\n") }
    }

    /// `~/…` for paths in the home directory.
    static func abbreviate(_ path: String, _ context: CommandContext) -> String {
        if let home = context.environment["HOME"], !home.isEmpty, path.hasPrefix(home + "/") {
            return "~" + path.dropFirst(home.count)
        }
        return path
    }
}

import CursesTerminal
import Foundation
import TermUI
import TrailApp
import TrailCore
import TrailMap
import TrailStore

/// `cairn tui` (and `cairn` with no arguments on a terminal): the full-screen viewer.
public enum TUICommand: Command {
    public static let name = "tui"
    public static let summary = "Open the full-screen viewer (also: cairn with no arguments)"
    public static var help: String {
        """
        Usage: cairn [tui] [--store PATH] [--map PATH] [--theme NAME] [--units SYSTEM] [--ascii]

        Browse your hikes: the library lists them (Enter opens one; / filters; s sorts;
        i imports a GPX file; r renames; d deletes); a hike shows its map, elevation profile
        and statistics, and ← → scrub the profile. n draws a new route: place stops with the
        cursor and the legs follow the mapped paths (e edits a drawn hike; an unfinished
        drawing is kept and offered again). Press ? on any screen for every key.

        Options:
        \(StoreAccess.helpLine)
        \(MapCommandSupport.mapOptionHelp)
          --theme NAME      a theme from Themes/ (dark, light, high-contrast, mono);
                            NO_COLOR selects mono
        \(UnitsOption.helpLine)
          --ascii           draw maps and charts with ASCII instead of braille
        """
    }

    public static func run(_ args: inout ArgumentList, _ context: CommandContext) throws -> Int32 {
        let storePath = try StoreAccess.path(&args, context)
        let mapPath = try MapCommandSupport.storePath(&args, context)
        let units = try UnitsOption.take(&args, context)
        let themeName = try args.option("--theme")
        let forceASCII = args.flag("--ascii")
        try args.finish()
        guard context.stdoutIsTerminal && context.stdinIsTerminal else {
            throw CLIError.failure("the viewer needs a terminal (stdin and stdout); see 'cairn --help' for commands")
        }
        let selection = ThemeSelection(environment: context.environment,
                                       executablePath: Bundle.main.executablePath ?? CommandLine.arguments.first)
        let theme: Theme
        do { theme = try selection.theme(requested: themeName) } catch { throw CLIError.failure(error.description) }
        // Open the store before taking the screen, so a refusal (newer version, not a
        // database) is printed plainly.
        _ = try StoreAccess.open(storePath, context)
        let now = context.now
        let performer = EffectPerformer(storePath: storePath, mapPath: mapPath, now: now)

        let screen = CursesScreen(environment: context.environment)
        let signals = SignalWatcher()
        defer {
            screen.restore()
            signals.cancel()
        }
        let mode: CanvasMode = (forceASCII || !screen.isUTF8) ? .ascii : .braille
        let environment = WidgetEnvironment(theme: theme, format: units, canvasMode: mode)
        let size = screen.size
        var state = AppState(environment: environment, storeLabel: abbreviate(storePath, context), width: size.width,
                             height: size.height)
        let runtime = ProgramRuntime(program: CairnApp(), terminal: screen) { effect, send in
            switch effect {
            case .bell: screen.bell()
            case .suspend: screen.suspend()
            default: performer.perform(effect, send: send)
            }
        }
        runtime.shouldStop = { signals.pending != nil }
        if context.environment["CAIRN_BENCH_FIRST_FRAME"] == "1" {
            // Benchmarks/tui-bench.sh: leave at the first complete library frame (list and,
            // where the layout has one, the preview with its map data).
            runtime.stopAfterFrame = { s in
                guard !s.library.loading else { return false }
                let previewShown = AppLayout(width: s.width, height: s.height).previewMap.isEmpty
                    || s.library.all.isEmpty || (s.library.preview != nil && s.previewBasemapRequest == nil)
                return previewShown
            }
        }
        runtime.run(&state, initial: [.start])
        return 0
    }

    /// `~/…` for paths in the home directory.
    static func abbreviate(_ path: String, _ context: CommandContext) -> String {
        if let home = context.environment["HOME"], !home.isEmpty, path.hasPrefix(home + "/") {
            return "~" + path.dropFirst(home.count)
        }
        return path
    }
}

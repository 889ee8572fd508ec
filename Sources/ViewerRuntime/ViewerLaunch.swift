import CursesTerminal
import Foundation
import TermUI
import TrailApp
import TrailCore
import TrailLive
import TrailStore

/// The full-screen viewer, started: takes the terminal (curses), wires the effect performers,
/// the store watcher, the live control socket and the signals to the app, and runs it until it
/// quits. `cairn tui`, `cairn follow` and `cairn record` on a terminal read their options and
/// hand them here; what they parse, refuse and print stays with them.
public struct ViewerLaunch {
    /// The hike store, map store and terrain folder (absolute paths).
    public var storePath: String
    public var mapPath: String
    public var terrainPath: String
    /// The store's path as the library's title shows it (`~/…`).
    public var storeLabel: String
    public var units: UnitFormatter
    public var theme: Theme
    /// `--ascii`: no braille even under a UTF-8 locale.
    public var forceASCII = false
    /// The Places screen's first radius, metres.
    public var placesWithin: Double
    /// `cairn follow`: the hike to open and follow at once.
    public var autoFollow: (id: HikeID, source: PositionSourceSpec)?
    /// `cairn tui --select ID`: the hike selected first in the library.
    public var select: HikeID?
    /// `cairn record` on a terminal: the recording to start or resume at once, and its filter.
    public var autoRecord: (AutoRecord, rules: PositionFilterRules)?
    /// Puts the live options (`--gps`, `--speed`, `--off-route`, `--speak`) into the app's
    /// state; the second argument says whether speech (espeak-ng) is available.
    public var configureLive: (inout LiveModel, Bool) -> Void = { _, _ in }
    public var environment: [String: String]
    /// `--images` or the config's `images`: the picture format (symbols, sixels, kitty,
    /// iterm), nil or "auto" to detect it.
    public var imageFormat: String?
    public var now: @Sendable () -> Date

    public init(storePath: String, mapPath: String, terrainPath: String, storeLabel: String, units: UnitFormatter, theme: Theme,
                placesWithin: Double, environment: [String: String], now: @escaping @Sendable () -> Date) {
        self.storePath = storePath
        self.mapPath = mapPath
        self.terrainPath = terrainPath
        self.storeLabel = storeLabel
        self.units = units
        self.theme = theme
        self.placesWithin = placesWithin
        self.environment = environment
        self.now = now
    }

    /// Takes the terminal and runs the app until it quits; the terminal is given back before
    /// this returns. - Parameter farewell: called once, after the terminal is restored, with
    /// the line to print when a recording was left paused (how to go on, DECISIONS.md 842).
    /// - Returns: the exit status (0).
    public func run(farewell: (String) -> Void) -> Int32 {
        let speech = SpeechOutput(environment: environment)
        let screen = CursesScreen(environment: environment)
        var terminal = EffectPerformer.TerminalActions(bell: { screen.bell() }, suspend: { screen.suspend() },
                                                       runOutside: { screen.runOutside($0) }, size: { screen.size })
        terminal.imageFormat = imageFormat
        terminal.pushInput = { screen.pushInput($0) }
        let performer = EffectPerformer(storePath: storePath, mapPath: mapPath, terrainPath: terrainPath, now: now, speech: speech,
                                        terminal: terminal)
        // `cairn record pause|resume|finish|place` and `cairn status` from another shell.
        performer.record.controlPath.withLock { $0 = LiveControlSocket.path(environment: environment) }
        performer.follow.controlPath.withLock { $0 = LiveControlSocket.path(environment: environment) }
        let signals = SignalWatcher()
        // A walk still followed when the viewer ends (Ctrl-C, a signal): kept unfinished.
        var followKept: String?
        defer {
            performer.follow.stopSource()
            performer.follow.drain()
            let kept = performer.record.shutDown()
            screen.restore()
            // Ctrl-C (or q) left a recording paused or a walk unfinished: say how to go on (DECISIONS.md 842, 972).
            if let kept { farewell(kept) }
            if let followKept { farewell(followKept) }
            signals.cancel()
        }
        let mode: CanvasMode = (forceASCII || !screen.isUTF8) ? .ascii : .braille
        let widgets = WidgetEnvironment(theme: theme, format: units, canvasMode: mode)
        let size = screen.size
        var state = AppState(environment: widgets, storeLabel: storeLabel, width: size.width, height: size.height)
        if let note = screen.localeNote { state.status = StatusMessage(text: note, isError: false, acrossScreens: true) }
        configureLive(&state.live, speech.isAvailable)
        state.placesWithin = placesWithin
        state.live.autoFollow = autoFollow
        state.library.pendingSelection = select
        if let (auto, rules) = autoRecord {
            state.live.autoRecord = auto
            performer.record.rules = rules
        }
        let runtime = ProgramRuntime(program: CairnApp(keyClock: { ProcessInfo.processInfo.systemUptime }), terminal: screen) { effect, send in
            performer.perform(effect, send: send)
        }
        runtime.shouldStop = { signals.pending != nil }
        // Another process changing the store (cairn match --keep, import, delete, rename): the
        // viewer reads again what it shows.
        let watcher = StoreWatcher(performer.connections)
        watcher.start { runtime.send($0) }
        defer { watcher.stop() }
        if environment["CAIRN_BENCH_FIRST_FRAME"] == "1" {
            // Benchmarks/tui-bench.sh: leave at the first complete library frame (list and,
            // where the layout has one, the preview with its map data).
            runtime.stopAfterFrame = { s in
                guard !s.library.loading else { return false }
                let previewShown = AppLayout(width: s.width, height: s.height).previewMap.isEmpty
                    || s.library.all.isEmpty || (s.library.preview != nil && s.basemaps.pending(for: .preview) == nil)
                return previewShown
            }
        }
        var initial: [AppMessage] = [.start]
        if autoFollow != nil { initial.append(.follow(.launch)) }
        if autoRecord != nil { initial.append(.record(.launch)) }
        runtime.run(&state, initial: initial)
        followKept = state.following?.keptText
        return 0
    }
}

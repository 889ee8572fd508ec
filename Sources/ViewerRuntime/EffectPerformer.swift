import Foundation
import TrailApp

/// Performs the TUI's effects off the update path, one performer per feature, each answering
/// with its feature's messages (failures included, as typed messages; the app words them).
/// The switch names every effect of the screens the root names: a new one does not compile
/// until it is routed. A registered screen's effects go to its performer in
/// ``screenPerformers`` (ScreenPerformerRegistryTests checks every such screen has one).
/// `@unchecked` only for ``TerminalActions`` (the curses screen is not `Sendable`; they run on
/// the runtime's loop, which calls ``perform(_:send:)``); the store and map work is checked.
public final class EffectPerformer: @unchecked Sendable {
    public typealias Send = @Sendable (AppMessage) -> Void

    /// What only the terminal can do (the runtime's loop owns it).
    public struct TerminalActions {
        public var bell: () -> Void
        public var suspend: () -> Void
        /// Runs its argument with the terminal given back (curses ended), then redraws
        /// (``CursesScreen/runOutside(_:)``); nil: pictures cannot be shown in the terminal.
        public var runOutside: ((() -> Void) -> Void)?
        /// Gives bytes back to the viewer's input, read first and in order by its next reads
        /// (keys typed while the terminal was asked something: ``CursesScreen/pushInput(_:)``).
        public var pushInput: (([UInt8]) -> Void)?
        /// The screen's size in cells, for the picture.
        public var size: () -> (width: Int, height: Int)
        /// The picture format chosen by `--images` or the config's `images` (symbols, sixels,
        /// kitty, iterm), nil or "auto" to detect it (``TerminalImageFormat/detect(environment:configured:)``).
        public var imageFormat: String?

        public init(bell: @escaping () -> Void, suspend: @escaping () -> Void,
                    runOutside: ((() -> Void) -> Void)? = nil, size: @escaping () -> (width: Int, height: Int) = { (80, 24) }) {
            self.bell = bell
            self.suspend = suspend
            self.runOutside = runOutside
            self.size = size
        }
    }

    public let connections: StoreConnections
    let library: LibraryEffectPerformer
    let basemaps: BasemapEffectPerformer
    let draw: DrawEffectPerformer
    /// Live following: position source, walk history writes, speech.
    public let follow: FollowEffectPerformer
    /// Recording: the recorder, its store connection and position source.
    public let record: RecordEffectPerformer
    /// The performers of the screens the root does not name (``screenPerformers``), by screen.
    let screens: [AppState.Screen.Kind: any ScreenEffectPerformer]
    private let terminal: TerminalActions

    public init(storePath: String, mapPath: String, terrainPath: String? = nil, now: @escaping @Sendable () -> Date,
         speech: SpeechOutput, terminal: TerminalActions) {
        connections = StoreConnections(storePath: storePath, mapPath: mapPath, terrainPath: terrainPath, now: now)
        library = LibraryEffectPerformer(connections)
        basemaps = BasemapEffectPerformer(connections)
        draw = DrawEffectPerformer(connections)
        let connections = self.connections
        screens = Dictionary(uniqueKeysWithValues: Self.screenPerformers.map { ($0.kind, $0.init(connections)) })
        follow = FollowEffectPerformer(storePath: storePath, speech: speech, now: now)
        record = RecordEffectPerformer(storePath: storePath, speech: speech, now: now)
        self.terminal = terminal
    }

    public func perform(_ effect: AppEffect, send: @escaping Send) {
        switch effect {
        case .library(let e): library.perform(e, send: send)
        case .loadBasemap(let request, let viewport): basemaps.load(request: request, viewport, send: send)
        case .draw(let e): draw.perform(e, send: send)
        case .follow(let e): follow.perform(e, send: send)
        case .record(let e): record.perform(e, send: send)
        case .screen(let e):
            guard let performer = screens[e.kind] else {
                preconditionFailure("no performer for the \(e.kind) screen's work in EffectPerformer.screenPerformers")
            }
            Self.perform(e.value, with: performer, send: send)
        case .bell: terminal.bell()
        case .suspend: terminal.suspend()
        case .loadPhotos(let id):
            connections.store.async { c in
                do {
                    send(.photosLoaded(id, .success(try c.store().photos(of: id))))
                } catch {
                    send(.photosLoaded(id, .failure(PhotoLoadFailure("\(error)"))))
                }
            }
        case .showPhoto(let path, let desktop):
            PhotoShower.show(path: path, desktop: desktop, terminal: terminal, send: send)
        }
    }

    /// `value` to `performer` as its own effect type.
    private static func perform<P: ScreenEffectPerformer>(_ value: any Sendable, with performer: P, send: @escaping Send) {
        guard let effect = value as? P.Effect else {
            preconditionFailure("the \(P.kind) screen's performer was handed \(type(of: value)), not \(P.Effect.self)")
        }
        performer.perform(effect, send: send)
    }

    /// Waits until the queued store and map work is done (tests; the end of the program).
    public func drain() {
        connections.drain()
        follow.drain()
    }
}

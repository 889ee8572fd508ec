import Localization
import Foundation
import HikeServices
import TermUI
import TrailApp
import TrailCore
import TrailFormats
import TrailMap
import TrailStore
import TrailTerrain

/// `cairn render ID|FILE.gpx`: prints one frame of the hike screen (map, elevation chart,
/// statistics) as text, or with ANSI colours.
public enum RenderCommand: Command {
    public static let name = "render"
    public static let summary = N("Print one frame of a hike's screen (map, profile, statistics) as text")
    public static let about = N("Draws the hike screen for the stored hike ID (see 'cairn list'), or for a track file\n(GPX, FIT, TCX, KML, KMZ or GeoJSON) without importing it, and prints it: plain text by default, with colours when --ansi\nis given. Handy for scripts, documentation and tests.")
    public static let arguments = [ArgumentSpec("ID|FILE", kind: .file(extensions: ["gpx", "fit", "tcx", "kml", "kmz", "geojson", "json"]),
                                                help: N("a hike id from 'cairn list', or a track file: GPX, FIT, TCX, KML, KMZ, GeoJSON (not imported)"))]
    static let size = OptionSpec("--size", value: "WxH", defaultValue: "120x40", help: N("frame size in cells"))
    static let scrub = OptionSpec("--scrub", value: "FRACTION", defaultValue: "0",
                                  help: N("cursor position, 0 (start) to 1 (finish) of the distance"))
    static let range = OptionSpec("--range", value: "A,B",
                                  help: N("select the profile range from fraction A to fraction B (range statistics)"))
    static let zoom = OptionSpec("--zoom", value: "Z", defaultHelp: N("fit the whole hike"),
                                 help: N("map zoom (slippy-map level, fractional), centred on the cursor"))
    static let time = OptionSpec("--time", help: N("chart against elapsed time instead of distance"))
    static let lineColours = OptionSpec("--line-colours", value: "NAME", defaultHelp: N("plain"),
                                        help: N("colour the hike's line: plain, slope, grade (SAC grade of the ways under it, needs a map) or walked (by other stored hikes); the names and the default of the hike screen's 'o'"))
    static let slope = OptionSpec("--slope", help: N("short for --line-colours slope"))
    static let grade = OptionSpec("--grade", help: N("short for --line-colours grade"))
    static let contours = OptionSpec("--contours", help: N("draw the terrain's contour lines under the map (tiles from --dem)"))
    static let terrain = OptionSpec("--terrain", help: N("profile from the terrain where the hike has no ele, else the terrain's line beside the GPS line (tiles from --dem)"))
    static let hillshade = OptionSpec("--hillshade", help: N("shade the map's relief from the terrain (Horn, sun 315°/45°; tiles from --dem)"))
    static let ansi = OptionSpec("--ansi", help: N("colour output (ECMA-48 SGR); depth from COLORTERM / TERM"))
    static let track = OptionSpec("--track", value: "N", defaultHelp: N("the first track or route with points"),
                                  help: N("which track of a track file (numbered as by 'cairn import --list')"))
    public static let options: [OptionSpec] = [size, scrub, range, zoom, time, lineColours, slope, grade, contours, terrain, hillshade, ansi, .ascii, .theme, .units,
                                               track, .store, .map, .dem]
    // The themes' lookup note (``ThemeOption/lookupNote``) and this command's own, one message.
    public static let notes = N("Themes are looked up in $CAIRN_THEMES, else in a Themes/ directory beside the cairn\nexecutable or in one of its parent directories (a checkout's Themes/ for\n.build/debug/cairn), else in <prefix>/share/cairn/Themes for <prefix>/bin/cairn.\nMap data is read from the map store when it exists; without it the map says so.\nContour lines (--contours) come from the terrain tiles imported with 'cairn dem import'.")

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let size = try parseSize(args.value(Self.size) ?? "120x40")
        let scrub = try args.value(Self.scrub).map { try fraction($0, option: "--scrub") } ?? 0
        let range = try args.value(Self.range).map(parseRange)
        let zoom = try args.value(Self.zoom).map { v -> Double in
            guard let z = Double(v), z.isFinite, MapViewport.zoomRange.contains(z) else {
                throw CLIError.usage(L("--zoom needs a number from %s to %s", Int(MapViewport.zoomRange.lowerBound), Int(MapViewport.zoomRange.upperBound)))
            }
            return z
        }
        let timeAxis = args.has(Self.time)
        let slope = args.has(Self.slope)
        let ansi = args.has(Self.ansi)
        // In a terminal, the viewer's rule (LocaleCharset): braille only under a UTF-8 locale.
        // A file or a pipe gets braille (UTF-8) unless --ascii.
        let localeIsASCII = context.stdoutIsTerminal && !LocaleCharset.isUTF8(environment: context.environment)
        let ascii = args.has(.ascii) || localeIsASCII
        if localeIsASCII && !args.has(.ascii) { context.stderr.write(LocaleCharset.asciiNote(environment: context.environment) + "\n") }
        let themeName = args.value(.theme)
        let format = try UnitsOption.formatter(args, context)
        let trackNumber = try args.value(Self.track).map { v -> Int in
            guard let n = Int(v), n >= 1 else { throw CLIError.usage(L("--track needs a number from 1")) }
            return n
        }
        let storePath = StoreAccess.path(args, context)
        let mapPath = try MapCommandSupport.storePath(args, context)
        let positionals = args.positionals
        guard positionals.count == 1 else { throw CLIError.usage(L("render needs one hike ID or track file")) }

        let theme: Theme
        do {
            theme = try ThemeSelection(environment: context.environment, executablePath: Bundle.main.executablePath)
                .theme(requested: themeName)
        } catch {
            throw CLIError.failure(error.description)
        }
        let wantsTerrain = args.has(Self.contours) || args.has(Self.terrain) || args.has(Self.hillshade)
        let terrainStore = wantsTerrain ? try DemCommandSupport.optionalStore(args, context) : nil
        if wantsTerrain && terrainStore == nil {
            throw CLIError.failure(L("--contours, --terrain and --hillshade need terrain tiles; import one with `cairn dem import N42E001.hgt.zip`"))
        }
        // Prepared once: with the terrain for --terrain, then the ground on that very line.
        let hike = try loadHike(positionals[0], track: trackNumber, storePath: storePath, mapPath: mapPath, context: context,
                                terrain: args.has(Self.terrain) ? terrainStore.map { TerrainElevation(store: $0) } : nil)
        let environment = WidgetEnvironment(theme: theme, format: format, canvasMode: ascii ? .ascii : .braille)

        var options = HikeFrame.Options(width: size.width, height: size.height)
        options.scrub = scrub
        options.range = range
        options.zoom = zoom
        options.timeAxis = timeAxis
        var colourings: [LineColouring] = []
        if let name = args.value(Self.lineColours) {
            guard let c = LineColouring(rawValue: name.lowercased()) else {
                throw CLIError.usage(L("--line-colours takes %s", LineColouring.allCases.map(\.rawValue).joined(separator: ", ")))
            }
            colourings.append(c)
        }
        if slope { colourings.append(.slope) }
        if args.has(Self.grade) { colourings.append(.grade) }
        if Set(colourings).count > 1 { throw CLIError.usage(L("--line-colours, --slope and --grade colour the line two ways: choose one")) }
        let colouring = colourings.first ?? .plain
        options.colouring = colouring
        if colouring == .walked {
            options.completion = try walkedByOthers(positionals[0], hike: hike, storePath: storePath, context: context)
        }
        options.contours = args.has(Self.contours)
        options.terrainLine = args.has(Self.terrain)
        options.hillshade = args.has(Self.hillshade)
        let frame: HikeFrame
        do {
            frame = try HikeFrame(hike: hike, options: options, environment: environment, mapPath: mapPath, terrain: terrainStore)
        } catch let e as HikeLoads.Failure {
            throw CLIError.failure(e.description)
        }
        if let far = frame.contoursNote { context.stderr.write(L("%s (--zoom %s or more)\n", far, MapBasemap.contourMinimumZoom)) }
        var buffer = frame.buffer
        if ascii { buffer.applyASCIIFallback() }
        if ansi {
            context.stdout.write(buffer.ansiText(depth: ColorDepth.forANSIText(environment: context.environment)))
        } else {
            context.stdout.write(buffer.textDump() + "\n")
        }
        return 0
    }

    /// What other stored hikes and walks have walked of `hike` (``HikeLoads/walkedByOthers(_:in:excluding:)``):
    /// for a stored hike every other one, for a GPX file every stored one; nothing without a store.
    static func walkedByOthers(_ argument: String, hike: PreparedHike, storePath: String,
                               context: CommandContext) throws -> CompletionFigures? {
        guard FileManager.default.fileExists(atPath: storePath) else { return nil }
        let store = try StoreAccess.open(storePath, context, create: false)
        let path = context.resolve(argument)
        let isFile = argument.lowercased().hasSuffix(".gpx") || FileManager.default.fileExists(atPath: path)
        let excluding = isFile ? nil : try StoreAccess.ids([argument], in: store).first
        return try HikeLoads.walkedByOthers(hike, in: store, excluding: excluding)
    }

    /// "120x40" → (120, 40); each side 1…1000.
    static func parseSize(_ s: String) throws -> (width: Int, height: Int) {
        let parts = s.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...1000).contains(w), (1...1000).contains(h) else {
            throw CLIError.usage(L("--size takes WIDTHxHEIGHT in cells, e.g. 120x40 (1 to 1000 each)"))
        }
        return (w, h)
    }

    static func fraction(_ s: String, option: String) throws -> Double {
        guard let v = Double(s), v.isFinite, (0...1).contains(v) else {
            throw CLIError.usage(L("%s takes a fraction from 0 to 1", option))
        }
        return v
    }

    static func parseRange(_ s: String) throws -> (Double, Double) {
        let parts = s.split(separator: ",")
        guard parts.count == 2 else { throw CLIError.usage(L("--range takes two fractions, e.g. 0.2,0.6")) }
        return (try fraction(String(parts[0]), option: "--range"), try fraction(String(parts[1]), option: "--range"))
    }

    /// The hike for `argument`: a track file when it names an existing file (or ends in .gpx),
    /// else a stored hike id (``HikeLoads/file(at:fileName:track:terrain:mapPath:warn:)``,
    /// ``HikeLoads/forRender(_:_:terrain:mapPath:now:)``). A file's reader warnings go to stderr.
    static func loadHike(_ argument: String, track: Int?, storePath: String, mapPath: String,
                         context: CommandContext, terrain: TerrainElevation? = nil) throws -> PreparedHike {
        let path = context.resolve(argument)
        var isDir: ObjCBool = false
        if argument.lowercased().hasSuffix(".gpx") || (FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && !isDir.boolValue) {
            do {
                return try HikeLoads.file(at: path, fileName: argument, track: track, terrain: terrain, mapPath: mapPath) {
                    context.stderr.write($0 + "\n")
                }
            } catch let e as HikeLoads.Failure {
                throw CLIError.failure(e.description)
            }
        }
        let store = try StoreAccess.open(storePath, context, create: false)
        let id = try StoreAccess.ids([argument], in: store)[0]
        do {
            return try HikeLoads.forRender(store, id, terrain: terrain, mapPath: mapPath, now: context.now())
        } catch {
            throw CLIError.failure(L("cannot read hike %s: %s", id, TerminalText.clean("\(error)")))
        }
    }
}

import Localization
import CursesTerminal
import Foundation
import HikeServices
import TrailTerrain
import TrailCore
import TrailFormats
import TrailStore

/// `cairn import FILE…`: reads GPX files into the hike store, one transaction per file.
public enum ImportCommand: Command {
    public static let name = "import"
    public static let summary = N("Import track files (GPX, FIT, TCX, KML/KMZ, GeoJSON) into the hike store")
    public static let about = N("The format is recognised from the content, not the file name: GPX, Garmin FIT, TCX,\nKML, KMZ and GeoJSON are read directly; any other format gpsbabel knows goes through\n--via-gpsbabel FORMAT. A damaged or cut-off file keeps the points complete before the\ndamage, with a warning saying where reading stopped; --strict refuses it instead,\nand also refuses a file with a point rejected as invalid (a position that is not a\nnumber or out of range), which is otherwise left out with a warning.\nEach track of a file (each FIT or TCX activity) becomes a hike, and so does each route; a file of waypoints only\nbecomes a hike of places. The file's waypoints go with every hike made from it.\nEach file is one transaction: a file that fails adds nothing, the others still import,\nand the exit code is 1. A track already in the store (same points) is skipped.\nCtrl-C (SIGINT) or SIGTERM stops the import: the file being imported adds nothing,\nfiles finished before it stay, and the exit code is 128 + the signal (130 for Ctrl-C).")
    public static let arguments = [ArgumentSpec("FILE", count: .oneOrMore, kind: .file(extensions: ["gpx", "fit", "tcx", "kml", "kmz", "geojson", "json"]),
                                                help: N("a GPX, FIT, TCX, KML, KMZ or GeoJSON file"))]
    static let list = OptionSpec("--list", help: N("show the numbered tracks and routes of each file; import nothing"))
    static let track = OptionSpec("--track", value: "N", repeatable: true,
                                  help: N("import only track N (as numbered by --list); repeatable"))
    static let all = OptionSpec("--all", help: N("import every track and route that has points (the default)"))
    static let again = OptionSpec("--again", help: N("import even tracks that are already stored"))
    static let strict = OptionSpec("--strict", help: N("refuse a damaged or cut-off file, or one with an invalid point, whole instead of keeping its complete part"))
    static let viaGPSBabel = OptionSpec("--via-gpsbabel", value: "FORMAT",
                                        help: N("convert each FILE with `gpsbabel -i FORMAT` (igc, nmea, ozi, gdb…) first"))
    public static let options: [OptionSpec] = [list, track, all, again, strict, viaGPSBabel, .units, .store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let path = StoreAccess.path(args, context)
        let units = try UnitsOption.formatter(args, context)
        let listOnly = args.has(Self.list)
        let all = args.has(Self.all)
        let again = args.has(Self.again)
        let trackTexts = args.values(Self.track)
        let files = args.positionals
        guard !files.isEmpty else { throw CLIError.usage(L("import needs at least one track file")) }
        var tracks: [Int]?
        if !trackTexts.isEmpty {
            if all { throw CLIError.usage(L("--track and --all exclude each other")) }
            tracks = try trackTexts.map { t in
                guard let n = Int(t), n > 0 else { throw CLIError.usage(L("--track needs a number from 1, not '%s'", t)) }
                return n
            }
        }
        var importer = FileImporter(context: context, units: units)
        let options: TrackReadOptions = args.has(Self.strict) ? .strict : .lenient
        if let format = args.value(Self.viaGPSBabel) {
            let environment = context.environment
            importer.reader = { try GPSBabelConverter.read(url: $0, format: format, options: options, environment: environment) }
        } else {
            importer.reader = { try TrackFileReader.read(url: $0, options: options) }
        }
        if listOnly {
            var failed = 0
            for f in files { if !importer.list(f) { failed += 1 } }
            return failed == 0 ? 0 : 1
        }
        let store = try StoreAccess.open(path, context, write: true)
        let signals = context.watchesSignals ? SignalWatcher(signals: [SIGINT, SIGTERM]) : nil
        defer { signals?.cancel() }
        if let signals { importer.interruption = { signals.pending } }
        var failed = 0
        for f in files {
            switch importer.importFile(f, into: store, tracks: tracks, again: again) {
            case .imported: break
            case .failed: failed += 1
            case .interrupted(let signal): return ExitStatus.interrupted(by: signal)
            }
        }
        // The terrain gains of the new hikes, kept for the list (DECISIONS 268); a failure only
        // leaves them to the next list.
        // The default terrain folder (`import` takes no `--dem`).
        let dem = TerrainStore(directory: context.resolve(TerrainStore.defaultPath(environment: context.environment)))
        try? HikeElevationFigures.refresh(store, terrain: dem.tilePaths.isEmpty ? nil : TerrainElevation(store: dem))
        if failed > 0 && files.count > 1 {
            context.stderr.write(L("%s of %s files failed; nothing was added from them.\n", failed, files.count))
        }
        return failed == 0 ? 0 : 1
    }
}

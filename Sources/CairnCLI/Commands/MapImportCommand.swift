import Localization
import CursesTerminal
import Foundation
import HikeServices
import TrailMap

/// `cairn map import FILE…`: imports OpenStreetMap extracts into the offline map store.
enum MapImportCommand: Command {
    static let name = "map import"
    static let summary = N("Import OpenStreetMap extracts (.osm.pbf, .osm, .osm.gz, .osm.bz2) into the offline map")
    static let about = N("Imports OpenStreetMap extracts into the offline map store. Each file is one\ntransaction: a file that cannot be read adds nothing, and the other files are still\nimported. Objects already stored are updated by OSM id, never duplicated; importing a\nfile again replaces its earlier import (matched by file name); importing a\nneighbouring region adds to the map (`cairn map info` lists each extract, `cairn map\nremove NAME` takes one out again).\nAccepted, told apart by content: OSM PBF (.osm.pbf, as extract services offer them),\nOSM XML 0.6 (.osm), gzip- or bzip2-compressed XML (.osm.gz, .osm.bz2).\nNot accepted: osmChange files (edits, not a map).\nMemory stays bounded: node locations go to a temporary file (16 bytes per node).\nProgress (bytes read, objects per second, and the time left to read the file once\nthe ways have a rate) is shown on stderr when it is a terminal. Ctrl-C stops the\nimport and leaves the map as it was.")
    static let arguments = [ArgumentSpec("FILE", count: .oneOrMore, kind: .file(extensions: ["pbf", "osm", "gz", "bz2"]),
                                         help: N("an OpenStreetMap extract (.osm.pbf, .osm, .osm.gz, .osm.bz2)"))]
    static let options: [OptionSpec] = [.map]
    static let notes = N("Example:\n  cairn map import Samples/andorra-ordino.osm\n\nMap data © OpenStreetMap contributors, ODbL 1.0.")

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let storePath = try MapCommandSupport.storePath(args, context)
        let files = args.positionals
        guard !files.isEmpty else { throw CLIError.usage(L("give at least one OSM file to import")) }
        var store: MapStore, created: Bool
        do { (store, created) = try MapExtracts.open(storePath) } catch {
            throw CLIError.failure(L("cannot open the map store: %s", TerminalText.clean("\(error)")))
        }
        defer { if created { MapExtracts.discardIfEmpty(&store) } }
        let signals = context.watchesSignals ? SignalWatcher(signals: [SIGINT, SIGTERM]) : nil
        defer { signals?.cancel() }
        var failed = 0
        for (index, file) in files.enumerated() {
            let path = context.resolve(file)
            let shown = TerminalText.clean(file)
            let bar = MapImportProgressLine(enabled: context.stderrIsTerminal, label: shown, sink: context.stderr, now: context.now)
            do {
                let report = try store.importOSM(path: path, importedAt: context.now()) { p in
                    if let s = signals?.pending { throw MapImportInterrupted(signal: s) }
                    bar.update(p)
                }
                bar.clear()
                context.stdout.write(describe(report, shown: shown))
                for w in report.warnings {
                    context.stderr.write("cairn map import: " + L("warning: %s: %s", shown, TerminalText.clean(w)) + "\n")
                }
            } catch let e as MapImportInterrupted {
                bar.clear()
                context.stderr.write("cairn map import: " + L("interrupted; nothing added from %s", shown) + "\n")
                for later in files.dropFirst(index + 1) {
                    context.stderr.write("cairn map import: " + L("not imported (interrupted before it): %s", TerminalText.clean(later)) + "\n")
                }
                return 128 + e.signal
            } catch {
                bar.clear()
                failed += 1
                context.stderr.write("cairn map import: " + L("%s; nothing was imported from it", TerminalText.clean(MapExtracts.failure(error, shown: shown))) + "\n")
            }
        }
        return failed == 0 ? 0 : 1
    }

    static func describe(_ r: MapImportReport, shown: String) -> String {
        var s = L("imported %s: %d features, %d routes held (%d nodes, %d ways, %d relations read)", shown, r.featuresHeld, r.routesHeld,
                  r.nodesRead, r.waysRead, r.relationsRead) + "\n"
        if r.featuresHeld != r.featuresWritten || r.routesHeld != r.routesWritten {
            s += "  " + L("%d features and %d routes written; the store's copy of the others was kept (newer, or complete)",
                          r.featuresWritten, r.routesWritten) + "\n"
        }
        if let x = r.replaced {
            s += "  " + Ln("replaces the earlier import of this file name; %d features and %d routes it no longer has were removed",
                           "replaces the earlier imports of this file name; %d features and %d routes it no longer has were removed",
                           x.importsRemoved, x.featuresRemoved, x.routesRemoved) + "\n"
        }
        if r.featuresRemoved > 0 {
            // TRANSLATORS: a stored feature whose copy in the file imported now lost the tags that made it a map feature (a spring whose tags were deleted).
            s += "  " + Ln("%d feature removed: this file's copy of it is no longer a map feature",
                           "%d features removed: this file's copies of them are no longer map features",
                           r.featuresRemoved, r.featuresRemoved) + "\n"
        }
        if r.format == "pbf" { s += "  " + L("read as OSM PBF") + "\n" }
        if let t = r.dataTimestamp { s += "  " + L("data of %s", TerminalText.clean(t)) + "\n" }
        // PBF keeps its bounds as header boxes (osmium extract writes none), XML as <bounds>.
        let none = r.format == "pbf" ? L("the file's header has no bounding box") : L("the file has no <bounds>")
        for b in r.coverage {
            let extent: String = r.bounds.isEmpty ? " " + L("(node extent: %s)", none) : ""
            s += "  " + L("covers %s", MapCommandSupport.box(b)) + extent + "\n"
        }
        return s
    }
}

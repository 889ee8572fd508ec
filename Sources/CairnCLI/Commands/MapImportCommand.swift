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
        guard !files.isEmpty else { throw CLIError.usage("give at least one OSM file to import") }
        var store: MapStore, created: Bool
        do { (store, created) = try MapExtracts.open(storePath) } catch {
            throw CLIError.failure("cannot open the map store: \(TerminalText.clean("\(error)"))")
        }
        defer { if created { MapExtracts.discardIfEmpty(&store) } }
        let signals = context.watchesSignals ? SignalWatcher(signals: [SIGINT, SIGTERM]) : nil
        defer { signals?.cancel() }
        var failed = 0
        for file in files {
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
                    context.stderr.write("cairn map import: warning: \(shown): \(TerminalText.clean(w))\n")
                }
            } catch let e as MapImportInterrupted {
                bar.clear()
                context.stderr.write("cairn map import: interrupted; nothing added from \(shown)\n")
                return 128 + e.signal
            } catch {
                bar.clear()
                failed += 1
                context.stderr.write("cairn map import: \(TerminalText.clean(MapExtracts.failure(error, shown: shown))); nothing was imported from it\n")
            }
        }
        return failed == 0 ? 0 : 1
    }

    static func describe(_ r: MapImportReport, shown: String) -> String {
        var s = "imported \(shown): \(r.featuresHeld) features, \(r.routesHeld) routes held"
        s += " (\(r.nodesRead) nodes, \(r.waysRead) ways, \(r.relationsRead) relations read)\n"
        if r.featuresHeld != r.featuresWritten || r.routesHeld != r.routesWritten {
            s += "  \(r.featuresWritten) features and \(r.routesWritten) routes written; "
            s += "the store's copy of the others was kept (newer, or complete)\n"
        }
        if let x = r.replaced {
            s += "  replaces the earlier import\(x.importsRemoved > 1 ? "s" : "") of this file name; "
            s += "\(x.featuresRemoved) features and \(x.routesRemoved) routes it no longer has were removed\n"
        }
        if r.format == "pbf" { s += "  read as OSM PBF\n" }
        if let t = r.dataTimestamp { s += "  data of \(TerminalText.clean(t))\n" }
        // PBF keeps its bounds as header boxes (osmium extract writes none), XML as <bounds>.
        let none = r.format == "pbf" ? "the file's header has no bounding box" : "the file has no <bounds>"
        for b in r.coverage {
            s += "  covers \(MapCommandSupport.box(b))\(r.bounds.isEmpty ? " (node extent: \(none))" : "")\n"
        }
        return s
    }
}

import Foundation
import TrailMap

/// `cairn map import FILE…`: imports OpenStreetMap extracts into the offline map store.
enum MapImportCommand: Command {
    static let name = "map import"
    static let summary = "Import OpenStreetMap extracts (.osm, .osm.gz, .osm.bz2) into the offline map"
    static let about = """
        Imports OpenStreetMap XML extracts into the offline map store. Each file is one
        transaction: a file that cannot be read adds nothing, and the other files are still
        imported. Objects already stored are updated by OSM id, never duplicated.
        Accepted: OSM XML 0.6 (.osm), gzip- or bzip2-compressed (.osm.gz, .osm.bz2).
        Not accepted: PBF (convert with `osmium cat file.osm.pbf -o file.osm`), osmChange.
        Progress is shown on stderr when it is a terminal.
        """
    static let arguments = [ArgumentSpec("FILE", count: .oneOrMore, kind: .file(extensions: ["osm", "gz", "bz2"]),
                                         help: "an OpenStreetMap XML extract (.osm, .osm.gz, .osm.bz2)")]
    static let options: [OptionSpec] = [.map]
    static let notes = """
        Example:
          cairn map import Samples/andorra-ordino.osm

        Map data © OpenStreetMap contributors, ODbL 1.0.
        """

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let storePath = try MapCommandSupport.storePath(args, context)
        let files = args.positionals
        guard !files.isEmpty else { throw CLIError.usage("give at least one OSM file to import") }
        let store: MapStore
        do { store = try MapStore(path: storePath) } catch {
            throw CLIError.failure("cannot open the map store: \(TerminalText.clean("\(error)"))")
        }
        var failed = 0
        for file in files {
            let path = context.resolve(file)
            let shown = TerminalText.clean(file)
            let bar = ProgressLine(enabled: context.stderrIsTerminal, label: shown, sink: context.stderr)
            do {
                let report = try store.importOSM(path: path, importedAt: context.now()) { done, total in
                    bar.update(done: done, total: total)
                }
                bar.clear()
                context.stdout.write(describe(report, shown: shown))
                for w in report.warnings {
                    context.stderr.write("cairn map import: warning: \(shown): \(TerminalText.clean(w))\n")
                }
            } catch {
                bar.clear()
                failed += 1
                let message: String
                if let e = error as? OSMReadError {
                    message = e.line.map { "\(shown):\($0): \(e.reason)" } ?? "\(shown): \(e.reason)"
                } else {
                    message = "\(shown): \(error)"
                }
                context.stderr.write("cairn map import: \(TerminalText.clean(message)); nothing was imported from it\n")
            }
        }
        return failed == 0 ? 0 : 1
    }

    private static func describe(_ r: MapImportReport, shown: String) -> String {
        var s = "imported \(shown): \(r.featuresWritten) features, \(r.routesWritten) routes"
        s += " (\(r.nodesRead) nodes, \(r.waysRead) ways, \(r.relationsRead) relations read)\n"
        if let t = r.dataTimestamp { s += "  data of \(TerminalText.clean(t))\n" }
        for b in r.coverage {
            s += "  covers \(MapCommandSupport.box(b))\(r.bounds.isEmpty ? " (node extent: the file has no <bounds>)" : "")\n"
        }
        return s
    }
}

/// A one-line progress bar on stderr, redrawn when the percentage changes; silent when
/// stderr is not a terminal.
final class ProgressLine {
    private let enabled: Bool
    private let label: String
    private let sink: OutputSink
    private var lastPercent = -1

    init(enabled: Bool, label: String, sink: OutputSink) {
        self.enabled = enabled
        self.label = label
        self.sink = sink
    }

    func update(done: Int64, total: Int64) {
        guard enabled, total > 0 else { return }
        let percent = Int(min(100, max(0, done * 100 / total)))
        guard percent != lastPercent else { return }
        lastPercent = percent
        let width = 30
        let filled = percent * width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        sink.write("\r\(label.prefix(40)) [\(bar)] \(percent)%")
    }

    func clear() {
        guard enabled, lastPercent >= 0 else { return }
        sink.write("\r\u{1B}[K")
        lastPercent = -1
    }
}

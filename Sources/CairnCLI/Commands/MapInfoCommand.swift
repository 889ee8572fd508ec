import Localization
import Foundation
import HikeServices
import TrailMap

/// `cairn map info`: what the offline map store holds.
enum MapInfoCommand: Command {
    static let name = "map info"
    static let summary = N("Show the offline map's covered areas, data date and feature counts")
    // "z14" is MapStore.coverageZoom, written out as the catalogue needs one plain string.
    static let about = N("Shows the areas covered by imported OpenStreetMap data (as boxes, and the number of\nz14 slippy tiles touched), the date of the data, each extract imported (file\nname, data date, bounds, counts) and the total, the number of features per class, the\nwaymarked routes and the size of the map file. `cairn map remove NAME` takes one\nextract out again.")
    static let options: [OptionSpec] = [.map]

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let path = try MapCommandSupport.storePath(args, context)
        let shownPath = TerminalText.clean(path)
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError.failure(L("no map store at %s; import an extract with `cairn map import FILE.osm`", shownPath))
        }
        let store: MapStore
        do { store = try MapStore(path: path, readOnly: true) } catch {
            throw CLIError.failure(L("cannot open the map store: %s", TerminalText.clean("\(error)")))
        }
        let s = try store.summary()
        let point = Localization.decimalSeparator(environment: context.environment)
        var out = L("Map store: %s (%s)", shownPath, MapCommandSupport.bytes(s.fileSize, decimalSeparator: point)) + "\n"
        // TRANSLATORS: the map's data date when the extracts carry none.
        out += L("Data date: %s", s.dataTimestamp.map(TerminalText.clean) ?? L("unknown")) + "\n"
        // TRANSLATORS: "Covered areas (2), 38 z14 tiles:": the areas, the slippy-map tiles and their zoom.
        out += L("Covered areas (%d), %d z%d tiles:", s.coverageAreas.count, s.coverageTileCount, MapStore.coverageZoom) + "\n"
        for b in s.coverageAreas { out += "  \(MapCommandSupport.box(b))\n" }
        // TRANSLATORS: no covered areas.
        if s.coverageAreas.isEmpty { out += "  " + L("none") + "\n" }
        out += L("Extracts imported (%d):", s.imports.count) + "\n"
        for i in s.imports {
            let name = TerminalText.clean((i.file as NSString).lastPathComponent)
            out += "  \(name)  \(i.format.map { $0.uppercased() } ?? "OSM") \(MapCommandSupport.bytes(i.fileSize, decimalSeparator: point))"
            out += ", " + L("data of %s, imported %s", i.dataTimestamp.map(TerminalText.clean) ?? L("unknown date"), i.importedAt) + "\n"
            for b in i.coverage { out += "    " + L("bounds %s", MapCommandSupport.box(b)) + "\n" }
            out += "    " + L("%d nodes, %d ways, %d relations read; %d features, %d routes held", i.nodes, i.ways, i.relations, i.featuresHeld, i.routesHeld)
            out += i.warnings.isEmpty ? "\n" : ", " + L("%d warning(s)", i.warnings.count) + "\n"
            out += "    " + L("from %s", TerminalText.clean(i.file)) + "\n"
        }
        if s.imports.count > 1 {
            let total = s.featureCounts.values.reduce(0, +)
            out += "  " + L("total: %d extracts, %d nodes read, %d features stored (an object in two extracts is stored once)",
                            s.imports.count, s.imports.map(\.nodes).reduce(0, +), total) + "\n"
        }
        let total = s.featureCounts.values.reduce(0, +)
        out += L("Features (%d):", total) + "\n"
        let width = (s.featureCounts.keys.map(\.rawValue.count).max() ?? 0) + 2
        for group in FeatureClass.Group.allCases {
            for c in FeatureClass.allCases where c.group == group {
                guard let n = s.featureCounts[c] else { continue }
                out += "  " + c.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "\(n)\n"
            }
        }
        out += L("Waymarked routes (route=hiking/foot): %d", s.routeCount) + "\n"
        out += L("Map data © OpenStreetMap contributors, ODbL 1.0") + "\n"
        context.stdout.write(out)
        return 0
    }
}

import Localization
import Foundation
import HikeServices
import TrailMap

/// `cairn map info`: what the offline map store holds.
enum MapInfoCommand: Command {
    static let name = "map info"
    static let summary = N("Show the offline map's covered areas, data date and feature counts")
    static let about = """
        Shows the areas covered by imported OpenStreetMap data (as boxes, and the number of
        z\(MapStore.coverageZoom) slippy tiles touched), the date of the data, each extract imported (file
        name, data date, bounds, counts) and the total, the number of features per class, the
        waymarked routes and the size of the map file. `cairn map remove NAME` takes one
        extract out again.
        """
    static let options: [OptionSpec] = [.map]

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let path = try MapCommandSupport.storePath(args, context)
        let shownPath = TerminalText.clean(path)
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError.failure(L("no map store at %s; import an extract with `cairn map import FILE.osm`", shownPath))
        }
        let store: MapStore
        do { store = try MapStore(path: path, readOnly: true) } catch {
            throw CLIError.failure("cannot open the map store: \(TerminalText.clean("\(error)"))")
        }
        let s = try store.summary()
        var out = "Map store: \(shownPath) (\(MapCommandSupport.bytes(s.fileSize)))\n"
        out += "Data date: \(s.dataTimestamp.map(TerminalText.clean) ?? "unknown")\n"
        out += "Covered areas (\(s.coverageAreas.count)), \(s.coverageTileCount) z\(MapStore.coverageZoom) tiles:\n"
        for b in s.coverageAreas { out += "  \(MapCommandSupport.box(b))\n" }
        if s.coverageAreas.isEmpty { out += "  none\n" }
        out += "Extracts imported (\(s.imports.count)):\n"
        for i in s.imports {
            let name = TerminalText.clean((i.file as NSString).lastPathComponent)
            out += "  \(name)  \(i.format.map { $0.uppercased() } ?? "OSM") \(MapCommandSupport.bytes(i.fileSize))"
            out += ", data of \(i.dataTimestamp.map(TerminalText.clean) ?? "unknown date"), imported \(i.importedAt)\n"
            for b in i.coverage { out += "    bounds \(MapCommandSupport.box(b))\n" }
            out += "    \(i.nodes) nodes, \(i.ways) ways, \(i.relations) relations read; \(i.featuresHeld) features"
            out += ", \(i.routesHeld) routes held"
            out += i.warnings.isEmpty ? "\n" : ", \(i.warnings.count) warning(s)\n"
            out += "    from \(TerminalText.clean(i.file))\n"
        }
        if s.imports.count > 1 {
            let total = s.featureCounts.values.reduce(0, +)
            out += "  total: \(s.imports.count) extracts, \(s.imports.map(\.nodes).reduce(0, +)) nodes read, "
            out += "\(total) features stored (an object in two extracts is stored once)\n"
        }
        let total = s.featureCounts.values.reduce(0, +)
        out += "Features (\(total)):\n"
        let width = (s.featureCounts.keys.map(\.rawValue.count).max() ?? 0) + 2
        for group in FeatureClass.Group.allCases {
            for c in FeatureClass.allCases where c.group == group {
                guard let n = s.featureCounts[c] else { continue }
                out += "  " + c.rawValue.padding(toLength: width, withPad: " ", startingAt: 0) + "\(n)\n"
            }
        }
        out += "Waymarked routes (route=hiking/foot): \(s.routeCount)\n"
        out += "Map data © OpenStreetMap contributors, ODbL 1.0\n"
        context.stdout.write(out)
        return 0
    }
}

import Foundation
import TrailMap

/// `cairn map info`: what the offline map store holds.
enum MapInfoCommand: Command {
    static let name = "map info"
    static let summary = "Show the offline map's covered areas, data date and feature counts"
    static let about = """
        Shows the areas covered by imported OpenStreetMap data (as boxes, and the number of
        z\(MapStore.coverageZoom) slippy tiles touched), the date of the data, each import, the number of
        features per class, the waymarked routes and the size of the map file.
        """
    static let options: [OptionSpec] = [.map]

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let path = try MapCommandSupport.storePath(args, context)
        let shownPath = TerminalText.clean(path)
        guard FileManager.default.fileExists(atPath: path) else {
            throw CLIError.failure("no map store at \(shownPath); import an extract with `cairn map import FILE.osm`")
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
        out += "Imports (\(s.imports.count)):\n"
        for i in s.imports {
            out += "  \(i.importedAt)  \(TerminalText.clean(i.file)) (\(MapCommandSupport.bytes(i.fileSize)))"
            out += ", data \(i.dataTimestamp.map(TerminalText.clean) ?? "undated")"
            out += ", \(i.features) features, \(i.routes) routes"
            out += i.warnings.isEmpty ? "\n" : ", \(i.warnings.count) warning(s)\n"
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

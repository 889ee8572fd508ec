import Localization
import Foundation
import HikeServices
import TrailCore
import TrailTerrain

/// `cairn dem at LAT,LON`: the terrain height at one position.
enum DemAtCommand: Command {
    static let name = "dem at"
    static let summary = N("Print the terrain height at a position")
    static let about = N("Prints the terrain height in metres above the EGM96 geoid, interpolated bilinearly\nbetween the four surrounding SRTM samples. Void samples are left out and the weights\nof the others renormalised; when all four are voids, or no tile covers the position,\nit prints \"no data\" and why (exit code 1).")
    static let arguments = [ArgumentSpec("LAT,LON", count: .oneOrMore, beginsWithDash: DemCommandSupport.looksLikePosition, help: N("a position in decimal degrees, latitude first"))]
    static let json = OptionSpec("--json", help: N("JSON object per position: latitude, longitude, metres (null for no data), noData"))
    static let options: [OptionSpec] = [json, .dem]

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let directory = try DemCommandSupport.directory(args, context)
        let json = args.has(Self.json)
        let texts = args.positionals
        guard !texts.isEmpty else { throw CLIError.usage(L("dem at needs a position LAT,LON")) }
        let positions = try texts.map(DemCommandSupport.parsePosition)
        let rows = TerrainHeights.at(positions, in: TerrainStore(directory: directory))
        let missing = rows.filter { $0.metres == nil }.count
        if json {
            context.stdout.write(rows.count == 1 ? try HikeJSON.text(rows[0]) : try HikeJSON.text(rows))
        } else {
            var out = ""
            for r in rows {
                out += String(format: "%.5f,%.5f  ", r.latitude, r.longitude)
                // TRANSLATORS: a terrain height in metres and the tile it is read from: "2439.5 m (SRTM N42E001, bilinear)".
                out += r.metres.map { L("%s m (SRTM %s, bilinear)", String(format: "%.1f", $0), r.tile) } ?? L("no data: %s", r.reason ?? "")
                out += "\n"
            }
            context.stdout.write(out)
        }
        return missing == 0 ? 0 : 1
    }
}

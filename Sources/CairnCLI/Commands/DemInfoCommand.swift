import Localization
import Foundation
import HikeServices
import TrailTerrain

/// `cairn dem info`: the tiles in the terrain folder and the area they cover.
enum DemInfoCommand: Command {
    static let name = "dem info"
    static let summary = N("List the imported elevation tiles and the area they cover")
    static let about = N("Lists each SRTM tile (name, grid, box covered, lowest and highest sample, voids) and\nthe files in the folder that are not usable tiles.")
    static let json = OptionSpec("--json", help: N("JSON (degrees, metres) instead of text"))
    static let options: [OptionSpec] = [json, .dem]

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let directory = try DemCommandSupport.directory(args, context)
        let json = args.has(Self.json)
        let info = TerrainTiles.info(TerrainStore(directory: directory))
        let tiles = info.tiles
        if json {
            context.stdout.write(try HikeJSON.text(info))
            return 0
        }
        let clean = TerminalText.clean
        var out = L("Terrain folder: %s", clean(directory)) + "\n"
        out += L("Tiles (%d):", tiles.count) + "\n"
        for t in tiles {
            out += "  \(t.name)  SRTM\(t.arcSeconds) \(t.samplesPerSide)×\(t.samplesPerSide)"
            out += "  " + Self.degrees(t.south, "N", "S") + "–" + Self.degrees(t.north, "N", "S") + ", "
                + Self.degrees(t.west, "E", "W") + "–" + Self.degrees(t.east, "E", "W")
            out += "  \(t.minMetres.map(String.init) ?? "--")–\(t.maxMetres.map(String.init) ?? "--") m"
            out += ", " + Ln("%d void sample", "%d void samples", t.voidSamples, t.voidSamples) + "\n"
        }
        if tiles.isEmpty { out += "  " + L("none; import tiles with `cairn dem import N42E001.hgt.zip`") + "\n" }
        if !tiles.isEmpty {
            let s = tiles.map(\.south).min()!, n = tiles.map(\.north).max()!
            let w = tiles.map(\.west).min()!, e = tiles.map(\.east).max()!
            // TRANSLATORS: "Area covered: 2 square degrees within 42°N…43°N, 1°E…3°E".
            out += Ln("Area covered: %d square degree within %s…%s, %s…%s", "Area covered: %d square degrees within %s…%s, %s…%s", tiles.count,
                      tiles.count, Self.degrees(s, "N", "S"), Self.degrees(n, "N", "S"), Self.degrees(w, "E", "W"), Self.degrees(e, "E", "W")) + "\n"
        }
        // TRANSLATORS: a file in the terrain folder that is not a usable tile, and why.
        for i in info.ignored { out += L("Ignored: %s (%s)", clean(i[0]), i[1]) + "\n" }
        out += L("Elevation data: SRTM (NASA/USGS, public domain)") + "\n"
        context.stdout.write(out)
        return 0
    }

    /// A whole degree with its hemisphere: "42°N", "1°S", "2°W", "0°" (no hemisphere at 0).
    static func degrees(_ d: Int, _ positive: String, _ negative: String) -> String {
        d == 0 ? "0°" : "\(abs(d))°\(d > 0 ? positive : negative)"
    }
}

import Localization
import Foundation
import HikeServices
import TrailTerrain

/// `cairn dem info`: the tiles in the terrain folder and the area they cover.
enum DemInfoCommand: Command {
    static let name = "dem info"
    static let summary = N("List the imported elevation tiles and the area they cover")
    static let about = """
        Lists each SRTM tile (name, grid, box covered, lowest and highest sample, voids) and
        the files in the folder that are not usable tiles.
        """
    static let json = OptionSpec("--json", help: N("JSON (degrees, metres) instead of text"))
    static let options: [OptionSpec] = [json, .dem]

    struct TileJSON: Encodable {
        var name: String
        var arcSeconds: Int
        var samplesPerSide: Int
        var south: Int, west: Int, north: Int, east: Int
        var voidSamples: Int
        var minMetres: Int?
        var maxMetres: Int?
        var fileBytes: Int
    }

    struct InfoJSON: Encodable {
        var directory: String
        var tiles: [TileJSON]
        var ignored: [[String]]
    }

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let directory = try DemCommandSupport.directory(args, context)
        let json = args.has(Self.json)
        let store = TerrainStore(directory: directory)
        var tiles: [TileJSON] = []
        for id in store.tileIDs {
            guard let t = store.tile(id) else { continue }
            let c = t.census()
            tiles.append(TileJSON(name: id.name, arcSeconds: t.format.arcSeconds, samplesPerSide: t.side,
                                  south: id.latitude, west: id.longitude, north: id.latitude + 1, east: id.longitude + 1,
                                  voidSamples: c.voids, minMetres: c.minimum.map(Int.init), maxMetres: c.maximum.map(Int.init),
                                  fileBytes: t.format.byteCount))
        }
        if json {
            context.stdout.write(try HikeJSON.text(InfoJSON(directory: directory, tiles: tiles,
                                                            ignored: store.ignored.map { [$0.file, $0.reason] })))
            return 0
        }
        let clean = TerminalText.clean
        var out = "Terrain folder: \(clean(directory))\n"
        out += "Tiles (\(tiles.count)):\n"
        for t in tiles {
            out += "  \(t.name)  SRTM\(t.arcSeconds) \(t.samplesPerSide)×\(t.samplesPerSide)"
            out += "  " + Self.degrees(t.south, "N", "S") + "–" + Self.degrees(t.north, "N", "S") + ", "
                + Self.degrees(t.west, "E", "W") + "–" + Self.degrees(t.east, "E", "W")
            out += "  \(t.minMetres.map(String.init) ?? "--")–\(t.maxMetres.map(String.init) ?? "--") m"
            out += ", \(t.voidSamples) void sample\(t.voidSamples == 1 ? "" : "s")\n"
        }
        if tiles.isEmpty { out += "  none; import tiles with `cairn dem import N42E001.hgt.zip`\n" }
        if !tiles.isEmpty {
            let s = tiles.map(\.south).min()!, n = tiles.map(\.north).max()!
            let w = tiles.map(\.west).min()!, e = tiles.map(\.east).max()!
            out += "Area covered: \(tiles.count) square degree\(tiles.count == 1 ? "" : "s") within "
                + "\(Self.degrees(s, "N", "S"))…\(Self.degrees(n, "N", "S")), \(Self.degrees(w, "E", "W"))…\(Self.degrees(e, "E", "W"))\n"
        }
        for i in store.ignored { out += "Ignored: \(clean(i.file)) (\(i.reason))\n" }
        out += "Elevation data: SRTM (NASA/USGS, public domain)\n"
        context.stdout.write(out)
        return 0
    }

    /// A whole degree with its hemisphere: "42°N", "1°S", "2°W", "0°" (no hemisphere at 0).
    static func degrees(_ d: Int, _ positive: String, _ negative: String) -> String {
        d == 0 ? "0°" : "\(abs(d))°\(d > 0 ? positive : negative)"
    }
}

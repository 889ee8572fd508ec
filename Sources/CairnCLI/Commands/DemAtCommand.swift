import Localization
import Foundation
import TrailCore
import TrailTerrain

/// `cairn dem at LAT,LON`: the terrain height at one position.
enum DemAtCommand: Command {
    static let name = "dem at"
    static let summary = N("Print the terrain height at a position")
    static let about = """
        Prints the terrain height in metres above the EGM96 geoid, interpolated bilinearly
        between the four surrounding SRTM samples. Void samples are left out and the weights
        of the others renormalised; when all four are voids, or no tile covers the position,
        it prints "no data" and why (exit code 1).
        """
    static let arguments = [ArgumentSpec("LAT,LON", count: .oneOrMore, beginsWithDash: DemCommandSupport.looksLikePosition, help: N("a position in decimal degrees, latitude first"))]
    static let json = OptionSpec("--json", help: N("JSON object per position: latitude, longitude, metres (null for no data), noData"))
    static let options: [OptionSpec] = [json, .dem]

    struct AtJSON: Encodable {
        var latitude: Double
        var longitude: Double
        var metres: Double?
        var noData: String?
        var reason: String?
        var tile: String

        /// `metres` always written, null for no data (as the help says); the reasons only then.
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(latitude, forKey: .latitude)
            try c.encode(longitude, forKey: .longitude)
            try c.encode(metres, forKey: .metres)
            try c.encodeIfPresent(noData, forKey: .noData)
            try c.encodeIfPresent(reason, forKey: .reason)
            try c.encode(tile, forKey: .tile)
        }
        enum CodingKeys: String, CodingKey { case latitude, longitude, metres, noData, reason, tile }
    }

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let directory = try DemCommandSupport.directory(args, context)
        let json = args.has(Self.json)
        let texts = args.positionals
        guard !texts.isEmpty else { throw CLIError.usage(L("dem at needs a position LAT,LON")) }
        let positions = try texts.map(DemCommandSupport.parsePosition)
        let store = TerrainStore(directory: directory)
        var missing = 0
        var rows: [AtJSON] = []
        for c in positions {
            let h = store.height(at: c)
            let tile = (store.sourceTile(at: c) ?? SRTMTileID.containing(latitude: c.latitude, longitude: c.longitude)).name
            switch h {
            case .metres(let m):
                rows.append(AtJSON(latitude: c.latitude, longitude: c.longitude, metres: (m * 100).rounded() / 100, tile: tile))
            case .noData(let why):
                missing += 1
                rows.append(AtJSON(latitude: c.latitude, longitude: c.longitude, metres: nil, noData: why.key,
                                   reason: why.description, tile: tile))
            }
        }
        if json {
            context.stdout.write(rows.count == 1 ? try HikeJSON.text(rows[0]) : try HikeJSON.text(rows))
        } else {
            var out = ""
            for r in rows {
                out += String(format: "%.5f,%.5f  ", r.latitude, r.longitude)
                out += r.metres.map { String(format: "%.1f m (SRTM %@, bilinear)", $0, r.tile) } ?? "no data: \(r.reason ?? "")"
                out += "\n"
            }
            context.stdout.write(out)
        }
        return missing == 0 ? 0 : 1
    }
}

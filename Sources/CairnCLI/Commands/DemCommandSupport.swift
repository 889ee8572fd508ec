import Localization
import Foundation
import HikeServices
import TrailCore
import TrailTerrain

/// What the `cairn dem …` commands and the terrain-aware commands (`show`, `route`, `stats`)
/// share: finding the terrain folder and parsing a position.
enum DemCommandSupport {
    /// The terrain folder: `--dem DIR`, else ``TerrainStore/defaultPath(environment:)``.
    static func directory(_ args: ParsedArguments, _ context: CommandContext) throws -> String {
        if let p = args.value(.dem) {
            guard !p.isEmpty else { throw CLIError.usage(L("--dem needs a directory")) }
            return context.resolve(p)
        }
        return context.resolve(TerrainStore.defaultPath(environment: context.environment))
    }

    /// The terrain store for a command that uses terrain only when tiles are there: nil when
    /// the folder holds no tile.
    static func optionalStore(_ args: ParsedArguments, _ context: CommandContext) throws -> TerrainStore? {
        let store = TerrainStore(directory: try directory(args, context))
        return store.tilePaths.isEmpty ? nil : store
    }

    /// "42.5561,1.5331" (decimal degrees, comma or space separated) as a coordinate.
    /// True for a word that is a position (or a number), so "-33.9,18.4" is an argument, not
    /// an unknown option (``ArgumentSpec/beginsWithDash``, as `route` reads its stops).
    @Sendable static func looksLikePosition(_ word: String) -> Bool {
        Double(word) != nil || (word.contains(",") && (try? parsePosition(word)) != nil)
    }

    static func parsePosition(_ text: String) throws -> Coordinate {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
              lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else {
            throw CLIError.usage(L("'%s' is not a position LAT,LON in decimal degrees (e.g. 42.5561,1.5331)", TerminalText.clean(text)))
        }
        return Coordinate(latitude: lat, longitude: lon)
    }
}

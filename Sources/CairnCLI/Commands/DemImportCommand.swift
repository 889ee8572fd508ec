import Localization
import Foundation
import HikeServices
import TrailStore
import TrailTerrain

/// `cairn dem import FILE|DIR…`: copies SRTM tiles into the terrain folder.
enum DemImportCommand: Command {
    static let name = "dem import"
    static let summary = N("Import SRTM elevation tiles (.hgt, .hgt.zip) for offline terrain")
    static let about = N("Imports SRTM tiles named by their south-west corner (N42E001.hgt or N42E001.hgt.zip;\nSRTM3 1201×1201 or SRTM1 3601×3601 samples). A directory imports every .hgt and\n.hgt.zip file in it. The import is all or nothing: when one input is not a tile (name,\nsize, a zip without exactly one .hgt entry or one that would inflate to more than a\ntile), nothing is written and the tiles already imported stay as they were. A tile\nimported again replaces the old one.")
    static let arguments = [ArgumentSpec("FILE|DIR", count: .oneOrMore, kind: .file(extensions: ["hgt", "zip"]), help: N("an SRTM tile (.hgt, .hgt.zip) or a directory of them"))]
    static let options: [OptionSpec] = [.dem]

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let directory = try DemCommandSupport.directory(args, context)
        let inputs = args.positionals
        guard !inputs.isEmpty else { throw CLIError.usage(L("dem import needs at least one file or directory")) }
        let imported: [TerrainImport.ImportedTile]
        do {
            let files = try inputs.flatMap { try TerrainImport.expand(context.resolve($0), shownAs: $0) }
            imported = try TerrainImport.run(files, into: directory)
        } catch let e as TerrainError {
            throw CLIError.failure(L("%s; nothing imported", TerminalText.clean(e.description)))
        }
        var out = ""
        for t in imported {
            out += "\(t.id.name)  SRTM\(t.format.arcSeconds) \(t.format.samplesPerSide)×\(t.format.samplesPerSide)"
            let replaced: String = t.replaced ? " " + L("(replaced)") : ""
            out += "  " + L("from %s", TerminalText.clean(t.source)) + replaced + "\n"
        }
        out += Ln("Imported %d tile into %s", "Imported %d tiles into %s", imported.count, imported.count, TerminalText.clean(directory)) + "\n"
        context.stdout.write(out)
        // The kept terrain gains of the hikes under the new tiles, computed now rather than by
        // the next `cairn list` (DECISIONS 268); without a hike store, or one that cannot be
        // written, the list computes them itself. The default store (`CAIRN_STORE`, else XDG):
        // a store named with `--store` elsewhere is filled by its next list.
        let storePath = StoreLocation.path(explicit: nil, environment: context.environment)
        if FileManager.default.fileExists(atPath: storePath), let hikes = try? HikeStore(path: storePath, create: false) {
            try? HikeElevationFigures.refresh(hikes, terrain: TerrainElevation(store: TerrainStore(directory: directory)))
        }
        return 0
    }
}

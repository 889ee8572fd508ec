import Localization
import Foundation
import HikeServices
import TrailMap

/// `cairn map remove NAME`: takes one imported extract out of the offline map store.
enum MapRemoveCommand: Command {
    static let name = "map remove"
    static let summary = N("Take one imported extract out of the offline map, keeping the others")
    static let about = N("Removes the extract NAME (its file name as `cairn map info` lists it, or the path it\nwas imported from) from the offline map store, in one transaction. Features and routes\nthat another imported extract also holds stay; the rest of that extract goes, with its\ncovered area. Every import of that file is removed.")
    static let arguments = [ArgumentSpec("NAME", help: N("an extract's file name as `cairn map info` lists it, or its path"))]
    static let options: [OptionSpec] = [.map]
    static let notes = N("Example:\n  cairn map remove andorra-latest.osm.pbf")

    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let storePath = try MapCommandSupport.storePath(args, context)
        let names = args.positionals
        guard names.count == 1, let name = names.first, !name.isEmpty else {
            throw CLIError.usage(L("give the name of one imported extract (see `cairn map info`)"))
        }
        let shownPath = TerminalText.clean(storePath)
        guard FileManager.default.fileExists(atPath: storePath) else {
            throw CLIError.failure(L("no map store at %s; nothing to remove", shownPath))
        }
        let store: MapStore
        do { store = try MapStore(path: storePath) } catch {
            throw CLIError.failure(L("cannot open the map store: %s", TerminalText.clean("\(error)")))
        }
        let shown = TerminalText.clean(name)
        do {
            let r = try store.removeExtract(named: name)
            var out = r.importsRemoved > 1
                ? L("removed %s (%d imports): %d features, %d routes", shown, r.importsRemoved, r.featuresRemoved, r.routesRemoved)
                : L("removed %s: %d features, %d routes", shown, r.featuresRemoved, r.routesRemoved)
            if r.featuresKept + r.routesKept > 0 {
                out += clauseSeparator + L("kept %d features and %d routes that other extracts also hold", r.featuresKept, r.routesKept)
            }
            context.stdout.write(out + "\n")
            return 0
        } catch let e as MapRemoveError {
            throw CLIError.failure("\(shown): \(e.reason)")
        }
    }
}

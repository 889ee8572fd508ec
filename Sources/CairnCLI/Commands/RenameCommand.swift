import Localization
import Foundation
import HikeServices
import TrailStore

/// `cairn rename ID NAME`: gives a stored hike a new name.
public enum RenameCommand: Command {
    public static let name = "rename"
    public static let summary = N("Rename a stored hike")
    public static let about = N("Gives the hike ID (see 'cairn list') a new name. Several words are joined with spaces.")
    public static let arguments = [ArgumentSpec("ID", kind: .hikeID, help: N("a hike id from 'cairn list'")),
                                   ArgumentSpec("NAME", count: .rest, help: N("the new name (several words are joined)"))]
    public static let options: [OptionSpec] = [.store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let path = StoreAccess.path(args, context)
        let words = args.positionals
        guard words.count >= 2 else { throw CLIError.usage(L("rename needs an ID and a NAME")) }
        let name = words.dropFirst().joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        guard !name.isEmpty else { throw CLIError.usage(L("the new name is empty")) }
        let store = try StoreAccess.open(path, context, create: false, write: true)
        let id = try StoreAccess.ids([words[0]], in: store)[0]
        try store.rename(id, to: name)
        context.stdout.write(L("%s: renamed to %s\n", id, TerminalText.clean(name)))
        return 0
    }
}

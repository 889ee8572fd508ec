import Localization
import Foundation
import HikeServices
import TrailStore

/// `cairn delete ID…`: removes hikes, asking first on a terminal.
public enum DeleteCommand: Command {
    public static let name = "delete"
    public static let summary = N("Delete stored hikes")
    public static let about = N("Deletes the hikes with their points and places, all or none. On a terminal it lists\nthem and asks; otherwise it refuses unless --yes is given.")
    public static let arguments = [ArgumentSpec("ID", count: .oneOrMore, kind: .hikeID, help: N("a hike id from 'cairn list'"))]
    static let yes = OptionSpec("--yes", short: "-y", help: N("do not ask"))
    public static let options: [OptionSpec] = [yes, .store]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let path = StoreAccess.path(args, context)
        let yes = args.has(Self.yes)
        let texts = args.positionals
        guard !texts.isEmpty else { throw CLIError.usage(L("delete needs at least one ID")) }
        let store = try StoreAccess.open(path, context, create: false, write: true)
        var ids: [HikeID] = []
        for id in try StoreAccess.ids(texts, in: store) where !ids.contains(id) { ids.append(id) }
        let names = try ids.map { "\($0)  \(TerminalText.clean(try store.summary($0).name))" }
        if !yes {
            guard context.stdinIsTerminal else {
                throw CLIError.failure(L("not deleting without --yes: standard input is not a terminal to ask on"))
            }
            context.stderr.write(Ln("Delete this hike?", "Delete these %d hikes?", ids.count, ids.count) + "\n")
            for n in names { context.stderr.write("  \(n)\n") }
            // TRANSLATORS: the answer read is "y" or "yes" in every language: keep [y/N].
            context.stderr.write("[y/N] ")
            let answer = context.readLine()?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
            guard answer == "y" || answer == "yes" else {
                context.stderr.write(L("Nothing deleted.\n"))
                return 1
            }
        }
        try store.delete(ids)
        for n in names { context.stdout.write(L("deleted %s\n", n)) }
        return 0
    }
}

import HikeServices
import Localization

/// What `cairn` says when the words do not name a command: the subcommands of a group
/// (`cairn map`), or the closest command names.
extension CairnCLI {
    /// The commands whose first word is `group` ("map" → map import, map info); empty when
    /// `group` is not the first word of a two-word command.
    static func subcommands(of group: String) -> [Command.Type] {
        commands.filter { c in
            let words = c.name.split(separator: " ")
            return words.count > 1 && words[0] == group
        }
    }

    /// Help for a group of commands: `cairn map` lists `map import` and `map info`.
    static func groupHelp(_ group: String) -> String {
        let members = subcommands(of: group)
        // TRANSLATORS: the usage of a group of commands ("map"); keep COMMAND, OPTIONS and --help as they are.
        var s = L("Usage: cairn %s COMMAND [OPTIONS]\n       cairn %s COMMAND --help", group, group) + "\n\n" + L("Commands:") + "\n"
        let width = (members.map { $0.name.count }.max() ?? 0) + 2
        for c in members {
            s += "  " + c.name.padding(toLength: width, withPad: " ", startingAt: 0) + Localization.translate(c.summary) + "\n"
        }
        return s
    }

    /// Handles words that name no command. `cairn map` and `cairn map --help` print the
    /// group's help (exit 0); anything else is a usage error (exit 2) with the closest command
    /// names when some are near.
    static func unknownCommand(_ arguments: [String], context: CommandContext) -> Int32 {
        let first = arguments[0]
        let group = subcommands(of: first)
        if !group.isEmpty {
            let rest = Array(arguments.dropFirst())
            if rest.isEmpty || rest == ["--help"] || rest == ["-h"] || rest == ["help"] {
                context.stdout.write(groupHelp(first))
                return 0
            }
            let typed = TerminalText.clean(first + " " + rest[0])
            var message = "cairn: " + L("unknown command '%s'.", typed)
            let near = closest(to: rest[0], among: group.map { String($0.name.split(separator: " ")[1]) })
            if !near.isEmpty { message += " " + L("Did you mean %s?", ArgumentParser.either(near.map { "'\(first) \($0)'" })) }
            context.stderr.write(message + "\n\n" + groupHelp(first))
            return ExitStatus.usage
        }
        var message = "cairn: " + L("unknown command '%s'.", TerminalText.clean(first))
        let names = Set(commands.map { String($0.name.split(separator: " ")[0]) }).sorted()
        let near = closest(to: first, among: names)
        if !near.isEmpty { message += " " + L("Did you mean %s?", ArgumentParser.either(near.map { "'\($0)'" })) }
        context.stderr.write(message + " " + L("See 'cairn --help'.") + "\n")
        return ExitStatus.usage
    }

    /// The names within a small edit distance of `word` (at most 1 for words of up to 4
    /// letters, 2 beyond), nearest first, or those that `word` begins (`ren` → rename).
    static func closest(to word: String, among names: [String]) -> [String] {
        let w = word.lowercased()
        guard !w.isEmpty, !w.hasPrefix("-") else { return [] }
        let limit = w.count <= 4 ? 1 : 2
        let scored = names.map { ($0, editDistance(w, $0)) }.filter { $0.1 <= limit }.sorted { ($0.1, $0.0) < ($1.1, $1.0) }
        if !scored.isEmpty { return scored.map(\.0) }
        return w.count >= 2 ? names.filter { $0.hasPrefix(w) } : []
    }

    /// Levenshtein distance (insertions, deletions, substitutions; V. I. Levenshtein 1966),
    /// counted in Characters, with the two-row dynamic programme.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a), y = Array(b)
        if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
        var previous = Array(0...y.count)
        var current = [Int](repeating: 0, count: y.count + 1)
        for i in 1...x.count {
            current[0] = i
            for j in 1...y.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[y.count]
    }

    /// `arguments` that begin with options and then name a command, with the command's words
    /// moved to the front (`--store X list --json` → `list --store X --json`); nil when no
    /// command follows the leading options. An option that takes a value (declared so by any
    /// command) keeps the word after it, so `--store list` is not read as the command `list`.
    static func hoistingLeadingOptions(_ arguments: [String]) -> [String]? {
        let valued = Set(commands.flatMap { $0.options }.filter(\.takesValue).flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) })
        var i = 0
        while i < arguments.count, arguments[i].hasPrefix("-"), arguments[i] != "--" {
            i += valued.contains(arguments[i]) ? 2 : 1
        }
        guard i > 0, i < arguments.count else { return nil }
        let rest = Array(arguments[i...])
        guard let command = commands.sorted(by: { $0.name.count > $1.name.count }).first(where: { c in
            let words = c.name.split(separator: " ").map(String.init)
            return rest.count >= words.count && Array(rest.prefix(words.count)) == words
        }) else { return nil }
        let n = command.name.split(separator: " ").count
        return Array(rest.prefix(n)) + Array(arguments[..<i]) + Array(rest.dropFirst(n))
    }
}

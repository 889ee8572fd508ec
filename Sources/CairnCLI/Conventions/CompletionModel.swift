import Foundation

/// What the completion scripts complete, taken from the command declarations: the command
/// words (two-word ones such as `map import` as a group and a member), each command's options
/// and the kind of each value and positional argument. The scripts for bash, zsh and fish
/// (``BashCompletion``, ``ZshCompletion``, ``FishCompletion``) are written from this value.
struct CompletionModel {
    struct Entry {
        /// "list", "map import".
        let name: String
        let summary: String
        let options: [OptionSpec]
        let arguments: [ArgumentSpec]
    }

    /// The visible commands, with `--help` added to each command's options.
    let entries: [Entry]

    init(commands: [Command.Type] = CairnCLI.visibleCommands) {
        entries = commands.map { Entry(name: $0.name, summary: $0.summary, options: $0.options + [CommandHelp.helpOption],
                                       arguments: $0.arguments) }
    }

    /// The words that may come right after `cairn`: one-word commands and group words, once each.
    var firstWords: [String] {
        var seen: [String] = []
        for e in entries {
            let w = String(e.name.split(separator: " ")[0])
            if !seen.contains(w) { seen.append(w) }
        }
        return seen
    }

    /// The members of a group ("map" → ["import", "info"]), empty for a one-word command.
    func members(of group: String) -> [String] {
        entries.compactMap { e in
            let w = e.name.split(separator: " ")
            return w.count == 2 && w[0] == group ? String(w[1]) : nil
        }
    }

    /// The groups (first words of two-word commands).
    var groups: [String] { firstWords.filter { !members(of: $0).isEmpty } }

    /// The kind of the `index`-th positional argument (0-based), nil when the command takes
    /// no more: the last declared argument repeats when it takes several.
    static func argumentKind(_ arguments: [ArgumentSpec], at index: Int) -> OptionSpec.ValueKind? {
        if index < arguments.count { return arguments[index].valueKind }
        guard let last = arguments.last else { return nil }
        switch last.count {
        case .oneOrMore, .rest, .atLeast: return last.valueKind
        case .one, .optional: return nil
        }
    }

    /// A shell single-quoted word ('it'\''s').
    static func quote(_ s: String) -> String {
        "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

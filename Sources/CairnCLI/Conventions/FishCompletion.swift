import Foundation

/// The fish completions `cairn completion fish` prints (fish's `complete` builtin, with
/// `__fish_seen_subcommand_from` conditions): command words, each command's options with help,
/// choice values, files by extension and hike ids from `cairn complete-hikes`.
enum FishCompletion {
    static func script(_ model: CompletionModel = CompletionModel()) -> String {
        let q = CompletionModel.quote
        var s = """
        # fish completion for cairn, written by `cairn completion fish` from the commands'
        # declarations. Install as vendor_completions.d/cairn.fish.

        function __cairn_hikes
            set -l tokens (commandline -opc)
            set -l store
            set -l i (contains -i -- --store $tokens)
            and set store --store $tokens[(math $i + 1)]
            $tokens[1] complete-hikes $store 2>/dev/null
        end

        function __cairn_files
            __fish_complete_directories (commandline -ct) ''
            for ext in $argv
                __fish_complete_suffix .$ext
            end
        end

        complete -c cairn -f

        """
        let firstWords = model.firstWords
        let noCommand = "not __fish_seen_subcommand_from " + firstWords.joined(separator: " ")
        for w in firstWords {
            let summary = model.entries.first { $0.name == w }?.summary ?? model.members(of: w).map { w + " " + $0 }.joined(separator: ", ")
            s += "complete -c cairn -n \(q(noCommand)) -a \(q(w)) -d \(q(summary))\n"
        }
        for g in model.groups {
            let members = model.members(of: g)
            for m in members {
                let summary = model.entries.first { $0.name == g + " " + m }?.summary ?? ""
                s += "complete -c cairn -n \(q("__fish_seen_subcommand_from \(g); and not __fish_seen_subcommand_from " + members.joined(separator: " "))) -a \(q(m)) -d \(q(summary))\n"
            }
        }
        for e in model.entries {
            let words = e.name.split(separator: " ").map(String.init)
            let condition = words.map { "__fish_seen_subcommand_from " + $0 }.joined(separator: "; and ")
            for o in e.options {
                var line = "complete -c cairn -n \(q(condition)) -l \(q(String(o.name.dropFirst(2))))"
                if let short = o.shortName { line += " -s \(q(String(short.dropFirst())))" }
                if o.takesValue { line += " -x" + arguments(o.valueKind) }  // -x: a value, and only the ones offered
                s += line + " -d \(q(o.help))\n"
            }
            if let kind = e.arguments.first?.valueKind, case .text = kind {} else if let kind = e.arguments.first?.valueKind {
                s += "complete -c cairn -n \(q(condition))" + arguments(kind) + "\n"
            }
        }
        return s
    }

    /// The ` -a …` that offers values of `kind` (nothing for free text).
    static func arguments(_ kind: OptionSpec.ValueKind) -> String {
        switch kind {
        case .text: return ""
        case .file(let extensions): return " -a " + CompletionModel.quote("(__cairn_files " + extensions.joined(separator: " ") + ")")
        case .choice(let words): return " -a " + CompletionModel.quote(words.joined(separator: " "))
        case .hikeID: return " -a '(__cairn_hikes)'"
        }
    }
}

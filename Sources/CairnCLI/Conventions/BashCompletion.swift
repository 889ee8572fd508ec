import Foundation

/// The bash completion script `cairn completion bash` prints: a function `_cairn` registered
/// with `complete -F` (bash(1), "Programmable Completion"), completing command words (two-word
/// ones in two steps), each command's options, the values of choice options, file names by
/// the declared extensions (and directories), and hike ids from `cairn complete-hikes`
/// (honouring a `--store` typed earlier on the line).
enum BashCompletion {
    static func script(_ model: CompletionModel = CompletionModel()) -> String {
        let tui = model.entries.first { $0.name == TUICommand.name }
        var s = """
        # bash completion for cairn, written by `cairn completion bash` from the commands'
        # declarations. Install as bash-completion/completions/cairn or source it.

        _cairn_files() {
            local IFS=$'\\n' ext
            compopt -o filenames 2>/dev/null
            COMPREPLY=( $(compgen -d -- "$cur") )
            if [[ $# -eq 0 ]]; then COMPREPLY+=( $(compgen -f -- "$cur") ); return; fi
            for ext in "$@"; do COMPREPLY+=( $(compgen -f -X "!*.$ext" -- "$cur") ); done
        }

        _cairn_hikes() {
            local IFS=$'\\n'
            COMPREPLY=( $(compgen -W "$("${COMP_WORDS[0]}" complete-hikes "${store[@]}" 2>/dev/null | cut -f1)" -- "$cur") )
        }

        _cairn() {
            local cur="${COMP_WORDS[COMP_CWORD]}" prev="" cmd="" start=1 j n=0 store=() takes=""
            [[ $COMP_CWORD -gt 0 ]] && prev="${COMP_WORDS[COMP_CWORD-1]}"
            case "${COMP_WORDS[1]} ${COMP_WORDS[2]}" in

        """
        let two = model.entries.filter { $0.name.contains(" ") }
        if !two.isEmpty {
            s += "        " + two.map { "\"\($0.name)\"" }.joined(separator: "|") + ") cmd=\"${COMP_WORDS[1]} ${COMP_WORDS[2]}\"; start=3 ;;\n"
        }
        let one = model.entries.filter { !$0.name.contains(" ") }
        s += "        *) case \"${COMP_WORDS[1]}\" in\n"
        s += "            " + one.map(\.name).joined(separator: "|") + ") cmd=\"${COMP_WORDS[1]}\"; start=2 ;;\n"
        s += "            -*) cmd=tui; start=1 ;;\n"
        s += "           esac ;;\n    esac\n"
        // Completing the command words themselves.
        s += "    if [[ -z $cmd || $COMP_CWORD -lt $start ]]; then\n"
        s += "        if [[ $COMP_CWORD -eq 1 ]]; then\n"
        let topOptions = (tui?.options.map(\.name) ?? []) + ["--version"]
        s += "            if [[ $cur == -* ]]; then COMPREPLY=( $(compgen -W \(CompletionModel.quote(topOptions.joined(separator: " "))) -- \"$cur\") ); return; fi\n"
        s += "            COMPREPLY=( $(compgen -W \(CompletionModel.quote(model.firstWords.joined(separator: " "))) -- \"$cur\") )\n"
        s += "        elif [[ $COMP_CWORD -eq 2 ]]; then\n            case \"${COMP_WORDS[1]}\" in\n"
        for g in model.groups {
            s += "            \(g)) COMPREPLY=( $(compgen -W \(CompletionModel.quote(model.members(of: g).joined(separator: " "))) -- \"$cur\") ) ;;\n"
        }
        s += "            esac\n        fi\n        return\n    fi\n"
        s += "    case \"$cmd\" in\n"
        for e in model.entries {
            s += entryCase(e)
        }
        s += "    esac\n}\n\ncomplete -F _cairn cairn\n"
        return s
    }

    /// The `case` arm of one command: option values, option names, positional arguments.
    static func entryCase(_ e: CompletionModel.Entry) -> String {
        let valued = e.options.filter(\.takesValue)
        var s = "    \"\(e.name)\")\n"
        s += "        takes=\(CompletionModel.quote(" " + valued.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }.joined(separator: " ") + " "))\n"
        s += "        for ((j = start; j < COMP_CWORD; j++)); do\n"
        s += "            case \"${COMP_WORDS[j]}\" in\n"
        s += "            --store) store=(--store \"${COMP_WORDS[j+1]}\"); ((j++)) ;;\n"
        s += "            --) ;;\n"
        s += "            -*) [[ $takes == *\" ${COMP_WORDS[j]} \"* ]] && ((j++)) ;;\n"
        s += "            *) ((n++)) ;;\n"
        s += "            esac\n        done\n"
        if !valued.isEmpty {
            s += "        case \"$prev\" in\n"
            for o in valued {
                let names = ([o.name] + (o.shortName.map { [$0] } ?? [])).joined(separator: "|")
                s += "        \(names)) \(action(o.valueKind)); return ;;\n"
            }
            s += "        esac\n"
        }
        let names = e.options.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
        s += "        if [[ $cur == -* ]]; then COMPREPLY=( $(compgen -W \(CompletionModel.quote(names.joined(separator: " "))) -- \"$cur\") ); return; fi\n"
        if !e.arguments.isEmpty {
            s += "        case $n in\n"
            for (i, a) in e.arguments.enumerated() {
                let last = i == e.arguments.count - 1
                let repeats = CompletionModel.argumentKind(e.arguments, at: i + 1) != nil
                s += "        \(last && repeats ? "*" : String(i))) \(action(a.valueKind)) ;;\n"
            }
            s += "        esac\n"
        }
        s += "        ;;\n"
        return s
    }

    /// The bash words that complete a value of `kind`.
    static func action(_ kind: OptionSpec.ValueKind) -> String {
        switch kind {
        case .text: return "COMPREPLY=()"
        case .file(let extensions): return (["_cairn_files"] + extensions.map(CompletionModel.quote)).joined(separator: " ")
        case .choice(let words): return "COMPREPLY=( $(compgen -W \(CompletionModel.quote(words.joined(separator: " "))) -- \"$cur\") )"
        case .hikeID: return "_cairn_hikes"
        }
    }
}

import Foundation

/// The zsh completion function `_cairn` that `cairn completion zsh` prints (zshcompsys(1):
/// `#compdef`, `_arguments`, `_describe`, `_files -g`): command words with their summaries,
/// then per command its options with their help, choice values, files by extension and hike
/// ids with their names from `cairn complete-hikes`.
enum ZshCompletion {
    static func script(_ model: CompletionModel = CompletionModel()) -> String {
        var s = """
        #compdef cairn
        # zsh completion for cairn, written by `cairn completion zsh` from the commands'
        # declarations. Install as site-functions/_cairn on $fpath.

        _cairn_hikes() {
          local -a hikes store
          local i
          for (( i = 1; i < $#words; i++ )); do [[ $words[i] == --store ]] && store=(--store $words[i+1]); done
          hikes=(${(f)"$($_cairn_exe complete-hikes $store 2>/dev/null)"})
          hikes=(${hikes//:/\\:})
          hikes=(${hikes//$'\\t'/:})
          _describe -t hikes 'hike' hikes
        }

        _cairn() {
          local _cairn_exe=$words[1] cmd
          local -a commands

        """
        s += "  commands=(" + model.firstWords.map { w -> String in
            let summary = model.entries.first { $0.name == w }?.summary ?? ("cairn " + w + " " + model.members(of: w).joined(separator: "|"))
            return CompletionModel.quote(describe(w) + ":" + describe(summary))
        }.joined(separator: " ") + ")\n"
        s += "  if (( CURRENT == 2 )); then _describe -t commands 'cairn command' commands; return; fi\n"
        s += "  cmd=$words[2]\n  case $cmd in\n"
        for g in model.groups {
            let members = model.members(of: g).map { m in
                CompletionModel.quote(m + ":" + describe(model.entries.first { $0.name == g + " " + m }?.summary ?? ""))
            }
            s += "  \(g))\n    if (( CURRENT == 3 )); then\n      local -a members; members=(\(members.joined(separator: " ")))\n"
            s += "      _describe -t commands 'cairn \(g) command' members; return\n    fi\n"
            s += "    cmd=\"$words[2] $words[3]\"; shift words; (( CURRENT-- )) ;;\n"
        }
        s += "  esac\n  shift words; (( CURRENT-- ))\n  case $cmd in\n"
        for e in model.entries {
            s += "  \(CompletionModel.quote(e.name)))\n    _arguments -s \\\n"
            for o in e.options {
                for n in [o.name] + (o.shortName.map { [$0] } ?? []) {
                    var spec = (o.repeatable ? "*" : "") + n + "[" + bracketed(o.help) + "]"
                    if let p = o.placeholder { spec += ":" + describe(p) + ":" + action(o.valueKind) }
                    s += "      " + CompletionModel.quote(spec) + " \\\n"
                }
            }
            for (i, a) in e.arguments.enumerated() {
                let repeats = i == e.arguments.count - 1 && CompletionModel.argumentKind(e.arguments, at: i + 1) != nil
                s += "      " + CompletionModel.quote((repeats ? "*" : String(i + 1)) + ":" + describe(a.name) + ":" + action(a.valueKind)) + " \\\n"
            }
            s += "      && return ;;\n"
        }
        s += "  esac\n}\n\n_cairn \"$@\"\n"
        return s
    }

    /// The zsh action completing a value of `kind`.
    static func action(_ kind: OptionSpec.ValueKind) -> String {
        switch kind {
        case .text: return " "
        case .file(let extensions) where extensions.isEmpty: return "_files"
        case .file(let extensions): return "_files -g \"*.(" + extensions.joined(separator: "|") + ")\""
        case .choice(let words): return "(" + words.joined(separator: " ") + ")"
        case .hikeID: return "_cairn_hikes"
        }
    }

    /// Text for a description after ":" (colons escaped).
    static func describe(_ s: String) -> String { s.replacingOccurrences(of: ":", with: "\\:") }

    /// Text for inside an option's "[…]" (brackets escaped).
    static func bracketed(_ s: String) -> String {
        s.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
    }
}

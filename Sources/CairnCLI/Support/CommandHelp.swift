import Localization
import Foundation

/// The `cairn COMMAND --help` text, made from the command's declaration (``Command/options``,
/// ``Command/arguments``, ``Command/about``, ``Command/notes``): a usage line, the description,
/// the arguments, the options in one aligned table (wrapped to ``width`` columns), then notes.
public enum CommandHelp {
    /// The line length help is wrapped to.
    public static let width = 80
    /// A usage line lists each option up to this many; beyond, it says `[OPTIONS]`.
    static let synopsisLimit = 8
    /// The widest left column; longer labels put their help on the next line.
    static let labelLimit = 22

    /// The help of `command`.
    public static func text(for command: Command.Type) -> String {
        var s = usage(for: command) + "\n"
        if !command.about.isEmpty { s += "\n" + Localization.translate(command.about).trimmingTrailingNewlines() + "\n" }
        let described = command.arguments.filter { !$0.help.isEmpty }
        if !described.isEmpty {
            s += "\n" + L("Arguments:") + "\n" + table(described.map { ($0.name, Localization.translate($0.help)) })
        }
        let options = command.options + [Self.helpOption]
        s += "\n" + L("Options:") + "\n" + table(options.map { ($0.label, $0.helpWithDefault) })
        if command.options.contains(where: { $0.configKey != nil }) {
            s += "\n" + wrap(Localization.translate(configNote), to: width).joined(separator: "\n") + "\n"
        }
        if !command.notes.isEmpty { s += "\n" + Localization.translate(command.notes).trimmingTrailingNewlines() + "\n" }
        return s
    }

    /// The precedence rule, after the options of a command that has config settings.
    public static let configNote = N("An option marked \"config: KEY\" can be set in the config file (see 'cairn config'). Precedence: command line > environment variable > config file > built-in default.")

    /// `-h, --help`, which every command takes (``CairnCLI/run(_:context:)`` answers it).
    public static let helpOption = OptionSpec("--help", short: "-h", help: N("show this help and exit"))

    /// "Usage: cairn export ID [--output FILE] [--format FORMAT] [--store PATH]", wrapped
    /// under its first option.
    static func usage(for command: Command.Type) -> String {
        let head = L("Usage: cairn %s", command.usageName)
        var words = command.arguments.map(\.synopsis)
        if command.options.count > synopsisLimit {
            words.append("[OPTIONS]")
        } else {
            words += command.options.map(\.synopsis)
        }
        var lines: [String] = []
        var line = head
        var lineHasWord = false
        let indent = String(repeating: " ", count: head.count + 1)
        for w in words {
            if lineHasWord && line.count + 1 + w.count > width {
                lines.append(line)
                line = indent + w
            } else {
                line += " " + w
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// Two columns: labels padded to the widest (at most ``labelLimit``), texts wrapped.
    static func table(_ rows: [(String, String)]) -> String {
        let column = min(labelLimit, rows.map(\.0.count).max() ?? 0) + 4
        var s = ""
        for (label, text) in rows {
            let left = "  " + label
            let lines = wrap(text, to: width - column)
            if left.count + 2 > column {
                s += left + "\n"
                for l in lines { s += String(repeating: " ", count: column) + l + "\n" }
            } else {
                for (i, l) in lines.enumerated() {
                    s += (i == 0 ? left.padding(toLength: column, withPad: " ", startingAt: 0)
                                 : String(repeating: " ", count: column)) + l + "\n"
                }
            }
        }
        return s
    }

    /// Words of `text` in lines of at most `width` characters (a longer word gets its own line).
    static func wrap(_ text: String, to width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}

private extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self
        while s.hasSuffix("\n") { s.removeLast() }
        return s
    }
}

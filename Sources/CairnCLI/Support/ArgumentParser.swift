import Localization
import Foundation
import HikeServices

/// Takes a command line apart against a command's declared options and arguments, left to
/// right in one pass, so the result does not depend on the order in which a command reads it:
///
/// - `--name VALUE`, `--name=VALUE`, `-n VALUE` and `-n=VALUE` give a value (the word after an
///   option that takes a value is its value, whatever it looks like: `--output -` works);
///   `--flag` and `-f` give a flag, and `--flag=x` is refused;
/// - a repeated option keeps every occurrence in order; one that is not repeatable is read as
///   the last one typed (`--output b -o a` writes `a`);
/// - options and positional arguments mix freely; `--` ends the options, everything after it
///   is positional; a lone `-` is positional;
/// - any other word beginning with `-` is an unknown option, unless the command's argument
///   declares it may begin with a dash (``ArgumentSpec/beginsWithDash``);
/// - a command that declares no arguments refuses positional ones.
///
/// Conventions: POSIX.1-2017 XBD 12.2 ("Utility Syntax Guidelines", guideline 10 for `--`)
/// and the GNU long-option spelling (`--name=value`).
public struct ArgumentParser {
    /// The options the command declares.
    public let options: [OptionSpec]
    /// Its positional arguments.
    public let arguments: [ArgumentSpec]
    /// The command's name for messages ("list", "map import").
    public let commandName: String
    /// Where the options of the other commands are, to say where an option belongs when it is
    /// not this command's (`--theme` on `list`): command name and its options.
    public var elsewhere: [(command: String, options: [OptionSpec])] { otherCommands() }
    /// Gives ``elsewhere`` when a message needs it: building every command's options cost 4 %
    /// of a `cairn list` start when done for each parse (DECISIONS 1074).
    private var otherCommands: () -> [(command: String, options: [OptionSpec])]

    public init(command: String, options: [OptionSpec], arguments: [ArgumentSpec] = [],
                elsewhere: [(command: String, options: [OptionSpec])] = []) {
        self.commandName = command
        self.options = options
        self.arguments = arguments
        self.otherCommands = { elsewhere }
        let names = options.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) }
        precondition(Set(names).count == names.count, "\(command) declares an option name twice")
    }

    /// The parser for a command, with the other commands' options for messages (read only
    /// when a message needs them).
    public init(for command: Command.Type, among commands: [Command.Type] = []) {
        self.init(command: command.name, options: command.options, arguments: command.arguments)
        let name = command.name
        self.otherCommands = { commands.filter { $0.name != name }.map { ($0.name, $0.options) } }
    }

    /// Parses `words` (the arguments after the command's name).
    /// - Throws: ``CLIError/usage(_:)`` for an unknown option, a missing value, or a value
    ///   given to a flag.
    public func parse(_ words: [String]) throws -> ParsedArguments {
        var positionals: [String] = []
        var occurrences: [ParsedArguments.Occurrence] = []
        var i = 0
        var optionsEnded = false
        while i < words.count {
            let word = words[i]
            i += 1
            if optionsEnded || !looksLikeOption(word) {
                positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            let (typedName, inlineValue) = split(word)
            guard let option = lookup(typedName) else { throw unknown(typedName) }
            if !option.takesValue {
                if inlineValue != nil { throw CLIError.usage(L("%s takes no value", option.name)) }
                occurrences.append(.init(name: option.name, value: nil))
                continue
            }
            if let inlineValue {
                occurrences.append(.init(name: option.name, value: inlineValue))
            } else if i < words.count {
                occurrences.append(.init(name: option.name, value: words[i]))
                i += 1
            } else {
                throw CLIError.usage(L("%s needs a value (%s)", typedName, option.placeholder ?? "VALUE"))
            }
        }
        if arguments.isEmpty && !positionals.isEmpty {
            let shown = TerminalText.clean(positionals.joined(separator: " "))
            throw CLIError.usage(Ln("unknown argument: %s", "unknown arguments: %s", positionals.count, shown))
        }
        return ParsedArguments(positionals: positionals, occurrences: occurrences, declared: Set(options.map(\.name)))
    }

    /// True for `--`, `--name…` and `-x…`, except a lone "-" and words a positional argument
    /// of this command claims.
    private func looksLikeOption(_ word: String) -> Bool {
        guard word.hasPrefix("-"), word.count > 1 else { return false }
        if word == "--" { return true }
        return !arguments.contains { $0.beginsWithDash?(word) ?? false }
    }

    /// "--units=metric" → ("--units", "metric"); "-o" → ("-o", nil).
    private func split(_ word: String) -> (String, String?) {
        guard let eq = word.firstIndex(of: "=") else { return (word, nil) }
        return (String(word[..<eq]), String(word[word.index(after: eq)...]))
    }

    private func lookup(_ name: String) -> OptionSpec? {
        options.first { $0.name == name || $0.shortName == name }
    }

    /// "--theme does not apply to list; tui, render and follow take it", or the closest of
    /// this command's own option names.
    private func unknown(_ name: String) -> CLIError {
        let shown = TerminalText.clean(name)
        let owners = elsewhere.filter { $0.options.contains { $0.name == name || $0.shortName == name } }.map(\.command)
        if !owners.isEmpty {
            // TRANSLATORS: "--theme does not apply to list; tui, render and follow take it": an option,
            // the command typed, the commands that take the option (one or more, as the plural counts).
            return .usage(Ln("%s does not apply to %s; %s takes it", "%s does not apply to %s; %s take it", owners.count,
                             shown, commandName, Self.list(owners)))
        }
        let bare = name.drop { $0 == "-" }
        let candidates = options.map { String($0.name.dropFirst(2)) }
        let near = CairnCLI.closest(to: String(bare), among: candidates)
        if name.hasPrefix("--"), !near.isEmpty {
            return .usage(L("unknown option %s; did you mean %s?", shown, Self.either(near.map { "--" + $0 })))
        }
        return .usage(L("unknown option %s", shown))
    }

    /// "a", "a and b", "a, b and c".
    static func list(_ words: [String]) -> String {
        guard words.count > 1 else { return words.first ?? "" }
        // TRANSLATORS: the last two of a list of names ("tui, render and follow"); the first %s may be several, comma-separated.
        return L("%s and %s", words.dropLast().joined(separator: ", "), words.last!)
    }

    /// "a", "a or b", "a or b or c": the names a mistyped word may have meant.
    static func either(_ words: [String]) -> String {
        guard var out = words.first else { return "" }
        // TRANSLATORS: two names a mistyped word may have meant ("--units or --unit"); the first %s may already be such a pair.
        for w in words.dropFirst() { out = L("%s or %s", out, w) }
        return out
    }
}

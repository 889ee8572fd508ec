import Foundation

/// One `cairn` subcommand. Each lives in its own file under `Commands/` and is listed in
/// ``CairnCLI/commands``. Its options and arguments are declared once, in ``options`` and
/// ``arguments``: ``ArgumentParser`` parses by them and ``CommandHelp`` writes `--help` from
/// them (and the man page and shell completion can be made from them too).
public protocol Command {
    /// The word after `cairn` (e.g. "stats"); "map import" style pairs use a space.
    static var name: String { get }
    /// How the usage line spells the command ("[tui]" for the viewer); ``name`` by default.
    static var usageName: String { get }
    /// One line for `cairn --help`.
    static var summary: String { get }
    /// The paragraphs of `--help` between the usage line and the options: what it does.
    static var about: String { get }
    /// The positional arguments, in order (none by default).
    static var arguments: [ArgumentSpec] { get }
    /// Every option, in help order (shared ones such as ``OptionSpec/store`` included).
    static var options: [OptionSpec] { get }
    /// Text after the options (examples, where files are looked up), or "".
    static var notes: String { get }
    /// True for a command of the machinery (the completion scripts' hike-id query): left out
    /// of `cairn --help`, the man page and completion. False by default.
    static var hidden: Bool { get }
    /// Runs the command.
    /// - Parameter args: the command line parsed against ``options`` and ``arguments``.
    /// - Returns: the exit code (0 success, 1 some input failed).
    /// - Throws: ``CLIError`` for usage errors and failures to report.
    static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32
}

extension Command {
    public static var usageName: String { name }
    public static var arguments: [ArgumentSpec] { [] }
    public static var notes: String { "" }
    public static var hidden: Bool { false }
    /// The full `--help` text, generated from the declaration (``CommandHelp``).
    public static var help: String { CommandHelp.text(for: self) }
}

import Foundation

/// One `cairn` subcommand. Each lives in its own file under `Commands/` and is listed in
/// ``CairnCLI/commands``.
public protocol Command {
    /// The word after `cairn` (e.g. "stats"); "map import" style pairs use a space.
    static var name: String { get }
    /// One line for `cairn --help`.
    static var summary: String { get }
    /// The full `--help` text: usage line, options, examples.
    static var help: String { get }
    /// Runs the command.
    /// - Returns: the exit code (0 success, 1 some input failed).
    /// - Throws: ``CLIError`` for usage errors and failures to report.
    static func run(_ args: inout ArgumentList, _ context: CommandContext) throws -> Int32
}

import Foundation

/// The `cairn` command line: parses arguments and dispatches to subcommands.
/// Output goes to the given streams so that every command is testable.
public enum CairnCLI {
    /// Runs `cairn` with `arguments` (without the program name).
    /// - Returns: the process exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        print("cairn: a terminal trail viewer for hikers. Subcommands arrive with the next commits.")
        return 0
    }
}

import Foundation

/// An error a command reports to the user: printed as `cairn: message` on stderr.
public enum CLIError: Error, CustomStringConvertible, Equatable {
    /// Wrong arguments; exit code 2 (``ExitStatus/usage``) and a hint to use --help.
    case usage(String)
    /// Anything else the user can act on; exit code 1.
    case failure(String)

    public var description: String {
        switch self {
        case .usage(let m), .failure(let m): return m
        }
    }

    /// The process exit code for this error.
    public var exitCode: Int32 {
        switch self {
        case .usage: return ExitStatus.usage
        case .failure: return ExitStatus.failure
        }
    }
}

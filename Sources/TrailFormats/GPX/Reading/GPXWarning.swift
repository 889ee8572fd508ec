import Foundation
import Localization

/// Something the reader repaired or skipped while still reading the file (a rejected point, a
/// sentinel elevation, an unreadable time, ignored trailing content).
public struct GPXWarning: Hashable, Sendable, CustomStringConvertible {
    /// 1-based line in the file (0 when unknown).
    public var line: Int
    /// What was repaired or skipped, in words.
    public var message: String

    /// Creates a warning for a 1-based `line`.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`, or the message alone when the line is unknown (0: binary formats such as
    /// FIT, whose messages say "record N" or "byte B" themselves).
    public var description: String { line > 0 ? L("line %d: %s", line, message) : message }
}

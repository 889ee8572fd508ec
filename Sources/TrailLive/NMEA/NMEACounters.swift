import Foundation

/// What an ``NMEAParser`` has read so far: sentences used, skipped and rejected, and fixes made.
public struct NMEACounters: Hashable, Sendable {
    /// Non-empty lines seen.
    public var lines = 0
    /// Sentences with a valid checksum whose type the parser uses (GGA, RMC, GSA, GSV).
    public var used = 0
    /// Valid sentences of other types (VTG, GLL, proprietary…), skipped without complaint.
    public var unsupported = 0
    /// Lines rejected because the checksum did not match.
    public var badChecksum = 0
    /// Lines rejected because they had no checksum.
    public var missingChecksum = 0
    /// Lines that were not sentences at all, or sentences with unreadable fields
    /// (a latitude that is not a number, minutes ≥ 60, an impossible date…).
    public var malformed = 0
    /// Position fixes produced (one per epoch with a position).
    public var fixes = 0

    public init() {}

    /// All lines rejected for any reason (bad or missing checksum, malformed).
    public var rejected: Int { badChecksum + missingChecksum + malformed }
}

/// The short, stable identifier of a hike as users type it: six characters of Crockford's
/// base-32 alphabet (`0-9 a-z` without `i l o u`), e.g. `k3v9qa`.
///
/// It is derived once, at insert, from the hike's SQLite row id by a fixed bijection on 30 bits
/// (multiply by an odd constant, xor-shift, multiply again — each step invertible modulo 2^30),
/// so ids never collide, look unrelated to each other, and never change. Row ids come from an
/// `AUTOINCREMENT` column, so a deleted hike's id is never given to another one.
/// Parsing is case-insensitive and reads `i`/`l` as `1` and `o` as `0` (Crockford's rule).
public struct HikeID: Hashable, Sendable, Comparable, CustomStringConvertible, Codable {
    /// The six lower-case characters.
    public let rawValue: String

    static let alphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")
    private static let mask: UInt64 = (1 << 30) - 1

    /// Wraps text already known to be an id (as read back from the store).
    init(uncheckedRawValue: String) { rawValue = uncheckedRawValue }

    /// Parses user input: six base-32 characters, case-insensitive; nil when malformed.
    public init?(_ text: String) {
        var out = ""
        for ch in text.lowercased() {
            let c: Character
            switch ch {
            case "i", "l": c = "1"
            case "o": c = "0"
            default: c = ch
            }
            guard Self.alphabet.contains(c) else { return nil }
            out.append(c)
        }
        guard out.count == 6 else { return nil }
        rawValue = out
    }

    /// The id for row `rowID` (1 ..< 2^30).
    public init(rowID: Int64) {
        var x = UInt64(rowID) & Self.mask
        x = (x &* 0x2545_F491) & Self.mask
        x ^= x >> 13
        x = (x &* 0x1B87_3593) & Self.mask
        x ^= x >> 16
        var s = ""
        for i in (0..<6).reversed() { s.append(Self.alphabet[Int((x >> (UInt64(i) * 5)) & 31)]) }
        rawValue = s
    }

    public var description: String { rawValue }
    public static func < (a: HikeID, b: HikeID) -> Bool { a.rawValue < b.rawValue }
}

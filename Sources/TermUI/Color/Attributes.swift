/// Text attributes a terminal cell can carry (SGR 1, 2, 3, 4, 7; curses A_BOLD, A_DIM,
/// A_ITALIC, A_UNDERLINE, A_REVERSE).
public struct Attributes: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Bold or increased intensity (SGR 1).
    public static let bold = Attributes(rawValue: 1 << 0)
    /// Faint / decreased intensity (SGR 2).
    public static let dim = Attributes(rawValue: 1 << 1)
    /// Italic (SGR 3).
    public static let italic = Attributes(rawValue: 1 << 2)
    /// Underline (SGR 4).
    public static let underline = Attributes(rawValue: 1 << 3)
    /// Swap foreground and background (SGR 7).
    public static let reverse = Attributes(rawValue: 1 << 4)

    /// All five attributes.
    public static let all: Attributes = [.bold, .dim, .italic, .underline, .reverse]

    /// Every attribute with its theme-file name, in SGR order.
    public static let named: [(name: String, attribute: Attributes)] = [
        ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline), ("reverse", .reverse),
    ]
}

/// A terminal colour: the terminal's own default, one of the 16 ANSI colours, an index into
/// the xterm 256-colour palette, or a 24-bit true colour.
///
/// Which of these a terminal can show is a ``ColorDepth``; ``downgraded(to:)`` maps any
/// colour to the best one a given depth can show (see `Color+Downgrade.swift` for the method).
public enum Color: Hashable, Sendable {
    /// The terminal's default foreground or background (SGR 39 / 49, curses colour -1).
    case `default`
    /// One of the 16 ANSI colours, 0...15 (0-7 normal, 8-15 bright). Values above 15 are
    /// treated as `index % 16`.
    case ansi(UInt8)
    /// An index into the xterm 256-colour palette: 0-15 the ANSI colours, 16-231 the
    /// 6x6x6 colour cube, 232-255 the 24-step grey ramp.
    case indexed(UInt8)
    /// A true colour, 8 bits per channel.
    case rgb(UInt8, UInt8, UInt8)

    /// ANSI 0.
    public static let black = Color.ansi(0)
    /// ANSI 1.
    public static let red = Color.ansi(1)
    /// ANSI 2.
    public static let green = Color.ansi(2)
    /// ANSI 3.
    public static let yellow = Color.ansi(3)
    /// ANSI 4.
    public static let blue = Color.ansi(4)
    /// ANSI 5.
    public static let magenta = Color.ansi(5)
    /// ANSI 6.
    public static let cyan = Color.ansi(6)
    /// ANSI 7 (light grey on most terminals).
    public static let white = Color.ansi(7)
    /// ANSI 8 (dark grey on most terminals).
    public static let brightBlack = Color.ansi(8)
    /// ANSI 9.
    public static let brightRed = Color.ansi(9)
    /// ANSI 10.
    public static let brightGreen = Color.ansi(10)
    /// ANSI 11.
    public static let brightYellow = Color.ansi(11)
    /// ANSI 12.
    public static let brightBlue = Color.ansi(12)
    /// ANSI 13.
    public static let brightMagenta = Color.ansi(13)
    /// ANSI 14.
    public static let brightCyan = Color.ansi(14)
    /// ANSI 15.
    public static let brightWhite = Color.ansi(15)

    /// The names of the 16 ANSI colours, index = ANSI number, as used in theme files
    /// (`"red"`, `"bright-blue"`, …).
    public static let ansiNames: [String] = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "bright-black", "bright-red", "bright-green", "bright-yellow",
        "bright-blue", "bright-magenta", "bright-cyan", "bright-white",
    ]
}

/// What colours a terminal can show, from none to 24-bit.
public enum ColorDepth: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// Monochrome (or `NO_COLOR`): every colour becomes ``Color/default``; only attributes remain.
    case none = 0
    /// The 8 basic ANSI colours (e.g. `TERM=screen`).
    case ansi8 = 8
    /// The 16 ANSI colours.
    case ansi16 = 16
    /// The xterm 256-colour palette.
    case indexed256 = 256
    /// 24-bit RGB.
    case trueColor = 16_777_216

    public static func < (a: ColorDepth, b: ColorDepth) -> Bool { a.rawValue < b.rawValue }

    /// The depth for a terminal that reports `colors` colours (curses `COLORS`, `tput colors`):
    /// below 8 → none, 8-15 → ansi8, 16-255 → ansi16, 256 up to 2^24-1 → indexed256, 2^24 and up → trueColor.
    public init(colorCount colors: Int) {
        switch colors {
        case ..<8: self = .none
        case 8..<16: self = .ansi8
        case 16..<256: self = .ansi16
        case 256..<16_777_216: self = .indexed256
        default: self = .trueColor
        }
    }

    /// The depth for ANSI text written without a terminal database (`cairn render --ansi`):
    /// none under a non-empty `NO_COLOR`, true colour when `COLORTERM` is truecolor or 24bit,
    /// 256 when `TERM` names a 256-colour terminal, else 16.
    public static func forANSIText(environment: [String: String]) -> ColorDepth {
        if !(environment["NO_COLOR"] ?? "").isEmpty { return .none }
        let colorterm = (environment["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .trueColor }
        if (environment["TERM"] ?? "").contains("256color") { return .indexed256 }
        return .ansi16
    }
}

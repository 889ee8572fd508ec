import Localization
import Foundation

/// Colours as written in theme files.
extension Color {
    /// Parses a theme-file colour:
    /// - `"default"`: the terminal's default colour;
    /// - a name from ``ansiNames`` (`"red"`, `"bright-blue"`, …; `"grey"`/`"gray"` mean
    ///   bright-black), or `"ansi:N"` with N in 0...15: an ANSI colour;
    /// - `"256:N"` with N in 0...255: an xterm 256-palette index;
    /// - `"#rrggbb"` (hex, either case): a true colour.
    /// Surrounding spaces are ignored; names are case-insensitive.
    /// - Throws: a message saying what is wrong and what is expected.
    public init(themeValue raw: String) throws(ColorParseError) {
        let s = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if s == "default" { self = .default; return }
        if s == "grey" || s == "gray" { self = .brightBlack; return }
        if let i = Color.ansiNames.firstIndex(of: s) { self = .ansi(UInt8(i)); return }
        if s.hasPrefix("ansi:") {
            guard let n = Int(s.dropFirst(5)), (0...15).contains(n) else {
                throw ColorParseError(message: L("'%s': an ANSI colour number must be 0 to 15", raw))
            }
            self = .ansi(UInt8(n)); return
        }
        if s.hasPrefix("256:") {
            guard let n = Int(s.dropFirst(4)), (0...255).contains(n) else {
                throw ColorParseError(message: L("'%s': a 256-colour index must be 0 to 255", raw))
            }
            self = .indexed(UInt8(n)); return
        }
        if s.hasPrefix("#") {
            let hex = s.dropFirst()
            guard hex.count == 6, hex.allSatisfy(\.isHexDigit), let v = UInt32(hex, radix: 16) else {
                throw ColorParseError(message: L("'%s': a true colour is '#' and six hex digits, like #1e90ff", raw))
            }
            self = .rgb(UInt8(v >> 16), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)); return
        }
        throw ColorParseError(message: L("'%s' is not a colour (expected \"default\", a name such as \"red\" or \"bright-blue\", \"ansi:0\"…\"ansi:15\", \"256:0\"…\"256:255\" or \"#rrggbb\")", raw))
    }

    /// The colour as a theme file writes it (inverse of ``init(themeValue:)``).
    public var themeValue: String {
        switch self {
        case .default: return "default"
        case .ansi(let n): return Color.ansiNames[Int(n % 16)]
        case .indexed(let n): return "256:\(n)"
        case .rgb(let r, let g, let b):
            func hex(_ v: UInt8) -> String { let h = String(v, radix: 16); return h.count == 1 ? "0" + h : h }
            return "#" + hex(r) + hex(g) + hex(b)
        }
    }
}

/// A colour string that ``Color/init(themeValue:)`` cannot read.
public struct ColorParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and what is expected.
    public var message: String
    public var description: String { message }
}

/// Makes untrusted text safe to put on a terminal.
///
/// Names in GPX files and map data come from strangers. Drawn as they are, an ESC could
/// start a control sequence (clear the screen, set the window title, …) and bidi overrides
/// could make text read backwards. Everything drawn into a ``Buffer`` passes through here:
/// - TAB, LF, VT, FF, CR, NEL (U+0085), LINE and PARAGRAPH SEPARATOR (U+2028/9) → one space;
/// - every other C0 control (U+0000–U+001F, including ESC), DEL (U+007F) and C1 control
///   (U+0080–U+009F, including the 8-bit CSI U+009B) → U+FFFD `�`, so a hostile
///   `"\u{1b}[2J"` shows as the harmless text `�[2J`;
/// - bidi embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the marks
///   LRM, RLM, ALM (U+200E, U+200F, U+061C) → removed.
/// Stored data is never changed: this runs only at draw time.
public enum TextSanitizer {
    /// What happens to one scalar: kept, drawn as one space, replaced by U+FFFD, removed.
    public enum Action: Sendable { case keep, space, replace, remove }

    /// The rule above for one scalar.
    public static func action(for scalar: Unicode.Scalar) -> Action {
        let v = scalar.value
        switch v {
        case 0x20..<0x7F: return .keep
        case 0x09...0x0D, 0x85, 0x2028, 0x2029: return .space
        case 0x00..<0x20, 0x7F...0x9F: return .replace
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return .remove
        default: return .keep
        }
    }

    /// True when `string` has nothing to change (cheap check on the common ASCII case).
    public static func isClean(_ string: String) -> Bool {
        var ascii = true
        for b in string.utf8 {
            if b < 0x20 || b == 0x7F { return false }
            if b >= 0x80 { ascii = false }
        }
        return ascii || string.unicodeScalars.allSatisfy { action(for: $0) == .keep }
    }

    /// `string` with control and bidi-override characters replaced or removed (rules above).
    public static func sanitize(_ string: String) -> String {
        if isClean(string) { return string }
        var out = String.UnicodeScalarView()
        for s in string.unicodeScalars {
            switch action(for: s) {
            case .keep: out.append(s)
            case .space: out.append(" ")
            case .replace: out.append("\u{FFFD}")
            case .remove: break
            }
        }
        return String(out)
    }
}

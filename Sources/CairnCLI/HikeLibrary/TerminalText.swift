/// Text from files (hike names, descriptions) made safe to print: C0/C1 control characters
/// and DEL, which could move the cursor or change the terminal's state, become U+FFFD.
/// Tabs and newlines become spaces. The stored text is never changed.
enum TerminalText {
    static func clean(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        for u in s.unicodeScalars {
            switch u.value {
            case 0x09, 0x0A, 0x0D: out.append(" ")
            case 0x00..<0x20, 0x7F..<0xA0: out.append("\u{FFFD}")
            default: out.append(u)
            }
        }
        return String(out)
    }
}

/// A pseudo-translation for layout tests (issue 37): every word of letters becomes
/// "«" + the word with accents + "~" padding + "»", at least 40 % longer than the English
/// (counting the space after it), so that a screen rendered with it shows where a longer
/// language would be cut or run over: a word whose "»" is missing was cut without an ellipsis,
/// a "»" without its "«" was overwritten, "»«" is two columns touching. Words holding a printf
/// directive (`%s`) and words without letters ("·", "–", "/") are kept as they are.
public enum PseudoLocale {
    public static func translate(_ msgid: String) -> String {
        // A text already translated is no message id: gettext gives it back as it is.
        if msgid.contains("«") { return msgid }
        var out = ""
        var word = ""
        func flush() {
            defer { word = "" }
            guard !word.isEmpty else { return }
            guard !word.contains("%"), word.contains(where: \.isLetter) else { out += word; return }
            let n = word.count
            // 2 brackets + padding ≥ 40 % of the word and its space.
            let pad = max(0, Int((0.4 * Double(n + 1)).rounded(.up)) - 2)
            out += "«" + String(word.map(accented)) + String(repeating: "~", count: pad) + "»"
        }
        for c in msgid {
            if c == " " || c == "\n" { flush(); out.append(c) } else { word.append(c) }
        }
        flush()
        return out
    }

    static func accented(_ c: Character) -> Character {
        switch c {
        case "a": return "à"
        case "e": return "é"
        case "i": return "î"
        case "o": return "ö"
        case "u": return "ü"
        case "c": return "ç"
        case "n": return "ñ"
        case "y": return "ý"
        case "s": return "š"
        case "z": return "ž"
        case "A": return "Å"
        case "E": return "É"
        case "I": return "Î"
        case "O": return "Ø"
        case "U": return "Û"
        default: return c
        }
    }

    /// Where `row` (one line of a rendered screen) breaks the pseudo-locale's rules, one
    /// sentence each: a word cut without "…", a word whose start was overwritten, two words
    /// with no gap. Empty when the row is sound.
    public static func problems(inRow row: String) -> [String] {
        var problems: [String] = []
        for token in row.split(separator: " ") {
            var open = false
            var previous: Character?
            for c in token {
                switch c {
                case "«":
                    if open { problems.append("cut without an ellipsis and run into: \(token)") }
                    if previous == "»" { problems.append("two texts with no gap: \(token)") }
                    open = true
                case "»":
                    if !open { problems.append("start overwritten: \(token)") }
                    open = false
                case "…":
                    open = false
                default:
                    break
                }
                previous = c
            }
            if open { problems.append("cut without an ellipsis: \(token)") }
        }
        return problems
    }
}

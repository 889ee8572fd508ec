import TermUI

extension TextFit {
    /// `text` (sanitised) on lines of at most `width` columns, broken at spaces; a word wider
    /// than a line is broken inside it by display width (so a long path or URL still shows
    /// whole). Runs of spaces collapse to one at a break. Never empty: "" gives `[""]`.
    public static func wrap(_ text: String, toWidth width: Int) -> [String] {
        let clean = TextSanitizer.sanitize(text)
        guard width > 0 else { return [clean] }
        var lines: [String] = []
        var line = "", used = 0
        for word in clean.split(separator: " ", omittingEmptySubsequences: true) {
            let w = DisplayWidth.of(String(word))
            if used > 0 && used + 1 + w <= width {
                line += " " + word
                used += 1 + w
                continue
            }
            if used > 0 { lines.append(line); line = ""; used = 0 }
            // The word starts a line; cut it where it is wider than the line.
            for g in word {
                let gw = DisplayWidth.of(g)
                if used + gw > width && used > 0 { lines.append(line); line = ""; used = 0 }
                line.append(g)
                used += gw
            }
        }
        lines.append(line)
        return lines
    }
}

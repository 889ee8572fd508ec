import TermUI

/// Cutting untrusted text to a number of terminal columns.
public enum TextFit {
    /// `text` sanitised (``TextSanitizer``), zero-width clusters dropped, and cut to at most
    /// `width` columns, ending with "…" when it was cut ("" for width ≤ 0).
    public static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        let clean = TextSanitizer.sanitize(text)
        if DisplayWidth.of(clean) <= width, !clean.contains(where: { DisplayWidth.of($0) == 0 }) { return clean }
        var out = "", used = 0
        var cut = ""
        for g in clean {
            let w = DisplayWidth.of(g)
            if w == 0 { continue }
            if used + w > width { return cut + "…" }
            out.append(g)
            used += w
            if used <= width - 1 { cut = out }
        }
        return out
    }

    /// The display width of `text` after sanitising.
    public static func width(_ text: String) -> Int { DisplayWidth.of(TextSanitizer.sanitize(text)) }
}

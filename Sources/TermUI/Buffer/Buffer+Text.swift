/// Drawing text into a ``Buffer``.
extension Buffer {
    /// The ellipsis put at the end of truncated text.
    public static let ellipsis: Character = "…"

    /// Draws `text` on row `y` starting at column `x`, display-width aware, and returns the
    /// column just after the last one the text takes (clipped or not).
    ///
    /// - The text is sanitised first (``TextSanitizer``); zero-width grapheme clusters (a
    ///   lone combining mark) are dropped; wide characters take two columns.
    /// - It gets at most `maxWidth` columns (nil: no limit) and never runs past the right
    ///   edge of the buffer. Text that does not fit is cut at a grapheme boundary and ends
    ///   with "…" (so it takes at most that many columns; with one column, only "…").
    /// - Columns left of 0 or rows outside the buffer are clipped silently, with no ellipsis;
    ///   a wide character cut in half by the left edge shows as a space.
    /// - `style` is applied on top of each cell's existing style (``Cell/apply(_:)``).
    /// - Returns: `x` plus the number of columns the drawn text spans.
    @discardableResult
    public mutating func setString(x: Int, y: Int, _ text: String, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        let room = width.subtractingReportingOverflow(x)
        let limit = min(maxWidth ?? Int.max, room.overflow ? Int.max : room.partialValue)
        guard limit > 0 else { return x }
        let runs = Buffer.fit(text, into: limit)
        guard y >= 0, y < height else { return x + runs.width }
        var col = x
        for (g, w) in runs.graphemes {
            if col >= -1 && col < width {
                let start = col < 0 ? 0 : col
                var c = start < width ? cells[y * width + start] : .blank
                if c.isContinuation { c.symbol = " " }
                c.symbol = g
                c.apply(style)
                place(c, width: w, x: col, y: y)
            }
            col += w
        }
        return col
    }

    /// The grapheme clusters of sanitised `text` with their widths, cut to `limit` columns
    /// with an ellipsis when it does not fit, and the total width.
    static func fit(_ text: String, into limit: Int) -> (graphemes: [(String, Int)], width: Int) {
        let clean = TextSanitizer.sanitize(text)
        var out: [(String, Int)] = []
        var used = 0
        // Where the text would have to be cut if an ellipsis is needed.
        var cutIndex = 0, cutWidth = 0
        for g in clean {
            let w = DisplayWidth.of(g)
            if w == 0 { continue }
            if used + w > limit {
                out.removeSubrange(cutIndex...)
                out.append((String(ellipsis), 1))
                return (out, cutWidth + 1)
            }
            out.append((capped(g), w))
            used += w
            if used <= limit - 1 { cutIndex = out.count; cutWidth = used }
        }
        return (out, used)
    }
}

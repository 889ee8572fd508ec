import Foundation

/// Text and symbols that replace whole cells of a ``BrailleCanvas`` (a peak's "▲", a label).
///
/// An overlay has a priority too. When the canvas is rendered, a cell shows its overlay if
/// the overlay's priority is at least that of the ink owning the cell's dots (or the cell has
/// no dots); otherwise the dots. Between overlays on one cell the higher priority wins, the
/// later one on a tie.
extension BrailleCanvas {
    /// One overlay cell: an already sanitised grapheme cluster of display width 1 or 2, or ""
    /// for the right half of a wide one.
    struct Overlay: Sendable {
        var symbol: String
        var width: Int
        var ascii: String
        var style: Style
        var priority: Int
    }

    /// Puts `symbol` (its first grapheme cluster, sanitised) in cell (`cellX`, `cellY`).
    /// - Parameters:
    ///   - ascii: what to show instead in ASCII mode; by default the symbol itself when it is
    ///     printable ASCII, else the symbol without diacritics when that is ASCII, else "*".
    ///     (``text(_:cellX:cellY:style:priority:)`` uses "?" as the last resort.)
    ///   - style: applied on top of the buffer cell when rendered.
    /// Clipped when outside; a wide symbol needs two cells and is dropped in the last column.
    public mutating func overlay(_ symbol: String, cellX: Int, cellY: Int, style: Style = .plain,
                                 priority: Int = 0, ascii: Character? = nil) {
        guard cellY >= 0, cellY < height, cellX >= 0, cellX < width else { return }
        guard let g = TextSanitizer.sanitize(symbol).first else { return }
        let w = DisplayWidth.of(g)
        guard w > 0, cellX + w <= width else { return }
        putOverlay(Buffer.capped(g), width: w, cellX: cellX, cellY: cellY, style: style, priority: priority, ascii: ascii)
    }

    /// Puts `symbol` in the cell that contains dot position `p` (see ``overlay(_:cellX:cellY:style:priority:ascii:)``).
    public mutating func overlay(_ symbol: String, at p: DotPoint, style: Style = .plain, priority: Int = 0,
                                 ascii: Character? = nil) {
        guard p.x.isFinite, p.y.isFinite, p.x >= 0, p.y >= 0, p.x < Double(dotWidth), p.y < Double(dotHeight) else { return }
        overlay(symbol, cellX: Int(p.x) / 2, cellY: Int(p.y) / 4, style: style, priority: priority, ascii: ascii)
    }

    /// Writes `text` (sanitised, display-width aware) into consecutive cells from (`cellX`,
    /// `cellY`), cut with "…" at the canvas's right edge. Cells left of 0 are clipped.
    /// - Returns: the number of columns the text takes (after cutting).
    @discardableResult
    public mutating func text(_ text: String, cellX: Int, cellY: Int, style: Style = .plain, priority: Int = 0) -> Int {
        let room = width - cellX
        guard room > 0 else { return 0 }
        let fitted = Buffer.fit(text, into: room)
        var x = cellX
        for (g, w) in fitted.graphemes {
            if x >= 0, cellY >= 0, cellY < height {
                putOverlay(g, width: w, cellX: x, cellY: cellY, style: style, priority: priority, ascii: nil, text: true)
            }
            x += w
        }
        return fitted.width
    }

    /// True when some overlay with a priority of at least `minimumPriority` lies in `rect`
    /// (cell coordinates), for callers placing labels without collisions.
    public func hasOverlay(in rect: Rect, minimumPriority: Int = Int.min) -> Bool {
        let r = rect.intersection(Rect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return false }
        if overlays.count < r.area {
            return overlays.contains { i, o in o.priority >= minimumPriority && r.contains(x: i % width, y: i / width) }
        }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX where (overlays[y * width + x]?.priority ?? Int.min) >= minimumPriority { return true }
        }
        return false
    }

    /// `g` itself when it is one printable ASCII character, else its stand-in in ``ASCIIFallback``
    /// (so a shortened label's "…" shows as "." as everywhere else), else `g` without diacritics
    /// when that is (so "ó" shows as "o"), else `otherwise`.
    static func asciiFallback(for g: String, otherwise: String) -> String {
        if g.utf8.count == 1, let b = g.utf8.first, b >= 0x20, b < 0x7F { return g }
        if let r = ASCIIFallback.replacement(for: g), r.utf8.count == 1, let b = r.utf8.first, b >= 0x20, b < 0x7F { return r }
        let folded = g.folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
        if folded.utf8.count == 1, let b = folded.utf8.first, b >= 0x20, b < 0x7F { return folded }
        return otherwise
    }

    /// Stores an overlay cell (and its continuation for width 2) if it beats what is there.
    mutating func putOverlay(_ g: String, width w: Int, cellX: Int, cellY: Int, style: Style, priority: Int,
                             ascii: Character?, text: Bool = false) {
        guard cellX + w <= width else { return }
        let i = cellY * width + cellX
        for k in 0..<w {
            if let existing = overlays[i + k], existing.priority > priority { return }
        }
        // Keep wide overlays whole: drop the other half of any we overwrite.
        for k in 0..<w {
            guard let e = overlays[i + k] else { continue }
            if e.width == 0 && (i + k) % width > 0 { overlays[i + k - 1] = nil }
            if e.width == 2 { overlays[i + k + 1] = nil }
        }
        let fallback: String
        if let a = ascii, DisplayWidth.of(a) == 1, TextSanitizer.isClean(String(a)), a.isASCII { fallback = String(a) }
        else { fallback = BrailleCanvas.asciiFallback(for: g, otherwise: ascii == nil && text ? "?" : "*") }
        overlays[i] = Overlay(symbol: g, width: w, ascii: fallback, style: style, priority: priority)
        // In ASCII mode both columns of a wide character show its fallback ("日" → "??").
        if w == 2 { overlays[i + 1] = Overlay(symbol: "", width: 0, ascii: fallback, style: style, priority: priority) }
    }
}

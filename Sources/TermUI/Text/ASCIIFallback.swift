/// Plain-ASCII stand-ins (one character each) for the symbols the screens draw, for terminals without a UTF-8
/// locale and for `--ascii`: arrows, markers, box drawing, typographic punctuation. Letters
/// (names in other scripts) are left to the terminal; braille is never here because the canvas
/// draws its own ASCII (``CanvasMode/ascii``).
public enum ASCIIFallback {
    static let table: [Unicode.Scalar: String] = [
        "…": ".", "·": "-", "–": "-", "—": "-", "“": "\"", "”": "\"", "‘": "'", "’": "'", "©": "c",
        "°": "o", "±": "~", "×": "x", "≈": "~", "▸": ">", "›": ">", "‹": "<", "✕": "x", "✦": "*",
        "←": "<", "→": ">", "↑": "^", "↓": "v", "↖": "\\", "↗": "/", "↘": "\\", "↙": "/",
        "▲": "^", "⌂": "H", "●": "o", "○": "o", "◉": "@", "◆": "#", "╋": "+", "▏": "|",
        "│": "|", "┃": "|", "┆": ":", "─": "-", "┌": "+", "┐": "+", "└": "+", "┘": "+", "┴": "+",
        "┬": "+", "├": "+", "┤": "+", "┼": "+", "⚠": "!",
        // Scroll hints, live control replies, legends and place kinds.
        "▼": "v", "▶": ">", "❚": "|", "−": "-", "≥": ">", "▣": "&", "✚": "+", "✖": "x", "≋": "~",
        "⌒": "^", "Δ": "D", "■": "#", "━": "=", "┅": "=", "┈": "-", "╌": "-", "┊": ":",
        // Bars (totals, ground bars, blazes): the lower eighths by height, the left eighths by
        // width, so a short bar stays short.
        "▁": "_", "▂": "_", "▃": "_", "▄": "=", "▅": "=", "▆": "#", "▇": "#", "█": "#", "▀": "\"",
        "▎": "|", "▍": "|", "▌": "|", "▋": "#", "▊": "#", "▉": "#", "▐": "|",
    ]

    /// The ASCII stand-in for `symbol` (a cell's grapheme), or nil when it needs none.
    public static func replacement(for symbol: String) -> String? {
        guard symbol.unicodeScalars.contains(where: { !$0.isASCII }) else { return nil }
        var out = ""
        var changed = false
        for s in symbol.unicodeScalars {
            if let r = table[s] { out += r; changed = true } else { out.unicodeScalars.append(s) }
        }
        return changed ? out : nil
    }
}

extension Buffer {
    /// Replaces every cell's symbol that has an ASCII stand-in (``ASCIIFallback``), one
    /// character for one, so the layout never moves.
    public mutating func applyASCIIFallback() {
        for y in 0..<height {
            for x in 0..<width {
                guard let cell = self[x, y], !cell.isContinuation,
                      let r = ASCIIFallback.replacement(for: cell.symbol), let first = r.first else { continue }
                var c = cell
                c.symbol = String(first)
                set(x: x, y: y, c)
            }
        }
    }
}

import Foundation
import TermUI
import TrailMap

/// An `osmc:symbol` waymark drawn as a few coloured cells, as it is painted on rocks and posts:
/// three cells of the mark (its background colour, the foreground shape in its colour: a bar
/// across as "━" on the background, a stripe as "┃", the lower half as "▄", a dot as "●"…),
/// then the text, if any, in its colour on the background (at most five cells: a longer text is cut
/// with "…", so "11.10" never reads as another route's "11.1").
///
/// The paint colours are fixed RGB values (the waymark's colour, not a theme role), downgraded
/// by the terminal layer like every colour; unknown colours are drawn in the default colour.
public enum BlazeCells {
    /// Cells of the mark (without the text).
    public static let markWidth = 3
    public static let maxTextWidth = 5

    public static func colour(_ c: OSMCSymbol.Colour) -> Color {
        switch c {
        case .black: return .rgb(0, 0, 0)
        case .blue: return .rgb(0, 90, 200)
        case .brown: return .rgb(140, 80, 30)
        case .gray: return .rgb(128, 128, 128)
        case .green: return .rgb(0, 150, 60)
        case .orange: return .rgb(255, 140, 0)
        case .purple: return .rgb(130, 50, 160)
        case .red: return .rgb(220, 20, 30)
        case .white: return .rgb(255, 255, 255)
        case .yellow: return .rgb(250, 215, 0)
        case .other: return .default
        }
    }

    /// The glyphs of one foreground shape across the three cells.
    static func glyphs(_ s: OSMCSymbol.Shape) -> [String] {
        switch s {
        case .bar: return ["━", "━", "━"]
        case .stripe: return [" ", "┃", " "]
        case .lower: return ["▄", "▄", "▄"]
        case .upper: return ["▀", "▀", "▀"]
        case .left: return ["█", "▌", " "]
        case .right: return [" ", "▐", "█"]
        case .fill: return ["█", "█", "█"]
        case .dot: return [" ", "●", " "]
        case .circle, .round, .frame: return [" ", "○", " "]
        case .cross: return [" ", "✚", " "]
        case .x: return [" ", "✖", " "]
        case .triangle: return [" ", "▲", " "]
        case .diamond: return [" ", "◆", " "]
        case .rectangle: return [" ", "■", " "]
        case .other(let name): return [" ", String(name.first.map { String($0).uppercased() } ?? "?"), " "]
        }
    }

    /// The cells of `symbol`: the mark, then its text (cut with "…" to ``maxTextWidth``, control characters stripped).
    public static func cells(_ symbol: OSMCSymbol) -> [Cell] {
        let bg = symbol.background.map { colour($0.colour) } ?? .default
        var cells = [Cell](repeating: Cell(" ", bg: bg), count: markWidth)
        if let b = symbol.background, b.shape != .fill {
            // A round or framed mark: its outline colour around the first foreground.
            cells = [Cell("(", fg: colour(b.colour), bg: .default), Cell(" ", bg: .default), Cell(")", fg: colour(b.colour), bg: .default)]
        }
        for (n, f) in symbol.foregrounds.enumerated() {
            let g = glyphs(f.shape)
            for i in 0..<markWidth where g[i] != " " && (n == 0 || i == 1) {
                cells[i].symbol = g[i]
                cells[i].fg = colour(f.colour)
            }
        }
        if let text = symbol.text.map(TextSanitizer.sanitize), !text.isEmpty {
            let chars = text.map(String.init).filter { DisplayWidth.of($0) == 1 }
            let shown = chars.count > maxTextWidth ? chars.prefix(maxTextWidth - 1) + ["…"] : chars[...]
            for ch in shown {
                cells.append(Cell(ch, fg: colour(symbol.textColour), bg: bg, attributes: .bold))
            }
        }
        return cells
    }

    /// Draws `symbol` at (x, y) within `maxWidth` cells; returns the width drawn.
    @discardableResult
    public static func draw(_ symbol: OSMCSymbol?, x: Int, y: Int, maxWidth: Int, into buffer: inout Buffer) -> Int {
        guard let symbol else { return 0 }
        let cells = cells(symbol).prefix(max(0, maxWidth))
        for (i, c) in cells.enumerated() { buffer.set(x: x + i, y: y, c) }
        return cells.count
    }
}

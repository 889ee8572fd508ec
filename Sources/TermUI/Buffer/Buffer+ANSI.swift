/// A ``Buffer`` as text with ANSI (ECMA-48 SGR) colour sequences, for `--ansi` output.
extension Buffer {
    /// Every row, each cell's colours downgraded to `depth`; an SGR sequence is emitted
    /// whenever the style changes, and every row ends with a reset (`ESC[0m`) and "\n".
    /// Symbols were sanitised when drawn, so the only escape sequences are ours.
    /// Colour codes: default 39/49; ANSI 0-7 30-37/40-47; 8-15 90-97/100-107;
    /// 256-palette 38;5;n/48;5;n; RGB 38;2;r;g;b/48;2;r;g;b. Attributes 1, 2, 3, 4, 7.
    public func ansiText(depth: ColorDepth) -> String {
        var out = ""
        for y in 0..<height {
            var current: Cell? = nil
            for x in 0..<width {
                let c = cells[y * width + x]
                if c.isContinuation { continue }
                let styled = Cell("", fg: c.fg.downgraded(to: depth), bg: c.bg.downgraded(to: depth), attributes: c.attributes)
                if styled != current {
                    out += Buffer.sgr(for: styled)
                    current = styled
                }
                out += c.symbol
            }
            out += "\u{1b}[0m\n"
        }
        return out
    }

    /// The full SGR sequence (starting with a reset) for the colours and attributes of `cell`.
    static func sgr(for cell: Cell) -> String {
        var codes = ["0"]
        for (i, a) in [Attributes.bold, .dim, .italic, .underline].enumerated() where cell.attributes.contains(a) {
            codes.append(String(i + 1))
        }
        if cell.attributes.contains(.reverse) { codes.append("7") }
        codes.append(colorCode(cell.fg, base: 30, bright: 90, extended: 38, defaultCode: 39))
        codes.append(colorCode(cell.bg, base: 40, bright: 100, extended: 48, defaultCode: 49))
        return "\u{1b}[" + codes.joined(separator: ";") + "m"
    }

    static func colorCode(_ color: Color, base: Int, bright: Int, extended: Int, defaultCode: Int) -> String {
        switch color {
        case .default: return String(defaultCode)
        case .ansi(let n): let k = Int(n % 16); return String(k < 8 ? base + k : bright + k - 8)
        case .indexed(let n): return "\(extended);5;\(n)"
        case .rgb(let r, let g, let b): return "\(extended);2;\(r);\(g);\(b)"
        }
    }
}

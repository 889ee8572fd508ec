/// A grid of ``Cell``s, `width` x `height`, that widgets draw into and a terminal back end
/// copies to the screen (the only thing it ever receives, as in ratatui).
///
/// Coordinates are cell columns and rows from the top-left (0, 0). Every write outside the
/// grid is silently clipped, and 0x0 buffers work. The buffer keeps wide characters whole:
/// overwriting either half of a wide character turns its other half into a space, and a wide
/// character that does not fit before the right edge is drawn as a space.
/// Every symbol is sanitised (``TextSanitizer``) on the way in.
public struct Buffer: Hashable, Sendable {
    /// Width in cells.
    public let width: Int
    /// Height in cells.
    public let height: Int
    /// The cells, row by row (index `y * width + x`).
    public internal(set) var cells: [Cell]

    /// A buffer of `width` x `height` copies of `fill` (negative sizes become 0).
    public init(width: Int, height: Int, fill: Cell = .blank) {
        self.width = max(0, width)
        self.height = max(0, height)
        var f = fill
        if f.isContinuation || DisplayWidth.of(f.symbol) != 1 || !TextSanitizer.isClean(f.symbol) { f.symbol = " " }
        cells = [Cell](repeating: f, count: self.width * self.height)
    }

    /// A buffer of `size`.
    public init(area: Rect) {
        self.init(width: area.width, height: area.height)
    }

    /// A buffer holding `lines` as unstyled text, as wide as the widest line (for tests and
    /// fixtures; lines are drawn with ``setString(x:y:_:style:maxWidth:)``).
    public init(lines: [String]) {
        let w = lines.map { DisplayWidth.of(TextSanitizer.sanitize($0)) }.max() ?? 0
        self.init(width: w, height: lines.count)
        for (y, line) in lines.enumerated() { setString(x: 0, y: y, line) }
    }

    /// The whole buffer as a rectangle at (0, 0).
    public var area: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at (`x`, `y`), or nil outside the buffer.
    public subscript(x: Int, y: Int) -> Cell? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return cells[y * width + x]
    }

    /// Sets the cell at (`x`, `y`); clipped when outside. Only the first grapheme cluster of
    /// `cell.symbol` is kept, after sanitising; an empty or zero-width symbol becomes a space.
    /// A wide symbol also takes the cell to its right (as a continuation cell).
    public mutating func set(x: Int, y: Int, _ cell: Cell) {
        guard y >= 0, y < height, x >= -1, x < width else { return }
        let (c, w) = Buffer.normalized(cell)
        place(c, width: w, x: x, y: y)
    }

    /// Fills `rect` (clipped to the buffer) with copies of `cell`. A wide symbol that would
    /// stick out of `rect` on the right is replaced by a space there.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        let (c, w) = Buffer.normalized(cell)
        var space = c
        space.symbol = " "
        for y in r.y..<r.maxY {
            var x = r.x
            while x < r.maxX {
                if w == 2 && x + 1 >= r.maxX { place(space, width: 1, x: x, y: y) } else { place(c, width: w, x: x, y: y) }
                x += w
            }
        }
    }

    /// Applies `style` to every cell in `rect` (clipped), keeping the symbols.
    public mutating func setStyle(_ style: Style, in rect: Rect) {
        let r = rect.intersection(area)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { cells[y * width + x].apply(style) }
        }
    }

    /// Resets every cell to a blank.
    public mutating func clear() {
        for i in cells.indices { cells[i] = .blank }
    }

    /// Resets the cells in `rect` (clipped) to blanks, keeping wide characters that straddle
    /// its edges consistent.
    public mutating func clear(_ rect: Rect) { fill(rect, with: .blank) }

    // MARK: - Internal

    /// At most this many Unicode scalars are kept in one grapheme cluster (a "zalgo" name
    /// with thousands of combining marks would otherwise go to the terminal whole).
    static let maxScalarsPerCell = 32

    /// `cell` with its symbol reduced to one sanitised, capped grapheme cluster of width 1 or
    /// 2, and that width. Empty and zero-width symbols become a space.
    static func normalized(_ cell: Cell) -> (Cell, Int) {
        var c = cell
        let u = c.symbol.utf8
        if u.count == 1, let b = u.first, b >= 0x20, b < 0x7F { return (c, 1) }
        var w = 0
        if let g = TextSanitizer.sanitize(c.symbol).first {
            c.symbol = capped(g)
            w = DisplayWidth.of(g)
        }
        if w == 0 { c.symbol = " "; w = 1 }
        return (c, w)
    }

    /// `g` as a String, cut to ``maxScalarsPerCell`` scalars.
    static func capped(_ g: Character) -> String {
        let s = g.unicodeScalars
        if s.count <= maxScalarsPerCell { return String(g) }
        var v = String.UnicodeScalarView()
        v.append(contentsOf: s.prefix(maxScalarsPerCell))
        return String(v)
    }

    /// Writes an already sanitised cell of display width `w` (1 or 2) at (`x`, `y`), keeping
    /// wide characters whole. `x` may be -1 for a wide character whose right half is visible:
    /// that half becomes a space. Other out-of-range positions are ignored.
    mutating func place(_ cell: Cell, width w: Int, x: Int, y: Int) {
        guard y >= 0, y < height else { return }
        if x == -1 {
            if w == 2 && width > 0 { var c = cell; c.symbol = " "; place(c, width: 1, x: 0, y: y) }
            return
        }
        guard x >= 0, x < width else { return }
        let i = y * width + x
        // Overwriting the right half of a wide character: its left half becomes a space.
        if cells[i].isContinuation && x > 0 { cells[i - 1].symbol = " " }
        if w == 2 && x + 1 < width {
            // The cell we turn into a continuation may itself be a wide leader.
            if x + 2 < width && cells[i + 2].isContinuation { cells[i + 2].symbol = " " }
            cells[i] = cell
            var cont = cell
            cont.symbol = ""
            cells[i + 1] = cont
        } else {
            // Overwriting the left half of a wide character: its right half becomes a space.
            if x + 1 < width && cells[i + 1].isContinuation { cells[i + 1].symbol = " " }
            cells[i] = cell
            if w == 2 { cells[i].symbol = " " }  // a wide character at the right edge does not fit
        }
    }
}

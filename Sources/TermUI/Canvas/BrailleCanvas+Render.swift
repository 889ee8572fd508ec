/// How a ``BrailleCanvas`` draws its dots.
public enum CanvasMode: Hashable, Sendable {
    /// One braille pattern (U+2800 + mask) per cell. Needs a UTF-8 locale.
    case braille
    /// One ASCII character per cell chosen by ``BrailleCanvas/asciiSymbol(forMask:)``, for
    /// terminals without a UTF-8 locale (where braille shows as blanks). Overlays show their
    /// ASCII fallbacks.
    case ascii
}

/// Rendering a ``BrailleCanvas`` into a ``Buffer``.
extension BrailleCanvas {
    /// Writes the canvas into `buffer` with its top-left cell at `rect`'s top-left, covering
    /// at most `rect` (and the buffer). Cells with neither dots nor an overlay are left as they
    /// are, so clear the area first if it holds something; other cells get the glyph and the
    /// owner's style applied on top of the buffer cell's style (so a background stays).
    public func render(into buffer: inout Buffer, at rect: Rect, mode: CanvasMode = .braille) {
        let area = rect.intersection(buffer.area)
            .intersection(Rect(x: rect.x, y: rect.y, width: width, height: height))
        guard !area.isEmpty else { return }
        let hasOverlays = !overlays.isEmpty
        for by in area.y..<area.maxY {
            let cy = by - rect.y
            var previousWasWideOverlay = false
            for bx in area.x..<area.maxX {
                let cx = bx - rect.x
                let i = cy * width + cx
                let dc = dotCells[i]
                if hasOverlays, let o = overlays[i], dc.mask == 0 || o.priority >= dc.priority {
                    var cell = buffer.cells[by * buffer.width + bx]
                    cell.apply(o.style)
                    if mode == .ascii {
                        cell.symbol = o.ascii
                        buffer.place(cell, width: 1, x: bx, y: by)
                    } else if o.width == 0 {
                        if !previousWasWideOverlay { cell.symbol = " "; buffer.place(cell, width: 1, x: bx, y: by) }
                    } else if o.width == 2 && bx + 1 >= area.maxX {
                        cell.symbol = " "
                        buffer.place(cell, width: 1, x: bx, y: by)
                    } else {
                        cell.symbol = o.symbol
                        buffer.place(cell, width: o.width, x: bx, y: by)
                    }
                    previousWasWideOverlay = mode == .braille && o.width == 2
                    continue
                }
                previousWasWideOverlay = false
                guard dc.mask != 0 else { continue }
                var cell = buffer.cells[by * buffer.width + bx]
                if dc.owner >= 0 { cell.apply(inks[Int(dc.owner)].style) }
                cell.symbol = mode == .braille ? BrailleGlyphs.glyphs[Int(dc.mask)] : BrailleCanvas.asciiSymbols[Int(dc.mask)]
                buffer.place(cell, width: 1, x: bx, y: by)
            }
        }
    }

    /// The ASCII character that stands for a cell with dot mask `mask` in ASCII mode:
    /// - no dot: " "; one dot: "."; six or more dots: "#";
    /// - dots in one column only: "|";
    /// - dots in both columns, spanning at most two adjacent rows: "-";
    /// - otherwise compare the mean row of the left column's dots with the right column's:
    ///   left higher up (smaller row) → "\\", left lower → "/", equal → "+".
    public static func asciiSymbol(forMask mask: UInt8) -> String { asciiSymbols[Int(mask)] }

    /// ``asciiSymbol(forMask:)`` for all 256 masks, precomputed.
    static let asciiSymbols: [String] = (0..<256).map { computeASCIISymbol(UInt8($0)) }

    static func computeASCIISymbol(_ mask: UInt8) -> String {
        let n = mask.nonzeroBitCount
        if n == 0 { return " " }
        if n == 1 { return "." }
        if n >= 6 { return "#" }
        var leftRows: [Int] = [], rightRows: [Int] = []
        for row in 0..<4 {
            if mask & BrailleGlyphs.bit(column: 0, row: row) != 0 { leftRows.append(row) }
            if mask & BrailleGlyphs.bit(column: 1, row: row) != 0 { rightRows.append(row) }
        }
        if leftRows.isEmpty || rightRows.isEmpty { return "|" }
        let rows = leftRows + rightRows
        if rows.max()! - rows.min()! <= 1 { return "-" }
        let l = Double(leftRows.reduce(0, +)) / Double(leftRows.count)
        let r = Double(rightRows.reduce(0, +)) / Double(rightRows.count)
        if l < r { return "\\" }
        if l > r { return "/" }
        return "+"
    }
}

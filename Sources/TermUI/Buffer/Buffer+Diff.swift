/// Comparing and copying buffers.
extension Buffer {
    /// The cells to write to turn a screen showing `other` into one showing this buffer:
    /// every cell that differs, top to bottom, left to right, for a back end's minimal update.
    ///
    /// Continuation cells are never listed: writing a wide character covers its right half.
    /// (Because the buffer keeps wide characters whole, a changed continuation always comes
    /// with a changed left half.) When the sizes differ every cell is listed.
    public func diff(from other: Buffer) -> [(x: Int, y: Int, cell: Cell)] {
        var out: [(x: Int, y: Int, cell: Cell)] = []
        let sameSize = other.width == width && other.height == height
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let c = cells[i]
                if c.isContinuation { continue }
                if !sameSize || c != other.cells[i] { out.append((x, y, c)) }
            }
        }
        return out
    }

    /// Copies the cells of `source` inside `sourceRect` (nil: all of it) so that its top-left
    /// cell lands on (`x`, `y`) here. Everything outside either buffer is clipped; a wide
    /// character whose two halves are not both copied becomes a space.
    public mutating func blit(_ source: Buffer, from sourceRect: Rect? = nil, toX x: Int, y: Int) {
        let src = (sourceRect ?? source.area).intersection(source.area)
        guard !src.isEmpty else { return }
        for sy in src.y..<src.maxY {
            let dy = y + sy - src.y
            guard dy >= 0, dy < height else { continue }
            for sx in src.x..<src.maxX {
                let dx = x + sx - src.x
                guard dx >= -1, dx < width else { continue }
                var c = source.cells[sy * source.width + sx]
                if c.isContinuation {
                    // Its left half was not copied (it lies left of the source rectangle).
                    if sx == src.x && dx >= 0 { c.symbol = " "; place(c, width: 1, x: dx, y: dy) }
                    continue
                }
                var w = DisplayWidth.of(c.symbol)
                if w == 2 && sx + 1 >= src.maxX { c.symbol = " "; w = 1 }
                if dx >= 0 || w == 2 { place(c, width: max(1, w), x: dx, y: dy) }
            }
        }
    }
}

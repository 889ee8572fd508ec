/// Putting one canvas's dots over another's with a knock-out, as printed maps do under a
/// route: the line on top is not mixed with the dots underneath.
extension BrailleCanvas {
    /// Draws the dots of `layer` (a canvas of the same size; its overlays are ignored) over
    /// this canvas with a knock-out: every cell where `layer` has a dot takes `layer`'s dots
    /// only, and its ink, whatever this canvas had there (so the line on top keeps its glyph
    /// and reads as one stroke). With `halo`, dots of this canvas that touch a `layer` dot (the
    /// 8 dots around it) in a neighbouring cell are cleared too: a one-dot margin around the
    /// line. Overlays of this canvas stay; they show over the layer's cells only with a
    /// priority at least the layer ink's, as for any dot (``render(into:at:mode:)``).
    /// A layer of another size draws nothing.
    /// - Returns: the number of cells the layer took.
    @discardableResult
    public mutating func knockOut(_ layer: BrailleCanvas, halo: Bool = false) -> Int {
        guard layer.width == width, layer.height == height, width > 0, height > 0 else { return 0 }
        var taken = 0
        var remap: [Int32: Int32] = [:]
        for i in layer.dotCells.indices where layer.dotCells[i].mask != 0 {
            let lc = layer.dotCells[i]
            var owner: Int32 = -1
            if lc.owner >= 0 {
                if let o = remap[lc.owner] { owner = o } else {
                    inks.append(layer.inks[Int(lc.owner)])
                    owner = Int32(inks.count - 1)
                    remap[lc.owner] = owner
                }
            }
            dotCells[i] = DotCell(mask: lc.mask, owner: owner, priority: lc.priority)
            taken += 1
        }
        guard halo else { return taken }
        for cy in 0..<height {
            for cx in 0..<width {
                let mask = layer.dotCells[cy * width + cx].mask
                guard mask != 0 else { continue }
                for row in 0..<4 {
                    for column in 0..<2 where mask & BrailleGlyphs.bit(column: column, row: row) != 0 {
                        let x = cx * 2 + column, y = cy * 4 + row
                        for dy in -1...1 {
                            for dx in -1...1 {
                                let nx = x + dx, ny = y + dy
                                guard nx >= 0, ny >= 0, nx < dotWidth, ny < dotHeight else { continue }
                                // Only in cells the layer does not hold: its own dots stay.
                                guard layer.dotCells[(ny >> 2) * width + (nx >> 1)].mask == 0 else { continue }
                                unsetDot(x: nx, y: ny)
                            }
                        }
                    }
                }
            }
        }
        return taken
    }
}

/// A drawing surface of `width` x `height` terminal cells, each a 2x4 grid of braille dots,
/// so `2·width` x `4·height` dots (as in ratatui's braille canvas).
///
/// Draw in dot coordinates (``DotPoint``, Double, y down; map world coordinates with a
/// ``CanvasTransform``): dots, lines, polylines, filled markers and text overlays. Anything
/// outside the canvas is clipped silently; lines are clipped before they are walked, so a line
/// far off the canvas costs nothing. Each cell shows one style, chosen by ``Ink`` priority.
/// Then ``render(into:at:mode:)`` writes the cells into a ``Buffer``.
public struct BrailleCanvas: Sendable {
    /// Width in cells.
    public let width: Int
    /// Height in cells.
    public let height: Int

    /// One cell: its dots, the ink that owns it and that ink's priority.
    struct DotCell: Sendable {
        var mask: UInt8 = 0
        var owner: Int32 = -1
        var priority: Int = Int.min
    }

    var dotCells: [DotCell]
    /// Inks used so far; `DotCell.owner` indexes this.
    var inks: [Ink] = []
    /// Text and symbol overlays by cell index.
    var overlays: [Int: Overlay] = [:]

    /// Creates an empty canvas (negative sizes become 0).
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        dotCells = [DotCell](repeating: DotCell(), count: self.width * self.height)
    }

    /// Width in dots (`2 · width`).
    public var dotWidth: Int { width * 2 }
    /// Height in dots (`4 · height`).
    public var dotHeight: Int { height * 4 }

    /// Removes every dot and overlay.
    public mutating func clear() {
        for i in dotCells.indices { dotCells[i] = DotCell() }
        inks.removeAll(keepingCapacity: true)
        overlays.removeAll(keepingCapacity: true)
    }

    /// The dot mask of cell (`x`, `y`) (bits per ``BrailleGlyphs``), 0 outside.
    public func mask(cellX x: Int, cellY y: Int) -> UInt8 {
        guard x >= 0, y >= 0, x < width, y < height else { return 0 }
        return dotCells[y * width + x].mask
    }

    /// True when dot (`x`, `y`) is set; false outside the canvas.
    public func isDotSet(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return false }
        return dotCells[(y >> 2) * width + (x >> 1)].mask & BrailleGlyphs.bit(column: x, row: y) != 0
    }

    /// The style of the ink that owns cell (`x`, `y`), or nil when no dot was ever set there.
    public func owningInk(cellX x: Int, cellY y: Int) -> Ink? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let o = dotCells[y * width + x].owner
        return o >= 0 ? inks[Int(o)] : nil
    }

    /// Index of `ink` in `inks`, adding it when it differs from the last one used.
    mutating func inkIndex(_ ink: Ink) -> Int32 {
        if let last = inks.last, last == ink { return Int32(inks.count - 1) }
        if inks.count >= Int(Int32.max) { inks.removeAll() }  // unreachable in practice
        inks.append(ink)
        return Int32(inks.count - 1)
    }

    // MARK: - Dots

    /// Sets the dot at integer dot position (`x`, `y`); clipped when outside.
    public mutating func setDot(x: Int, y: Int, ink: Ink) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let k = inkIndex(ink)
        plot(x, y, k, ink.priority)
    }

    /// Clears the dot at (`x`, `y`); the cell's owning ink is kept. Clipped when outside.
    public mutating func unsetDot(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        dotCells[(y >> 2) * width + (x >> 1)].mask &= ~BrailleGlyphs.bit(column: x, row: y)
    }

    /// Sets the dot containing `p` (dot (⌊x⌋, ⌊y⌋)); clipped when outside or not finite.
    public mutating func point(_ p: DotPoint, ink: Ink) {
        guard p.x.isFinite, p.y.isFinite, p.x >= 0, p.y >= 0, p.x < Double(dotWidth), p.y < Double(dotHeight) else { return }
        setDot(x: Int(p.x), y: Int(p.y), ink: ink)
    }

    /// Sets the dots containing each of `points`.
    public mutating func points<S: Sequence>(_ points: S, ink: Ink) where S.Element == DotPoint {
        for p in points { point(p, ink: ink) }
    }

    /// Sets one dot; caller guarantees bounds.
    @inline(__always)
    mutating func plot(_ x: Int, _ y: Int, _ owner: Int32, _ priority: Int) {
        let i = (y >> 2) * width + (x >> 1)
        dotCells[i].mask |= BrailleGlyphs.bits[(y & 3) << 1 | (x & 1)]
        if priority >= dotCells[i].priority {
            dotCells[i].priority = priority
            dotCells[i].owner = owner
        }
    }
}

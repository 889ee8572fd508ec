/// Lines, polylines and filled markers on a ``BrailleCanvas``.
extension BrailleCanvas {
    /// Draws the segment from `a` to `b`.
    ///
    /// The segment is first clipped to the canvas with Liang–Barsky (``LineClipper``), then its
    /// end points are taken to the dots containing them and the dots between are walked one
    /// per step along the major axis with the minor coordinate rounded to nearest — the dots
    /// of Bresenham's algorithm (J. E. Bresenham, "Algorithm for computer control of a digital
    /// plotter", IBM Systems Journal 4(1), 1965) up to exact half-way ties, computed as a
    /// fixed-point DDA, which benchmarks faster here. Both end dots are set. Segments with a
    /// non-finite coordinate draw nothing.
    ///
    /// `weight` (``LineWeight``) draws it two dots wide without leaving the cells a thin line
    /// would take (the hike's line on the map, DECISIONS 600).
    public mutating func line(from a: DotPoint, to b: DotPoint, ink: Ink, weight: LineWeight = .thin) {
        guard width > 0, height > 0 else { return }
        let maxX = Double(dotWidth).nextDown, maxY = Double(dotHeight).nextDown
        guard let (p, q) = LineClipper.clip(a, b, minX: 0, minY: 0, maxX: maxX, maxY: maxY) else { return }
        // Rounding in the clip (coordinates far off the canvas) can land a hair outside: clamp.
        func cx(_ v: Double) -> Int { min(dotWidth - 1, max(0, Int(v))) }
        func cy(_ v: Double) -> Int { min(dotHeight - 1, max(0, Int(v))) }
        let k = inkIndex(ink)
        let x0 = cx(p.x), y0 = cy(p.y), x1 = cx(q.x), y1 = cy(q.y)
        let partner: Int
        switch weight {
        case .thin, .heavy: partner = 0
        // The partner dot's index in BrailleGlyphs.bits differs in bit 1 (row pair) or bit 0 (column).
        case .double: partner = abs(x1 - x0) >= abs(y1 - y0) ? 2 : 1
        }
        drawClipped(x0, y0, x1, y1, owner: k, priority: ink.priority, partner: partner, heavy: weight == .heavy)
    }

    /// Draws segments between consecutive `points` (nothing for fewer than two; one point
    /// draws that dot).
    public mutating func polyline<S: Sequence>(_ points: S, ink: Ink, weight: LineWeight = .thin) where S.Element == DotPoint {
        var it = points.makeIterator()
        guard var previous = it.next() else { return }
        var any = false
        while let p = it.next() {
            line(from: previous, to: p, ink: ink, weight: weight)
            previous = p
            any = true
        }
        if !any { point(previous, ink: ink) }
    }

    /// Walks the dots from one in-bounds dot to another (both set): one dot per step along
    /// the major axis, the minor coordinate kept in 32.32 fixed point and rounded to nearest.
    /// This picks the same dots as Bresenham's algorithm except where the exact line passes
    /// exactly half-way between two dots, and has no data-dependent branch in the loop.
    /// `partner` (0, 1 or 2) is XORed into each dot's bit index to set a second dot in the same
    /// cell; `heavy` sets the 2 × 2 block of the dot's cell half (``LineWeight``).
    mutating func drawClipped(_ xStart: Int, _ yStart: Int, _ x1: Int, _ y1: Int, owner: Int32, priority: Int,
                              partner: Int = 0, heavy: Bool = false) {
        let w = width
        // BrailleGlyphs.bits packed into one word, byte (row << 1 | column): no table lookups.
        let packed: UInt64 = 0x8040_2004_1002_0801
        let dx = x1 - xStart, dy = y1 - yStart
        let steps = max(abs(dx), abs(dy))
        let half = 1 << 31
        let blockMask: UInt8 = heavy ? 0xFF : 0
        // Position in 32.32 fixed point; +0.5 so that an arithmetic shift rounds to nearest.
        var xf = xStart << 32 + half, yf = yStart << 32 + half
        let xs = steps == 0 ? 0 : (dx << 32) / steps, ys = steps == 0 ? 0 : (dy << 32) / steps
        dotCells.withUnsafeMutableBufferPointer { cells in
            for _ in 0...steps {
                let x = xf >> 32, y = yf >> 32
                let i = (y >> 2) * w + (x >> 1)
                // Upper half (dots 1 2 4 5) 0x1B, lower half (dots 3 6 7 8) 0xE4; 0 when thin.
                let block: UInt8 = (y & 2) == 0 ? 0x1B : 0xE4
                let bit = (y & 3) << 1 | (x & 1)
                cells[i].mask |= UInt8(truncatingIfNeeded: packed >> UInt64(bit << 3))
                    | UInt8(truncatingIfNeeded: packed >> UInt64((bit ^ partner) << 3)) | (block & blockMask)
                if priority >= cells[i].priority {
                    cells[i].priority = priority
                    cells[i].owner = owner
                }
                xf += xs
                yf += ys
            }
        }
    }

    /// Draws a filled marker centred on `center`: every dot whose centre (i + 0.5, j + 0.5)
    /// lies within `radius` dots of `center` by the shape's measure, and always the dot that
    /// contains `center` (so radius 0 is a single dot). Clipped at the edges.
    public mutating func marker(at center: DotPoint, shape: MarkerShape = .disc, radius: Double, ink: Ink) {
        guard center.x.isFinite, center.y.isFinite, radius.isFinite, width > 0, height > 0 else { return }
        let r = max(0, radius)
        let x0 = max(0, Int((center.x - r - 1).rounded(.down))), x1 = min(dotWidth - 1, Int((center.x + r + 1).rounded(.up)))
        let y0 = max(0, Int((center.y - r - 1).rounded(.down))), y1 = min(dotHeight - 1, Int((center.y + r + 1).rounded(.up)))
        point(center, ink: ink)
        guard x0 <= x1, y0 <= y1 else { return }
        let k = inkIndex(ink)
        for y in y0...y1 {
            for x in x0...x1 {
                let dx = abs(Double(x) + 0.5 - center.x), dy = abs(Double(y) + 0.5 - center.y)
                let inside: Bool
                switch shape {
                case .disc: inside = dx * dx + dy * dy <= r * r
                case .diamond: inside = dx + dy <= r
                case .square: inside = max(dx, dy) <= r
                }
                if inside { plot(x, y, k, ink.priority) }
            }
        }
    }
}

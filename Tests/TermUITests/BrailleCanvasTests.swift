import Testing
@testable import TermUI

/// The braille glyph for `mask` by the Unicode formula, computed here independently.
func braille(_ masks: UInt8...) -> String {
    String(masks.map { Character(Unicode.Scalar(0x2800 + UInt32($0))!) })
}

/// Renders a canvas alone into a fresh buffer of its size and dumps it.
func dump(_ c: BrailleCanvas, mode: CanvasMode = .braille) -> String {
    var b = Buffer(width: c.width, height: c.height)
    c.render(into: &b, at: b.area, mode: mode)
    return b.textDump()
}

@Suite struct BrailleCanvasTests {
    let ink = Ink(color: .red)

    @Test func glyphTableFollowsTheUnicodeChart() {
        for m in 0...255 {
            #expect(BrailleGlyphs.glyphs[m].unicodeScalars.map(\.value) == [0x2800 + UInt32(m)])
        }
        // Unicode dot numbers: 1-2-3 down the left column, 4-5-6 down the right, 7 and 8 the
        // bottom row; dot n is bit n-1. Cross-check with the scalar names ("BRAILLE PATTERN DOTS-1").
        let dotNumber = [[1, 4], [2, 5], [3, 6], [7, 8]]   // [row][column]
        for row in 0..<4 {
            for column in 0..<2 {
                var c = BrailleCanvas(width: 1, height: 1)
                c.setDot(x: column, y: row, ink: ink)
                let n = dotNumber[row][column]
                #expect(c.mask(cellX: 0, cellY: 0) == UInt8(1 << (n - 1)))
                let glyph = dump(c).unicodeScalars.first!
                #expect(glyph.value == 0x2800 + UInt32(1 << (n - 1)))
                #expect(glyph.properties.name == "BRAILLE PATTERN DOTS-\(n)")
            }
        }
    }

    @Test func tinyCanvasesWork() {
        for (w, h) in [(0, 0), (1, 1), (2, 2), (0, 2), (-1, 3)] {
            var c = BrailleCanvas(width: w, height: h)
            c.line(from: DotPoint(x: -5, y: -5), to: DotPoint(x: 50, y: 50), ink: ink)
            c.polyline([DotPoint(x: 0, y: 0), DotPoint(x: 3, y: 7), DotPoint(x: 1, y: 1)], ink: ink)
            c.point(DotPoint(x: 1, y: 1), ink: ink)
            c.marker(at: DotPoint(x: 1, y: 2), shape: .diamond, radius: 3, ink: ink)
            c.overlay("▲", cellX: 0, cellY: 0)
            c.text("Pic", cellX: 0, cellY: 1)
            c.unsetDot(x: 0, y: 0)
            _ = c.hasOverlay(in: Rect(x: 0, y: 0, width: 5, height: 5))
            for size in [0, 1, 2] {
                var b = Buffer(width: size, height: size)
                c.render(into: &b, at: b.area)
                c.render(into: &b, at: Rect(x: -1, y: -1, width: 3, height: 3), mode: .ascii)
                #expect(b.textLines().count == size)
            }
        }
        var one = BrailleCanvas(width: 1, height: 1)
        // x = y/3 rounded: dots (0,0) (0,1) (1,2) (1,3) = dots 1, 2, 6, 8.
        one.line(from: DotPoint(x: 0, y: 0), to: DotPoint(x: 1, y: 3), ink: ink)
        #expect(dump(one) == braille(0x01 | 0x02 | 0x20 | 0x80))
    }

    @Test func lineEndpointsAndDiagonal() {
        var c = BrailleCanvas(width: 2, height: 1)
        c.line(from: DotPoint(x: 0.5, y: 0.5), to: DotPoint(x: 3.9, y: 3.2), ink: ink)
        // Dots (0,0) (1,1) (2,2) (3,3): cell 0 gets dot 1 and dot 5, cell 1 dot 3 and dot 8.
        #expect(dump(c) == braille(0x01 | 0x10, 0x04 | 0x80))
        #expect(c.isDotSet(x: 0, y: 0) && c.isDotSet(x: 3, y: 3))
        var h = BrailleCanvas(width: 3, height: 1)
        h.line(from: DotPoint(x: 5.2, y: 1), to: DotPoint(x: 0, y: 1), ink: ink)   // right to left, row 1
        #expect(dump(h) == braille(0x12, 0x12, 0x12))
        // Both end dots and |dx|+1 dots in all for a shallow line.
        var s = BrailleCanvas(width: 10, height: 2)
        s.line(from: DotPoint(x: 1, y: 1), to: DotPoint(x: 18, y: 6), ink: ink)
        var count = 0
        for y in 0..<8 { for x in 0..<20 where s.isDotSet(x: x, y: y) { count += 1 } }
        #expect(count == 18)
        #expect(s.isDotSet(x: 1, y: 1) && s.isDotSet(x: 18, y: 6))
    }

    @Test func lineDotsFollowTheExactLine() {
        // Reference: one dot per step along the major axis, the minor coordinate the exact
        // rational value rounded to nearest (either neighbour allowed on an exact .5 tie).
        var state: UInt64 = 12345
        func next(_ n: Int) -> Int {   // SplitMix64, reduced to 0..<n
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        for _ in 0..<300 {
            let (x0, y0, x1, y1) = (next(40), next(24), next(40), next(24))
            var c = BrailleCanvas(width: 20, height: 6)
            c.line(from: DotPoint(x: Double(x0) + 0.5, y: Double(y0) + 0.5),
                   to: DotPoint(x: Double(x1) + 0.5, y: Double(y1) + 0.5), ink: ink)
            let steps = max(abs(x1 - x0), abs(y1 - y0))
            var expected = 0
            for k in 0...steps {
                let t = steps == 0 ? 0 : Double(k) / Double(steps)
                let ex = Double(x0) + t * Double(x1 - x0), ey = Double(y0) + t * Double(y1 - y0)
                func candidates(_ v: Double) -> [Int] {
                    let f = v - v.rounded(.down)
                    return abs(f - 0.5) < 1e-9 ? [Int(v.rounded(.down)), Int(v.rounded(.up))] : [Int((v + 0.5).rounded(.down))]
                }
                let hit = candidates(ex).contains { x in candidates(ey).contains { y in c.isDotSet(x: x, y: y) } }
                #expect(hit, "step \(k) of (\(x0),\(y0))-(\(x1),\(y1))")
                expected += 1
            }
            var count = 0
            for y in 0..<c.dotHeight { for x in 0..<c.dotWidth where c.isDotSet(x: x, y: y) { count += 1 } }
            #expect(count == expected)
            #expect(c.isDotSet(x: x0, y: y0) && c.isDotSet(x: x1, y: y1))
        }
    }

    @Test func linesFarOutsideAreClipped() {
        var c = BrailleCanvas(width: 3, height: 1)
        c.line(from: DotPoint(x: -1e12, y: 2), to: DotPoint(x: 1e12, y: 2), ink: ink)
        #expect(dump(c) == braille(0x04 | 0x20, 0x04 | 0x20, 0x04 | 0x20))
        var none = BrailleCanvas(width: 2, height: 2)
        none.line(from: DotPoint(x: -1e12, y: -5), to: DotPoint(x: -1e11, y: 1e9), ink: ink)  // all left
        none.line(from: DotPoint(x: -10, y: 5), to: DotPoint(x: 5, y: -10), ink: ink)         // misses the corner
        none.line(from: DotPoint(x: 4, y: 8), to: DotPoint(x: 4, y: 20), ink: ink)            // touches y = 8 only (outside)
        none.line(from: DotPoint(x: .nan, y: 1), to: DotPoint(x: 1, y: 1), ink: ink)
        none.line(from: DotPoint(x: 1, y: 1), to: DotPoint(x: .infinity, y: 1), ink: ink)
        #expect(dump(none) == "\n")   // two untouched rows
        // A diagonal clipped at both ends keeps the dots of the unclipped line: (i, i).
        var d = BrailleCanvas(width: 4, height: 2)
        d.line(from: DotPoint(x: -4, y: -4), to: DotPoint(x: 20, y: 20), ink: ink)
        for i in 0..<8 { #expect(d.isDotSet(x: i, y: i)) }
        #expect(dump(d) == braille(0x11, 0x84) + "\n  " + braille(0x11, 0x84))   // empty cells untouched
    }

    @Test func pointsAndPolyline() {
        var c = BrailleCanvas(width: 1, height: 1)
        c.point(DotPoint(x: 1.99, y: 3.99), ink: ink)   // dot (1, 3): dot 8
        c.point(DotPoint(x: 2, y: 0), ink: ink)         // outside
        c.point(DotPoint(x: -0.01, y: 0), ink: ink)     // outside
        #expect(dump(c) == braille(0x80))
        var p = BrailleCanvas(width: 2, height: 1)
        p.polyline([DotPoint(x: 0, y: 0), DotPoint(x: 3, y: 0), DotPoint(x: 3, y: 3)], ink: ink)
        #expect(dump(p) == braille(0x09, 0x09 | 0x10 | 0x20 | 0x80))
        var single = BrailleCanvas(width: 1, height: 1)
        single.polyline([DotPoint(x: 0, y: 1)], ink: ink)
        #expect(dump(single) == braille(0x02))
    }

    @Test func markers() {
        func dots(_ c: BrailleCanvas) -> Int {
            var n = 0
            for y in 0..<c.dotHeight { for x in 0..<c.dotWidth where c.isDotSet(x: x, y: y) { n += 1 } }
            return n
        }
        // Dot centres at ±0.5 and ±1.5 from (4, 4): radius 1.5 takes only the four with
        // 0.5² + 0.5² ≤ 2.25; radius 2 adds the eight at 1.5² + 0.5² = 2.5 ≤ 4.
        var a = BrailleCanvas(width: 4, height: 2)
        a.marker(at: DotPoint(x: 4, y: 4), shape: .disc, radius: 1.5, ink: ink)
        #expect(dots(a) == 4)
        var b = BrailleCanvas(width: 4, height: 2)
        b.marker(at: DotPoint(x: 4, y: 4), shape: .disc, radius: 2, ink: ink)
        #expect(dots(b) == 12)
        // Diamond radius 2: |dx| + |dy| ≤ 2 → (0.5,0.5)×4, (1.5,0.5)×8 → 12; square radius 1.5 → 16.
        var d = BrailleCanvas(width: 4, height: 2)
        d.marker(at: DotPoint(x: 4, y: 4), shape: .diamond, radius: 2, ink: ink)
        #expect(dots(d) == 12)
        var s = BrailleCanvas(width: 4, height: 2)
        s.marker(at: DotPoint(x: 4, y: 4), shape: .square, radius: 1.5, ink: ink)
        #expect(dots(s) == 16)
        var z = BrailleCanvas(width: 4, height: 2)
        z.marker(at: DotPoint(x: 0.2, y: 0.2), radius: 0, ink: ink)
        #expect(dots(z) == 1 && z.isDotSet(x: 0, y: 0))
    }

    @Test func highestPriorityOwnsTheCellColour() {
        let route = Ink(color: .magenta, priority: 10), path = Ink(color: .yellow, priority: 1)
        for routeFirst in [true, false] {
            var c = BrailleCanvas(width: 2, height: 1)
            let across = (DotPoint(x: 0, y: 0), DotPoint(x: 3, y: 0))
            let down = (DotPoint(x: 0, y: 0), DotPoint(x: 0, y: 3))
            if routeFirst { c.line(from: down.0, to: down.1, ink: route) }
            c.line(from: across.0, to: across.1, ink: path)
            if !routeFirst { c.line(from: down.0, to: down.1, ink: route) }
            var b = Buffer(width: 2, height: 1)
            c.render(into: &b, at: b.area)
            #expect(b[0, 0]?.fg == .magenta)
            #expect(b[1, 0]?.fg == .yellow)
        }
        // Equal priorities: the later draw wins.
        var c = BrailleCanvas(width: 1, height: 1)
        c.setDot(x: 0, y: 0, ink: Ink(color: .red, priority: 3))
        c.setDot(x: 1, y: 0, ink: Ink(color: .blue, priority: 3))
        #expect(c.owningInk(cellX: 0, cellY: 0)?.style.fg == .blue)
        c.setDot(x: 1, y: 1, ink: Ink(color: .green, priority: 2))
        #expect(c.owningInk(cellX: 0, cellY: 0)?.style.fg == .blue)
    }

    @Test func overlaysAndText() {
        var c = BrailleCanvas(width: 6, height: 2)
        c.line(from: DotPoint(x: 0, y: 0), to: DotPoint(x: 11, y: 0), ink: Ink(color: .yellow, priority: 1))
        c.overlay("▲", cellX: 1, cellY: 0, style: Style(fg: .white), priority: 5, ascii: "^")
        c.setDot(x: 4, y: 1, ink: Ink(color: .magenta, priority: 10))     // route in cell 2
        c.overlay("▲", cellX: 2, cellY: 0, priority: 5)                   // loses to the route
        c.text("日x", cellX: 3, cellY: 1, priority: 2)
        c.text("toolong", cellX: 0, cellY: 1, priority: 1)                // 日 beats it at cells 3-4
        var b = Buffer(width: 6, height: 2)
        c.render(into: &b, at: b.area)
        #expect(b.textLines() == [braille(0x09) + "▲" + braille(0x09 | 0x02, 0x09, 0x09, 0x09), "too日x"])
        #expect(b[1, 0]?.fg == .white && b[2, 0]?.fg == .magenta)
        #expect(c.hasOverlay(in: Rect(x: 3, y: 1, width: 1, height: 1), minimumPriority: 2))
        #expect(!c.hasOverlay(in: Rect(x: 0, y: 0, width: 1, height: 2), minimumPriority: 2))
        // ASCII mode: fallbacks; the wide 日 has none and shows "?" in both its columns.
        var a = Buffer(width: 6, height: 2)
        c.render(into: &a, at: a.area, mode: .ascii)
        #expect(a.textLines() == ["-^----", "too??x"])
        // Overwriting half of a wide overlay removes the other half.
        var w = BrailleCanvas(width: 3, height: 1)
        w.text("日", cellX: 0, cellY: 0)
        w.overlay("a", cellX: 1, cellY: 0)
        #expect(dump(w) == " a")
        // Accented text degrades to plain letters in ASCII mode.
        var e = BrailleCanvas(width: 8, height: 1)
        e.text("Estanyó", cellX: 0, cellY: 0)
        #expect(dump(e, mode: .ascii) == "Estanyo")
        // A shortened label's ellipsis shows as "." (as in every other ASCII text), not "?".
        var t = BrailleCanvas(width: 12, height: 1)
        t.text("Roca Entra…", cellX: 0, cellY: 0)
        #expect(dump(t, mode: .ascii) == "Roca Entra.")
    }

    @Test func renderClipsToRectAndKeepsBackground() {
        var c = BrailleCanvas(width: 4, height: 2)
        c.line(from: DotPoint(x: 0, y: 0), to: DotPoint(x: 7, y: 7), ink: ink)
        var b = Buffer(width: 4, height: 3)
        b.fill(b.area, with: Cell(".", bg: .blue))
        c.render(into: &b, at: Rect(x: 1, y: 1, width: 2, height: 5))
        #expect(b.textLines() == ["....", "." + braille(0x11, 0x84) + ".", "...."])
        #expect(b[1, 1] == Cell(braille(0x11), fg: .red, bg: .blue))
        // Empty cells are left alone, including the untouched second row of the canvas.
        #expect(b[1, 2]?.symbol == ".")
    }

    @Test func asciiFallbackByDensityAndOrientation() {
        func sym(_ m: UInt8) -> String { BrailleCanvas.asciiSymbol(forMask: m) }
        #expect(sym(0) == " ")
        #expect(sym(0x01) == ".")
        #expect(sym(0x01 | 0x02 | 0x04) == "|")            // left column
        #expect(sym(0x08 | 0x80) == "|")                   // right column
        #expect(sym(0x01 | 0x08) == "-")                   // top row
        #expect(sym(0x04 | 0x40 | 0x20) == "-")            // rows 2-3
        #expect(sym(0x01 | 0x80) == "\\")                  // top-left, bottom-right
        #expect(sym(0x40 | 0x08) == "/")                   // bottom-left, top-right
        #expect(sym(0x01 | 0x40 | 0x08 | 0x80) == "+")     // four corners
        #expect(sym(0xFF) == "#")
        #expect(sym(0x3F) == "#")                          // six dots
    }

    @Test func clearEmptiesEverything() {
        var c = BrailleCanvas(width: 2, height: 1)
        c.line(from: DotPoint(x: 0, y: 0), to: DotPoint(x: 3, y: 3), ink: ink)
        c.overlay("x", cellX: 0, cellY: 0)
        c.clear()
        #expect(dump(c) == "")
        #expect(c.owningInk(cellX: 0, cellY: 0) == nil)
    }
}

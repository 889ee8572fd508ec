import Testing
@testable import TermUI

@Suite struct BufferTests {
    @Test func tinySizesWork() {
        for (w, h) in [(0, 0), (1, 1), (2, 2), (0, 3), (3, 0), (-2, -1)] {
            var b = Buffer(width: w, height: h)
            b.setString(x: 0, y: 0, "hello 日本", style: Style(fg: .red))
            b.set(x: 1, y: 1, Cell("x"))
            b.set(x: -1, y: 0, Cell("日"))
            b.fill(Rect(x: -5, y: -5, width: 50, height: 50), with: Cell("."))
            b.setStyle(Style(bg: .blue), in: Rect(x: 0, y: 0, width: 9, height: 9))
            b.clear(Rect(x: 1, y: 0, width: 1, height: 1))
            b.blit(Buffer(lines: ["abc", "def"]), toX: -1, y: -1)
            #expect(b.cells.count == max(0, w) * max(0, h))
            #expect(b.textLines().count == max(0, h))
            #expect(b.diff(from: b).isEmpty)
        }
        #expect(Buffer(width: 0, height: 0).textDump() == "")
        var one = Buffer(width: 1, height: 1)
        one.setString(x: 0, y: 0, "ab")
        #expect(one.textDump() == "…")
        one.setString(x: 0, y: 0, "日")           // does not fit: truncated to the ellipsis
        #expect(one.textDump() == "…")
        var two = Buffer(width: 2, height: 2)
        two.setString(x: 0, y: 1, "日")
        #expect(two.textDump() == "\n日")
    }

    @Test func getAndSetClipSilently() {
        var b = Buffer(width: 3, height: 2)
        b.set(x: 2, y: 1, Cell("z", fg: .green))
        b.set(x: 3, y: 0, Cell("!"))
        b.set(x: 0, y: -1, Cell("!"))
        b.set(x: Int.max, y: Int.min, Cell("!"))
        #expect(b[2, 1] == Cell("z", fg: .green))
        #expect(b[3, 0] == nil)
        #expect(b[-1, 0] == nil)
        #expect(b.textDump() == "\n  z")
        // More than one grapheme: the first is kept; empty becomes a space.
        b.set(x: 0, y: 0, Cell("xy"))
        b.set(x: 1, y: 0, Cell(""))
        #expect(b[0, 0]?.symbol == "x")
        #expect(b[1, 0]?.symbol == " ")
    }

    @Test func textDumpTrimsOnlyTrailingSpaces() {
        var b = Buffer(width: 6, height: 3)
        b.setString(x: 1, y: 0, "ab")
        b.setString(x: 0, y: 2, "\u{2800} x")
        #expect(b.textDump() == " ab\n\n\u{2800} x")
        #expect(b.textDump(trimTrailingSpaces: false) == " ab   \n      \n\u{2800} x   ")
    }

    @Test func setStringIsWidthAwareAndTruncatesWithEllipsis() {
        var b = Buffer(width: 10, height: 4)
        #expect(b.setString(x: 0, y: 0, "日本語です") == 10)           // exactly 10 columns
        #expect(b.setString(x: 0, y: 1, "日本語ですね") == 9)           // 12 > 10: 4 wide + "…"
        #expect(b.setString(x: 2, y: 2, "Pic de Coma Pedrosa", maxWidth: 6) == 8)
        #expect(b.setString(x: 0, y: 3, "e\u{301}te\u{301}") == 3)  // é t é: three graphemes
        #expect(b.textLines() == ["日本語です", "日本語で…", "  Pic d…", "e\u{301}te\u{301}"])
        // The continuation cells are empty, the leaders wide.
        #expect(b[0, 0]?.symbol == "日" && b[1, 0]?.isContinuation == true)
        // Right edge acts like maxWidth.
        var c = Buffer(width: 5, height: 1)
        c.setString(x: 2, y: 0, "abcdef")
        #expect(c.textDump() == "  ab…")
        // Fitting exactly needs no ellipsis; maxWidth 0 draws nothing.
        c.setString(x: 0, y: 0, "vwxyz", maxWidth: 0)
        #expect(c.textDump() == "  ab…")
        c.setString(x: 0, y: 0, "vwxyz")
        #expect(c.textDump() == "vwxyz")
    }

    @Test func leftClippingHasNoEllipsisAndHalvesWideCharacters() {
        var b = Buffer(width: 4, height: 2)
        b.setString(x: -2, y: 0, "abcdef")
        b.setString(x: -1, y: 1, "日本x")
        // "abcdef" from column -2 spans exactly columns -2...3: it fits, so no ellipsis.
        #expect(b.textLines() == ["cdef", " 本x"])
        b.setString(x: -2, y: 0, "abcdefg")
        #expect(b.textLines()[0] == "cde…")
    }

    @Test func lonelyCombiningMarksAreDropped() {
        var b = Buffer(width: 4, height: 1)
        #expect(b.setString(x: 0, y: 0, "\u{301}ab") == 2)
        #expect(b.textDump() == "ab")
    }

    @Test func styleIsPatchedOntoExistingCells() {
        var b = Buffer(width: 3, height: 1)
        b.fill(b.area, with: Cell(" ", bg: .blue))
        b.setString(x: 0, y: 0, "ab", style: Style(fg: .yellow, attributes: [.bold]))
        #expect(b[0, 0] == Cell("a", fg: .yellow, bg: .blue, attributes: [.bold]))
        #expect(b[2, 0] == Cell(" ", bg: .blue))
        b.setStyle(Style(removedAttributes: [.bold]), in: Rect(x: 1, y: 0, width: 5, height: 5))
        #expect(b[0, 0]?.attributes == [.bold] && b[1, 0]?.attributes == [])
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var b = Buffer(width: 5, height: 3)
        b.setString(x: 0, y: 0, "日本")
        b.set(x: 1, y: 0, Cell("x"))          // right half of 日
        #expect(b.textLines()[0] == " x本")
        b.setString(x: 0, y: 1, "日本")
        b.set(x: 2, y: 1, Cell("y"))          // left half of 本
        #expect(b.textLines()[1] == "日y")
        #expect(b[3, 1]?.isContinuation == false)
        b.setString(x: 0, y: 2, "ab日")
        b.setString(x: 1, y: 2, "本")          // wide over b and the left half of 日
        #expect(b.textLines()[2] == "a本")
        b.set(x: 4, y: 2, Cell("日"))          // a wide character in the last column does not fit
        #expect(b.textLines(trimTrailingSpaces: false)[2] == "a本  ")
        // Every continuation cell follows a wide leader.
        for y in 0..<b.height {
            for x in 0..<b.width where b[x, y]!.isContinuation {
                #expect(x > 0 && DisplayWidth.of(b[x - 1, y]!.symbol) == 2)
            }
        }
    }

    @Test func fillAndClear() {
        var b = Buffer(lines: ["abcd", "efgh", "ijkl"])
        b.fill(Rect(x: 1, y: 1, width: 2, height: 5), with: Cell("#"))
        #expect(b.textDump() == "abcd\ne##h\ni##l")
        b.fill(Rect(x: 0, y: 0, width: 3, height: 1), with: Cell("日"))
        #expect(b.textLines()[0] == "日 d")        // the second 日 would stick out of the rect
        b.clear(Rect(x: 1, y: 0, width: 1, height: 1))   // right half of 日
        #expect(b.textLines()[0] == "   d")
        b.clear()
        #expect(b.textDump() == "\n\n")
    }

    @Test func zalgoGraphemesAreCapped() {
        var b = Buffer(width: 2, height: 1)
        b.setString(x: 0, y: 0, "a" + String(repeating: "\u{301}", count: 500))
        #expect(b[0, 0]!.symbol.unicodeScalars.count == Buffer.maxScalarsPerCell)
    }
}

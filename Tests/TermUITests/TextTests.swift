import Testing
@testable import TermUI

@Suite struct TextTests {
    @Test func widthsOfCommonText() {
        #expect(DisplayWidth.of("abc") == 3)
        #expect(DisplayWidth.of("日本") == 4)                   // U+65E5, U+672C: CJK, wide
        #expect(DisplayWidth.of("e\u{301}") == 1)             // e + combining acute: one grapheme, 1 column
        #expect(DisplayWidth.of("Estanyó") == 7)
        #expect(DisplayWidth.of("한국") == 4)                   // Hangul syllables
        #expect(DisplayWidth.of("ｆｕｌｌ") == 8)                // fullwidth forms
        #expect(DisplayWidth.of("\u{1F3D4}\u{FE0F}") == 2)    // snow-capped mountain + VS16
        #expect(DisplayWidth.of("\u{1F600}") == 2)            // emoji presentation
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)                   // ZWJ family: one grapheme
        #expect(DisplayWidth.of("🇦🇩") == 2)                    // flag (regional indicators)
        #expect(DisplayWidth.of("\u{200B}") == 0)             // zero width space
        #expect(DisplayWidth.of("▲⠿") == 2)                   // geometric shape and braille: narrow
        #expect(DisplayWidth.of("") == 0)
    }

    /// An emoji presentation sequence is one 2-column cluster; ncurses counts a text-default
    /// base with U+FE0F 1 column (glibc wcwidth: U+1F3D4 1, U+FE0F 0), so the presenter gets
    /// the base alone (and pads the second column); clusters ncurses counts as we do stay.
    @Test func variationSelectorSequencesAreTwoColumnsAndHaveANarrowTerminalForm() {
        #expect(DisplayWidth.of("\u{1F3D4}\u{FE0F}e") == 3)
        #expect(DisplayWidth.of("\u{1F3D4}") == 1)
        #expect(DisplayWidth.narrowTerminalForm("\u{1F3D4}\u{FE0F}") == "\u{1F3D4}")
        #expect(DisplayWidth.narrowTerminalForm("\u{2764}\u{FE0F}") == "\u{2764}")
        #expect(DisplayWidth.narrowTerminalForm("1\u{FE0F}\u{20E3}") == "1\u{20E3}")
        for same in ["\u{1F600}", "\u{65E5}", "a", "e\u{301}", "\u{1F1EB}\u{1F1F7}", "\u{1F3D4}"] {
            #expect(DisplayWidth.narrowTerminalForm(same) == nil, "\(same)")
        }
        var b = Buffer(width: 4, height: 1)
        _ = b.setString(x: 0, y: 0, "\u{1F3D4}\u{FE0F}e")
        #expect(b[0, 0]?.symbol == "\u{1F3D4}\u{FE0F}" && b[1, 0]?.isContinuation == true && b[2, 0]?.symbol == "e")
    }

    @Test func scalarTable() {
        #expect(DisplayWidth.of(Unicode.Scalar(0x0301)!) == 0)
        #expect(DisplayWidth.of(Unicode.Scalar(0x4E00)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x9FFF)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0xA4D0)!) == 1)   // Lisu, after Yi
        #expect(DisplayWidth.of(Unicode.Scalar(0x20000)!) == 2)
        #expect(DisplayWidth.of(Unicode.Scalar(0x1160)!) == 0)   // Hangul medial vowel
        #expect(DisplayWidth.of(Unicode.Scalar(0x2800)!) == 1)
        // The table is sorted and disjoint (the binary search relies on it).
        for (a, b) in zip(DisplayWidth.wideRanges, DisplayWidth.wideRanges.dropFirst()) {
            #expect(a.upperBound < b.lowerBound)
        }
    }

    @Test func sanitiserRemovesEscapesAndBidi() {
        #expect(TextSanitizer.sanitize("\u{1b}[2J") == "\u{FFFD}[2J")
        // OSC 0 (set window title) terminated by BEL, and by ST (ESC \).
        #expect(TextSanitizer.sanitize("\u{1b}]0;pwned\u{07}Pic") == "\u{FFFD}]0;pwned\u{FFFD}Pic")
        #expect(TextSanitizer.sanitize("\u{1b}]8;;http://x\u{1b}\\a") == "\u{FFFD}]8;;http://x\u{FFFD}\\a")
        #expect(TextSanitizer.sanitize("a\u{9b}31mb") == "a\u{FFFD}31mb")   // 8-bit CSI
        #expect(TextSanitizer.sanitize("del\u{7f}") == "del\u{FFFD}")
        #expect(TextSanitizer.sanitize("a\tb\nc\r\u{85}d") == "a b c  d")
        #expect(TextSanitizer.sanitize("\u{202E}evil\u{202C} \u{2066}x\u{2069}\u{200F}") == "evil x")
        #expect(TextSanitizer.sanitize("Pic d'Estats 日本 e\u{301}") == "Pic d'Estats 日本 e\u{301}")
        #expect(TextSanitizer.isClean("plain ASCII"))
        #expect(!TextSanitizer.isClean("x\u{1b}"))
        #expect(!TextSanitizer.isClean("é\u{202E}"))
    }

    @Test func nothingDrawnReachesTheTerminalAsAnEscape() {
        var b = Buffer(width: 30, height: 3)
        b.setString(x: 0, y: 0, "\u{1b}[2J\u{1b}]0;title\u{07}")
        b.set(x: 0, y: 1, Cell("\u{1b}"))
        b.set(x: 1, y: 1, Cell("\u{9b}"))
        var canvas = BrailleCanvas(width: 10, height: 1)
        canvas.text("\u{1b}[31m", cellX: 0, cellY: 0)
        canvas.overlay("\u{1b}", cellX: 9, cellY: 0)
        canvas.render(into: &b, at: Rect(x: 0, y: 2, width: 10, height: 1))
        let text = b.textDump()
        for s in text.unicodeScalars {
            #expect(!(s.value < 0x20 && s != "\n") && !(0x7F...0x9F).contains(s.value), "control \(s.value) in dump")
        }
        #expect(b.textLines()[0] == "\u{FFFD}[2J\u{FFFD}]0;title\u{FFFD}")
        // The ANSI output holds only our own SGR sequences.
        let ansi = b.ansiText(depth: .trueColor)
        #expect(!ansi.contains("\u{1b}[2J") && !ansi.contains("\u{1b}]"))
    }
}

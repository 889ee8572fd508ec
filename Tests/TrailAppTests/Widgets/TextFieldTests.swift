import TermUI
import Testing
@testable import TrailApp

/// The one text field of every prompt: each editing rule, the selection of a prefilled
/// value, sanitised input, display-width scrolling.
@Suite struct TextFieldTests {
    /// `keys` typed into `field`; the last outcome.
    @discardableResult
    func type(_ field: inout TextField, _ keys: [Key]) -> TextField.Outcome {
        var last = TextField.Outcome.ignored
        for k in keys { last = field.handle(k) }
        return last
    }

    func chars(_ s: String) -> [Key] { s.map { .character($0) } }

    /// The terminal sends 🏔️ as two scalars (U+1F3D4, then U+FE0F); joined they are one
    /// character, two columns: the cursor stays after it and what follows is drawn after it.
    @Test func aVariationSelectorTypedOnItsOwnJoinsTheCharacterBefore() {
        var f = TextField()
        type(&f, [.character("\u{1F3D4}"), .character("\u{FE0F}"), .character("e")])
        #expect(f.text == "\u{1F3D4}\u{FE0F}e" && f.text.count == 2 && f.cursor == 2)
        #expect(f.line(width: 10) == "\u{1F3D4}\u{FE0F}e\(TextField.cursorGlyph)")
        type(&f, [.backspace, .backspace])
        #expect(f.text.isEmpty && f.cursor == 0)
    }

    @Test func typingInsertsAtTheCursorAndArrowsMoveIt() {
        var f = TextField()
        type(&f, chars("helo"))
        #expect(f.text == "helo" && f.cursor == 4)
        type(&f, [.left])
        type(&f, chars("l"))
        #expect(f.text == "hello" && f.cursor == 4)
        type(&f, [.home])
        #expect(f.cursor == 0)
        type(&f, chars(">"))
        #expect(f.text == ">hello")
        type(&f, [.end, .left, .left, .control("a")])
        #expect(f.cursor == 0)
        type(&f, [.control("e")])
        #expect(f.cursor == 6)
        #expect(f.handle(.right) == .moved && f.cursor == 6)
    }

    @Test func backspaceAndDeleteRemoveOneCharacterEachSide() {
        var f = TextField("abcd")
        type(&f, [.left, .left])
        #expect(f.handle(.backspace) == .edited)
        #expect(f.text == "acd" && f.cursor == 1)
        #expect(f.handle(.delete) == .edited)
        #expect(f.text == "ad" && f.cursor == 1)
        type(&f, [.home])
        #expect(f.handle(.backspace) == .ignored && f.text == "ad")
        type(&f, [.end])
        #expect(f.handle(.delete) == .ignored && f.text == "ad")
    }

    @Test func controlUClearsBeforeTheCursorAndControlWTheWordBefore() {
        var f = TextField("walk to the hut")
        type(&f, [.control("w")])
        #expect(f.text == "walk to the " && f.cursor == 12)
        type(&f, [.control("w")])
        #expect(f.text == "walk to " && f.cursor == 8)
        type(&f, [.left, .left, .left])
        type(&f, [.control("u")])
        #expect(f.text == "to " && f.cursor == 0)
        type(&f, [.end, .control("u")])
        #expect(f.text.isEmpty)
        var k = TextField("abc def")
        type(&k, [.home, .right, .control("k")])
        #expect(k.text == "a")
    }

    @Test func aPrefilledValueIsReplacedByTypingOrKeptByAnArrow() {
        var f = TextField("Morning walk", selected: true)
        #expect(f.isSelected && f.cursor == 12)
        type(&f, chars("E"))
        #expect(f.text == "E" && !f.isSelected && f.cursor == 1)

        var kept = TextField("Morning walk", selected: true)
        #expect(kept.handle(.left) == .moved)
        #expect(!kept.isSelected && kept.cursor == 0 && kept.text == "Morning walk")
        type(&kept, chars("A "))
        #expect(kept.text == "A Morning walk")

        var end = TextField("Morning walk", selected: true)
        type(&end, [.end])
        type(&end, chars("!"))
        #expect(end.text == "Morning walk!")

        for key in [Key.backspace, .delete, .control("u")] {
            var cleared = TextField("Morning walk", selected: true)
            #expect(cleared.handle(key) == .edited)
            #expect(cleared.text.isEmpty && !cleared.isSelected, "\(key)")
        }
        #expect(!TextField("", selected: true).isSelected)
    }

    @Test func enterAndEscapeAreTheCallersAndLeaveTheTextAlone() {
        var f = TextField("abc", selected: true)
        #expect(f.handle(.enter) == .accepted)
        #expect(f.handle(.escape) == .cancelled)
        #expect(f.text == "abc" && f.isSelected)
        #expect(f.handle(.up) == .ignored && f.handle(.pageDown) == .ignored && f.handle(.function(2)) == .ignored)
    }

    @Test func controlCharactersNeverEnterTheText() {
        var f = TextField()
        for c: Character in ["a", "\u{1b}", "[", "2", "J", "\t", "b", "\u{7f}", "\u{9b}", "\u{202e}", "c", "\r\n"] {
            _ = f.handle(.character(c))
        }
        #expect(f.text == "a[2J bc ")
        #expect(TextField("x\u{1b}]0;title\u{7}y").text == "x]0;titley")
        #expect(f.handle(.character("\u{1b}")) == .ignored)
    }

    @Test func widePasteAndGraphemesCountAsCharacters() {
        var f = TextField()
        type(&f, chars("山小屋🏔️e\u{301}"))
        #expect(f.text.count == 5 && f.cursor == 5)
        type(&f, [.backspace])
        #expect(f.text == "山小屋🏔️")
        type(&f, [.left, .backspace])
        #expect(f.text == "山小🏔️" && f.cursor == 2)
        // A long paste (a path of 300 characters) arrives as characters.
        var p = TextField()
        let path = "/home/hiker/" + String(repeating: "tracks/", count: 41) + "a.gpx"
        type(&p, chars(path))
        #expect(p.text == path)
        var big = TextField()
        type(&big, chars(String(repeating: "x", count: TextField.maximumLength + 10)))
        #expect(big.text.count == TextField.maximumLength)
    }

    @Test func shortTextShowsWholeWithTheCursorInIt() {
        var f = TextField("abc")
        #expect(f.line(width: 10) == "abc▏")
        type(&f, [.left])
        #expect(f.line(width: 10) == "ab▏c")
        #expect(f.line(width: 4) == "ab▏c")
    }

    @Test func longTextScrollsToKeepTheCursorInView() {
        var f = TextField("0123456789abcdefghij")  // 20 characters, cursor at the end
        #expect(f.line(width: 10) == "…cdefghij▏")
        #expect(DisplayWidth.of(f.line(width: 10)) <= 10)
        type(&f, [.home])
        #expect(f.line(width: 10) == "▏01234567…")
        #expect(DisplayWidth.of(f.line(width: 10)) == 10)
        for _ in 0..<12 { _ = f.handle(.right) }  // cursor after "b"
        let mid = f.line(width: 10)
        #expect(mid.contains("ab▏") && mid.hasPrefix("…") && mid.hasSuffix("…"), "\(mid)")
        #expect(DisplayWidth.of(mid) == 10)
    }

    @Test func wideCharactersScrollByDisplayWidth() {
        let f = TextField(String(repeating: "山", count: 10))  // 20 columns
        let line = f.line(width: 9)
        #expect(line == "…山山山▏", "\(line)")
        #expect(DisplayWidth.of(line) <= 9)
        // Never a wide character cut at the edge: odd widths leave a column free.
        for w in 2...12 { #expect(DisplayWidth.of(f.line(width: w)) <= w, "width \(w)") }
    }

    @Test func theSelectionIsDrawnInItsOwnStyle() {
        let f = TextField("ab", selected: true)
        var buffer = Buffer(width: 6, height: 1)
        let sel = Style(attributes: .reverse)
        f.render(x: 0, y: 0, width: 6, style: .plain, selectionStyle: sel, into: &buffer)
        #expect(buffer.textLines()[0] == "ab▏")
        #expect(buffer[0, 0]?.style.attributes.contains(.reverse) == true)
        #expect(buffer[2, 0]?.style.attributes.contains(.reverse) == false)
    }
}

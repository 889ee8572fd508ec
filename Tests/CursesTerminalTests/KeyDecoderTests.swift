import CNCursesW
import Testing
import TermUI
@testable import CursesTerminal

/// ``KeyDecoder``: what `wget_wch` returns, as keys.
@Suite struct KeyDecoderTests {
    @Test func functionKeyCodes() {
        var d = KeyDecoder()
        let expected: [(Int32, Key)] = [
            (KEY_UP, .up), (KEY_DOWN, .down), (KEY_LEFT, .left), (KEY_RIGHT, .right),
            (KEY_SLEFT, .shiftLeft), (KEY_SRIGHT, .shiftRight), (KEY_SR, .shiftUp), (KEY_SF, .shiftDown),
            (KEY_HOME, .home), (KEY_END, .end), (KEY_PPAGE, .pageUp), (KEY_NPAGE, .pageDown),
            (KEY_BACKSPACE, .backspace), (KEY_DC, .delete), (KEY_IC, .insert), (KEY_ENTER, .enter),
            (KEY_BTAB, .backTab), (KEY_F0 + 1, .function(1)), (KEY_F0 + 12, .function(12)),
        ]
        for (code, key) in expected { #expect(d.decodeKeyCode(code) == key, "code \(code)") }
        #expect(d.decodeKeyCode(KEY_F0 + 13) == nil)
        // Extended (terminfo kUP/kDN/kLFT/kRIT) codes, as looked up at start-up.
        #expect(d.decodeKeyCode(600) == nil)
        d.shiftUpCode = 600
        d.shiftDownCode = 601
        d.shiftLeftCode = 602
        d.shiftRightCode = 603
        #expect([600, 601, 602, 603].map { d.decodeKeyCode($0) } == [.shiftUp, .shiftDown, .shiftLeft, .shiftRight])
    }

    @Test func characters() {
        let d = KeyDecoder()
        #expect(d.decodeCharacter(9) == .tab)
        #expect(d.decodeCharacter(10) == .enter && d.decodeCharacter(13) == .enter)
        #expect(d.decodeCharacter(27) == .escape)
        #expect(d.decodeCharacter(8) == .backspace && d.decodeCharacter(127) == .backspace)
        #expect(d.decodeCharacter(3) == .control("c") && d.decodeCharacter(26) == .control("z"))
        #expect(d.decodeCharacter(1) == .control("a"))
        #expect(d.decodeCharacter(0x61) == .character("a") && d.decodeCharacter(0x20) == .character(" "))
        #expect(d.decodeCharacter(0xE9) == .character("é"))
        #expect(d.decodeCharacter(0x1F) == nil)  // other control codes are dropped
        #expect(d.decodeCharacter(0xD800) == nil)  // not a scalar
    }
}

/// Escape sequences terminfo did not describe, one test per terminal form (xterm ctlseqs
/// "PC-Style Function Keys", VT220 keys, rxvt, the Linux console, tmux's own).
@Suite struct EscapeSequenceTests {
    /// The characters after Esc in `text` ("[1~" for ESC [ 1 ~).
    static func tail(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
    static func decode(_ text: String) -> Key? { KeyDecoder.decodeEscapeSequence(tail(text)) }

    @Test func loneEscIsEscape() {
        #expect(Self.decode("") == .escape)
        #expect(Self.decode("\u{1B}") == .escape)
    }

    @Test func tmuxAndVT220HomeEndEditing() {
        // tmux sends Home/End as ESC [ 1 ~ / ESC [ 4 ~; rxvt as ESC [ 7 ~ / ESC [ 8 ~.
        #expect(Self.decode("[1~") == .home && Self.decode("[4~") == .end)
        #expect(Self.decode("[7~") == .home && Self.decode("[8~") == .end)
        #expect(Self.decode("[2~") == .insert && Self.decode("[3~") == .delete)
        #expect(Self.decode("[5~") == .pageUp && Self.decode("[6~") == .pageDown)
        // With xterm modifiers (Ctrl+Home = ESC [ 1 ; 5 ~) the key is the same.
        #expect(Self.decode("[1;5~") == .home && Self.decode("[6;2~") == .pageDown)
    }

    @Test func xtermCursorKeysNormalAndApplicationMode() {
        #expect(["[A", "[B", "[C", "[D"].map(Self.decode) == [.up, .down, .right, .left])
        #expect(["OA", "OB", "OC", "OD"].map(Self.decode) == [.up, .down, .right, .left])
        #expect(Self.decode("[H") == .home && Self.decode("[F") == .end)
        #expect(Self.decode("OH") == .home && Self.decode("OF") == .end)
        #expect(Self.decode("[Z") == .backTab)
        #expect(Self.decode("OM") == .enter)
    }

    @Test func xtermModifiedArrows() {
        // Modifier parameter m − 1 = Shift 1 | Alt 2 | Ctrl 4: Shift (2) and Ctrl (5) give the
        // bigger step; Alt alone (3) the plain arrow.
        #expect(Self.decode("[1;2A") == .shiftUp && Self.decode("[1;2B") == .shiftDown)
        #expect(Self.decode("[1;2C") == .shiftRight && Self.decode("[1;2D") == .shiftLeft)
        #expect(Self.decode("[1;5C") == .shiftRight && Self.decode("[1;6D") == .shiftLeft)
        #expect(Self.decode("[1;3A") == .up)
        #expect(Self.decode("[1;2H") == .home && Self.decode("[1;5F") == .end)
    }

    @Test func rxvtForms() {
        #expect(["[a", "[b", "[c", "[d"].map(Self.decode) == [.shiftUp, .shiftDown, .shiftRight, .shiftLeft])
        #expect(["Oa", "Ob", "Oc", "Od"].map(Self.decode) == [.shiftUp, .shiftDown, .shiftRight, .shiftLeft])
        #expect(Self.decode("[7$") == .home && Self.decode("[8^") == .end)
        // Alt with a cursor key in rxvt: ESC ESC [ A.
        #expect(Self.decode("\u{1B}[A") == .up)
    }

    @Test func functionKeys() {
        #expect(["OP", "OQ", "OR", "OS"].map(Self.decode) == [.function(1), .function(2), .function(3), .function(4)])
        #expect(Self.decode("[15~") == .function(5) && Self.decode("[17~") == .function(6))
        #expect(Self.decode("[21~") == .function(10) && Self.decode("[24~") == .function(12))
        #expect(Self.decode("[11~") == .function(1))
        #expect(["[[A", "[[E"].map(Self.decode) == [.function(1), .function(5)])  // Linux console
        #expect(Self.decode("[1;2P") == .function(1))
    }

    @Test func unknownSequencesAndAltKeysAreDroppedNotEscape() {
        for text in ["x", "q", "[200~", "[201~", "[I", "[O", "[<0;10;5M", "[99~", "[?1;2c", "O~", "[[Z", "[1;2;3A"] {
            #expect(Self.decode(text) == nil, "\(text.debugDescription)")
        }
    }

    @Test func completeness() {
        let complete = ["x", "[A", "[1~", "[1;5C", "OH", "[[A", "[7$", "\u{1B}[A", "[<0;1;2M"]
        let incomplete = ["", "[", "[1", "[1;", "[1;5", "O", "[[", "\u{1B}", "\u{1B}["]
        for t in complete { #expect(KeyDecoder.sequenceIsComplete(Self.tail(t)), "\(t.debugDescription)") }
        for t in incomplete { #expect(!KeyDecoder.sequenceIsComplete(Self.tail(t)), "\(t.debugDescription)") }
        // A runaway sequence is cut at the maximum length.
        #expect(KeyDecoder.sequenceIsComplete(Self.tail("[" + String(repeating: "1", count: 40))))
    }
}

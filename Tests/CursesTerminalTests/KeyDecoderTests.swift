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

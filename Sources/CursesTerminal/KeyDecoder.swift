import CNCursesW
import TermUI

/// Turns what `wget_wch` returns into ``InputEvent``s.
///
/// Function keys arrive as `KEY_CODE_YES` codes; Shift+arrows arrive either as the classic
/// codes (KEY_SLEFT, KEY_SRIGHT, KEY_SR, KEY_SF) or, under xterm/tmux terminfo, as ncurses
/// "extended" codes whose numbers are assigned at run time for the capabilities kUP and kDN;
/// those are looked up once at start-up.
struct KeyDecoder {
    /// Run-time codes of the shifted up/down arrows (terminfo kUP / kDN), -1 when unknown.
    var shiftUpCode: Int32 = -1
    var shiftDownCode: Int32 = -1
    var shiftLeftCode: Int32 = -1
    var shiftRightCode: Int32 = -1

    /// Reads the extended key codes from terminfo. Call after `initscr`.
    mutating func lookUpExtendedKeys() {
        func code(_ cap: String) -> Int32 {
            guard let s = tigetstr(cap), Int(bitPattern: s) != -1, Int(bitPattern: s) != 0 else { return -1 }
            let c = key_defined(s)
            return c > 0 ? c : -1
        }
        shiftUpCode = code("kUP")
        shiftDownCode = code("kDN")
        shiftLeftCode = code("kLFT")
        shiftRightCode = code("kRIT")
    }

    /// Decodes a function-key code (`wget_wch` returned KEY_CODE_YES).
    func decodeKeyCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        case KEY_SLEFT: return .shiftLeft
        case KEY_SRIGHT: return .shiftRight
        case KEY_SR: return .shiftUp
        case KEY_SF: return .shiftDown
        case KEY_HOME: return .home
        case KEY_END: return .end
        case KEY_PPAGE: return .pageUp
        case KEY_NPAGE: return .pageDown
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_IC: return .insert
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_F0 + 1...KEY_F0 + 12: return .function(Int(code - KEY_F0))
        default:
            if code == shiftUpCode { return .shiftUp }
            if code == shiftDownCode { return .shiftDown }
            if code == shiftLeftCode { return .shiftLeft }
            if code == shiftRightCode { return .shiftRight }
            return nil
        }
    }

    /// Decodes an ordinary character (`wget_wch` returned OK).
    func decodeCharacter(_ wc: UInt32) -> Key? {
        switch wc {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26:
            return .control(Character(Unicode.Scalar(UInt8(wc) + 96)))
        default:
            guard wc >= 32, let scalar = Unicode.Scalar(wc) else { return nil }
            return .character(Character(scalar))
        }
    }

    // MARK: - Escape sequences ncurses did not know

    /// Longest escape sequence collected; anything longer is dropped whole.
    static let maximumSequenceLength = 32

    /// True when `tail` (what followed an Esc, read without waiting) is a whole escape sequence:
    /// a CSI (`ESC [` parameters, intermediates, then a final byte 0x40-0x7E, or rxvt's `$`/`^`
    /// after digits), an SS3 (`ESC O` and one character), an Alt+key (one character), or any of
    /// these after a second Esc (Alt with a function key in rxvt).
    static func sequenceIsComplete(_ tail: [UInt32]) -> Bool {
        guard let first = tail.first else { return false }
        if tail.count >= maximumSequenceLength { return true }
        switch first {
        case 27: return sequenceIsComplete(Array(tail.dropFirst()))
        case 0x5B:  // "["
            guard tail.count >= 2 else { return false }
            // Linux console F1-F5: ESC [ [ A…E.
            if tail[1] == 0x5B { return tail.count >= 3 }
            let last = tail[tail.count - 1]
            if (0x40...0x7E).contains(last) && tail.count >= 2 { return true }
            return (last == 0x24 || last == 0x5E) && tail.count >= 3  // rxvt "$" (Shift), "^" (Ctrl)
        case 0x4F: return tail.count >= 2  // "O"
        default: return true
        }
    }

    /// Decodes what followed an Esc in one read, for sequences terminfo did not describe
    /// (tmux sends Home as `ESC [ 1 ~` while xterm-256color's terminfo says `ESC O H`; rxvt
    /// sends Shift+Up as `ESC [ a`; Alt+x is `ESC x`).
    ///
    /// The forms are those of xterm's "PC-style function keys" (ctlseqs: CSI/SS3 cursor and
    /// editing keys, `CSI 1 ; m X` with modifier m − 1 = Shift 1 | Alt 2 | Ctrl 4), VT220
    /// `CSI n ~` keys (1/7 Home, 4/8 End, 2 Insert, 3 Delete, 5/6 Page Up/Down, 11-24 F1-F12),
    /// rxvt's lower-case shifted arrows and `$`/`^` finals, and the Linux console's `ESC [ [ A`.
    /// Shift or Ctrl with an arrow gives the Shift arrow (Cairn's bigger step).
    ///
    /// - Parameter tail: the characters after the Esc, as `wget_wch` returned them.
    /// - Returns: `.escape` when nothing followed (a lone Esc); the key for a known sequence;
    ///   nil for anything else, which the caller drops: an unknown sequence or an Alt+key must
    ///   never act as Esc.
    static func decodeEscapeSequence(_ tail: [UInt32]) -> Key? {
        guard let first = tail.first else { return .escape }
        switch first {
        case 27:
            // Alt with a sequence (rxvt: ESC ESC [ A); a doubled Esc alone is still Esc.
            return tail.count == 1 ? .escape : decodeEscapeSequence(Array(tail.dropFirst()))
        case 0x5B: return decodeCSI(Array(tail.dropFirst()))
        case 0x4F:
            guard tail.count == 2 else { return nil }
            return decodeFinal(tail[1], modifier: 1, ss3: true)
        default:
            return nil  // Alt+key: Cairn binds no Alt keys.
        }
    }

    /// `ESC [` then `body`.
    private static func decodeCSI(_ body: [UInt32]) -> Key? {
        guard let final = body.last else { return nil }
        if body.count == 2 && body[0] == 0x5B {  // Linux console ESC [ [ A…E = F1…F5
            guard (0x41...0x45).contains(final) else { return nil }
            return .function(Int(final) - 0x40)
        }
        let parameterText = String(String.UnicodeScalarView(body.dropLast().compactMap(Unicode.Scalar.init)))
        guard parameterText.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ";") }) else { return nil }
        let parameters = parameterText.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        if parameters.contains(where: { $0 == nil }) && !parameterText.isEmpty { return nil }
        let numbers = parameters.compactMap { $0 }
        let modifier = numbers.count >= 2 ? numbers[1] : 1
        switch final {
        case 0x7E, 0x24, 0x5E:  // "~", rxvt "$" (Shift) and "^" (Ctrl)
            guard let n = numbers.first else { return nil }
            let key: Key?
            switch n {
            case 1, 7: key = .home
            case 4, 8: key = .end
            case 2: key = .insert
            case 3: key = .delete
            case 5: key = .pageUp
            case 6: key = .pageDown
            case 11...15: key = .function(n - 10)
            case 17...21: key = .function(n - 11)
            case 23, 24: key = .function(n - 12)
            default: key = nil  // 200~/201~ (bracketed paste) and the rest
            }
            return key
        case 0x61...0x64:  // rxvt Shift+arrows: ESC [ a…d
            guard numbers.isEmpty else { return nil }
            return [Key.shiftUp, .shiftDown, .shiftRight, .shiftLeft][Int(final - 0x61)]
        default:
            guard numbers.count <= 2, numbers.first ?? 1 == 1 else { return nil }
            return decodeFinal(final, modifier: modifier, ss3: false)
        }
    }

    /// The key of a CSI/SS3 final byte with an xterm modifier parameter.
    private static func decodeFinal(_ final: UInt32, modifier: Int, ss3: Bool) -> Key? {
        let bits = max(0, modifier - 1)
        let bigger = bits & 1 != 0 || bits & 4 != 0
        switch final {
        case 0x41: return bigger ? .shiftUp : .up
        case 0x42: return bigger ? .shiftDown : .down
        case 0x43: return bigger ? .shiftRight : .right
        case 0x44: return bigger ? .shiftLeft : .left
        case 0x48: return .home
        case 0x46: return .end
        case 0x5A: return ss3 ? nil : .backTab
        case 0x50...0x53: return .function(Int(final) - 0x4F)  // P-S: F1-F4
        case 0x4D: return ss3 ? .enter : nil  // keypad Enter (SS3 M); CSI M is mouse
        case 0x61...0x64 where ss3:  // rxvt Ctrl+arrows: ESC O a…d
            return [Key.shiftUp, .shiftDown, .shiftRight, .shiftLeft][Int(final - 0x61)]
        default: return nil
        }
    }
}

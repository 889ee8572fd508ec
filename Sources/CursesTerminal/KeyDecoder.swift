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
}

import CNCursesW
import Foundation
import TermUI

/// The ncurses back end: owns the terminal from ``init(environment:)`` until ``restore()``.
///
/// - The locale is set from the environment before `initscr` (wide characters need it); under
///   a non-UTF-8 codeset ``isUTF8`` is false and callers draw with the ASCII canvas fallback.
///   A UTF-8 locale the environment names but the machine lacks is replaced by C.UTF-8
///   (``localeNote`` says so), the rule `cairn render` follows too.
/// - Colours: `NO_COLOR` (any value) or a terminal without colours gives ``ColorDepth/none``;
///   otherwise the depth follows terminfo (`COLORS`, and direct colour when the `RGB`
///   capability is set). Colour pairs are allocated on first use with `init_extended_pair`.
/// - Presenting a Buffer writes only the cells that changed since the last one and lets
///   curses compute the minimal terminal update (`wnoutrefresh` + `doupdate`).
/// - Esc is recognised after 25 ms (`set_escdelay`), not the default second; escape sequences
///   terminfo does not describe are decoded by ``KeyDecoder`` and never read as Esc.
public final class CursesScreen: TerminalDevice {
    /// What colours the terminal shows (after NO_COLOR).
    public let colorDepth: ColorDepth
    /// True when the locale's codeset is UTF-8 (braille and box drawing can be shown).
    public let isUTF8: Bool
    /// What to tell the user once about the locale: why maps are drawn in ASCII, or that a
    /// UTF-8 locale named by the environment is missing and C.UTF-8 stands in; nil when the
    /// locale is a UTF-8 one that is installed (``LocaleCharset``).
    public let localeNote: String?
    private var decoder = KeyDecoder()
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    private let maxPairs: Int32
    private var previous: Buffer?
    private var restored = false
    private let directColor: Bool

    private struct PairKey: Hashable { let fg: Int32; let bg: Int32 }

    /// Takes over the terminal.
    /// - Parameter environment: the process environment (for `NO_COLOR`).
    public init(environment: [String: String]) {
        var note: String?
        // The character category only: messages and numbers are set up by the program
        // (Localization.start keeps LC_NUMERIC in C, so files never get a decimal comma).
        if setlocale(LC_CTYPE, "") == nil, LocaleCharset.isUTF8(environment: environment),
           setlocale(LC_CTYPE, "C.UTF-8") != nil {
            // LANG=en_US.UTF-8 on a machine without that locale: the terminal is UTF-8 all the
            // same, and ncurses needs a UTF-8 locale to write braille.
            note = LocaleCharset.missingLocaleNote(environment: environment)
        }
        let codeset = String(cString: cairn_codeset())
        isUTF8 = codeset.uppercased().replacingOccurrences(of: "-", with: "") == "UTF8"
        if !isUTF8 { note = LocaleCharset.asciiNote(environment: environment) }
        localeNote = note
        initscr()
        raw()
        noecho()
        nonl()
        keypad(cairn_stdscr(), true)
        set_escdelay(25)
        curs_set(0)
        mousemask(cairn_all_mouse_events(), nil)
        mouseinterval(0)
        var depth = ColorDepth.none
        var direct = false
        if environment["NO_COLOR"] == nil, has_colors() {
            start_color()
            use_default_colors()
            let rgbFlag = tigetflag("RGB")
            direct = rgbFlag > 0 && cairn_colors() >= 0x1000000
            depth = direct ? .trueColor : ColorDepth(colorCount: Int(cairn_colors()))
        }
        colorDepth = depth
        directColor = direct
        maxPairs = max(1, cairn_color_pairs())
        decoder.lookUpExtendedKeys()
    }

    deinit { restore() }

    public var size: (width: Int, height: Int) {
        (Int(cairn_getmaxx(cairn_stdscr())), Int(cairn_getmaxy(cairn_stdscr())))
    }

    /// The curses colour number for `color` at this terminal's depth (-1 = default).
    private func curseColor(_ color: Color) -> Int32 {
        switch color.downgraded(to: colorDepth) {
        case .default: return -1
        case .ansi(let n): return Int32(n % 16)
        case .indexed(let n): return Int32(n)
        case .rgb(let r, let g, let b):
            return directColor ? (Int32(r) << 16 | Int32(g) << 8 | Int32(b)) : -1
        }
    }

    private func pair(fg: Color, bg: Color) -> Int32 {
        guard colorDepth != .none else { return 0 }
        let key = PairKey(fg: curseColor(fg), bg: curseColor(bg))
        if key.fg == -1 && key.bg == -1 { return 0 }
        if let p = pairs[key] { return p }
        guard nextPair < maxPairs else { return 0 }
        let p = nextPair
        nextPair += 1
        init_extended_pair(p, key.fg, key.bg)
        pairs[key] = p
        return p
    }

    private func attributes(_ a: Attributes) -> attr_t {
        var r = cairn_a_normal()
        if a.contains(.bold) { r |= cairn_a_bold() }
        if a.contains(.dim) { r |= cairn_a_dim() }
        if a.contains(.italic) { r |= cairn_a_italic() }
        if a.contains(.underline) { r |= cairn_a_underline() }
        if a.contains(.reverse) { r |= cairn_a_reverse() }
        return r
    }

    public func present(_ buffer: Buffer) {
        guard !restored else { return }
        let (w, h) = size
        let changed: [(x: Int, y: Int, cell: Cell)]
        if let previous, previous.width == buffer.width, previous.height == buffer.height {
            changed = buffer.diff(from: previous)
        } else {
            werase(cairn_stdscr())
            var all: [(x: Int, y: Int, cell: Cell)] = []
            all.reserveCapacity(buffer.width * buffer.height)
            for y in 0..<buffer.height {
                for x in 0..<buffer.width { if let c = buffer[x, y] { all.append((x, y, c)) } }
            }
            changed = all
        }
        var cc = cchar_t()
        for (x, y, cell) in changed where x < w && y < h && !cell.isContinuation {
            // Never write the bottom-right cell: curses would scroll the screen.
            if x == w - 1 && y == h - 1 { continue }
            // ncurses counts "🏔\u{FE0F}" one column (wcwidth), the buffer two: it gets the
            // one-column form and a space in the second column, so nothing old stays there.
            let narrow = DisplayWidth.narrowTerminalForm(cell.symbol)
            var chars: [wchar_t] = (narrow ?? cell.symbol).unicodeScalars.prefix(5).map { wchar_t(bitPattern: $0.value) }
            if chars.isEmpty { chars = [32] }
            chars.append(0)
            var p = pair(fg: cell.fg, bg: cell.bg)
            setcchar(&cc, chars, attributes(cell.attributes), 0, &p)
            mvwadd_wch(cairn_stdscr(), Int32(y), Int32(x), &cc)
            if narrow != nil && x + 1 < w && !(x + 1 == w - 1 && y == h - 1) {
                setcchar(&cc, [32, 0], attributes(cell.attributes), 0, &p)
                mvwadd_wch(cairn_stdscr(), Int32(y), Int32(x + 1), &cc)
            }
        }
        wnoutrefresh(cairn_stdscr())
        doupdate()
        previous = buffer
    }

    /// Forgets what is on screen so the next ``present(_:)`` redraws every cell (after a
    /// resize or when another program may have drawn).
    public func invalidate() {
        previous = nil
        clearok(cairn_stdscr(), true)
    }

    public func nextEvent(timeoutMilliseconds: Int) -> InputEvent? {
        wtimeout(cairn_stdscr(), Int32(timeoutMilliseconds))
        var wc: wint_t = 0
        let rc = wget_wch(cairn_stdscr(), &wc)
        if rc == ERR { return nil }
        if rc == KEY_CODE_YES {
            let code = Int32(wc)
            if code == cairn_key_resize() {
                invalidate()
                let s = size
                return .resize(width: s.width, height: s.height)
            }
            if code == cairn_key_mouse() { return mouseEvent() }
            return decoder.decodeKeyCode(code).map { .key($0) }
        }
        if wc == 27 { return escapeSequence().map { .key($0) } }
        return decoder.decodeCharacter(UInt32(wc)).map { .key($0) }
    }

    /// After an Esc: reads, without waiting, whatever arrived with it and decodes it with
    /// ``KeyDecoder/decodeEscapeSequence(_:)``. ncurses hands over the parts of a sequence its
    /// terminfo entry does not describe (tmux's `ESC [ 1 ~` for Home under TERM=xterm-256color)
    /// as Esc followed by characters; those must never act as Esc. A key ncurses decodes right
    /// after the Esc (Alt+arrow) is that key.
    private func escapeSequence() -> Key? {
        wtimeout(cairn_stdscr(), 0)
        var tail: [UInt32] = []
        while !KeyDecoder.sequenceIsComplete(tail) {
            var wc: wint_t = 0
            let rc = wget_wch(cairn_stdscr(), &wc)
            if rc == ERR { break }
            if rc == KEY_CODE_YES {
                let code = Int32(wc)
                if code == cairn_key_resize() {
                    ungetch(code)  // handled by the next read
                    return KeyDecoder.decodeEscapeSequence(tail)
                }
                if code == cairn_key_mouse() { return nil }
                return decoder.decodeKeyCode(code)
            }
            tail.append(UInt32(wc))
        }
        return KeyDecoder.decodeEscapeSequence(tail)
    }

    private func mouseEvent() -> InputEvent? {
        var ev = MEVENT()
        guard getmouse(&ev) == OK else { return nil }
        let x = Int(ev.x), y = Int(ev.y)
        if ev.bstate & cairn_button4_pressed() != 0 { return .mouse(action: .scrollUp, x: x, y: y) }
        if ev.bstate & cairn_button5_pressed() != 0 { return .mouse(action: .scrollDown, x: x, y: y) }
        if ev.bstate & cairn_button1_clicked() != 0 { return .mouse(action: .click, x: x, y: y) }
        return nil
    }

    public func bell() { beep() }

    /// Ctrl-Z: gives the terminal back, stops the process as the shell expects (SIGTSTP), and
    /// when the shell continues it (`fg`) takes the terminal again and redraws everything.
    public func suspend() {
        guard !restored else { return }
        curs_set(1)
        endwin()
        kill(getpid(), SIGTSTP)
        // Continued.
        refresh()
        curs_set(0)
        invalidate()
    }

    /// Gives the terminal back to run `body` outside curses (a picture drawn by another
    /// program), then takes it again and redraws everything on the next frame (as after
    /// ``suspend()``). `body` runs with the terminal in its normal (cooked, echoing) mode.
    public func runOutside(_ body: () -> Void) {
        guard !restored else { body(); return }
        def_prog_mode()
        curs_set(1)
        endwin()
        body()
        reset_prog_mode()
        refresh()
        curs_set(0)
        invalidate()
    }

    /// Puts `bytes` back in front of the input (ncurses' ungetch(3X), last byte first so that
    /// they are read in order): keys read while the terminal was asked something outside
    /// curses (``runOutside(_:)``). ncurses keeps at most 137 pushed back; more are dropped.
    public func pushInput(_ bytes: [UInt8]) {
        guard !restored else { return }
        for b in bytes.prefix(128).reversed() { ungetch(Int32(b)) }
    }

    public func restore() {
        guard !restored else { return }
        restored = true
        curs_set(1)
        endwin()
    }
}

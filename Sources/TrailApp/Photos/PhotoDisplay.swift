import Foundation
import Localization

/// How a picture reaches the hiker's eyes: drawn in the terminal by the `chafa` tool (Debian
/// package `chafa`), or handed to the desktop's viewer with `xdg-open`.
public enum PhotoDisplay: Equatable, Sendable {
    /// Run `arguments` (argv, `chafa` first) with the curses screen given back, wait for a key,
    /// redraw. `note` is printed under the picture (tmux passthrough, the format used).
    case terminal(arguments: [String], note: String)
    /// `xdg-open PATH` in the background (a desktop session is there: DISPLAY or WAYLAND_DISPLAY).
    case desktop(path: String)
}

/// The image formats chafa writes (`chafa --format`).
public enum TerminalImageFormat: String, Sendable, CaseIterable, Equatable {
    /// Unicode block and braille symbols in colour: every terminal (the fallback).
    case symbols
    /// DEC sixel graphics (xterm started with `-ti vt340`, mlterm, foot, WezTerm, contour).
    case sixels
    /// The kitty graphics protocol (kitty, and Ghostty, WezTerm).
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm).
    case iterm

    /// The variable that overrides the detection: `CAIRN_IMAGES=symbols|sixels|kitty|iterm`.
    public static let overrideVariable = "CAIRN_IMAGES"

    /// The format for a terminal described by `environment` (the process environment):
    /// `configured` (`--images`, else the config's `images`; the CLI drops the config's value
    /// when `CAIRN_IMAGES` is set, so the command line wins over the variable and the variable
    /// over the file), else `CAIRN_IMAGES`, when one of the four names ("auto" and anything
    /// else: detected); else kitty when `KITTY_WINDOW_ID` is set or `TERM` is `xterm-kitty` or
    /// `xterm-ghostty`; iterm when `TERM_PROGRAM` is `iTerm.app` or `WezTerm`; sixels when
    /// `TERM` names a terminal that always has them (`mlterm`, `foot`, `contour`, `yaft`);
    /// symbols otherwise (xterm's sixels depend on how it was started: say so with the variable).
    public static func detect(environment: [String: String], configured: String? = nil) -> TerminalImageFormat {
        if let o = configured.flatMap({ TerminalImageFormat(rawValue: $0.lowercased()) }) { return o }
        if let o = environment[overrideVariable].flatMap({ TerminalImageFormat(rawValue: $0.lowercased()) }) { return o }
        let term = environment["TERM"] ?? "", program = environment["TERM_PROGRAM"] ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty" { return .kitty }
        if program == "iTerm.app" || program == "WezTerm" { return .iterm }
        if ["mlterm", "foot", "contour", "yaft"].contains(where: { term.hasPrefix($0) }) { return .sixels }
        return .symbols
    }
}

/// The terminal's answer to Primary Device Attributes (DA1, `ESC [ c`): `ESC [ ? 63 ; 1 ; 4 ; … c`,
/// where attribute 4 means sixel graphics (xterm's ctlseqs, "Send Device Attributes"; xterm
/// lists it only when started as a VT340, `-ti vt340`, or with `decTerminalID` 340).
public enum DeviceAttributes {
    /// The query: CSI c.
    public static let query = "\u{1B}[c"

    /// The attributes of the first complete DA1 reply in `bytes` (what the terminal sent back,
    /// perhaps with other input around it), nil when there is no complete reply yet.
    /// - Returns: the reply's numbers (the first is the terminal class, e.g. 63 or 65) and the
    ///   bytes up to and including its final `c` (what must not be left for the viewer).
    public static func parse(_ bytes: [UInt8]) -> (attributes: [Int], length: Int)? {
        find(bytes).map { ($0.attributes, $0.range.upperBound) }
    }

    /// The first complete DA1 reply in `bytes`: its numbers and where it lies.
    static func find(_ bytes: [UInt8]) -> (attributes: [Int], range: Range<Int>)? {
        var i = 0
        while i + 2 < bytes.count {
            guard bytes[i] == 0x1B, bytes[i + 1] == UInt8(ascii: "["), bytes[i + 2] == UInt8(ascii: "?") else { i += 1; continue }
            var j = i + 3, numbers: [Int] = [], current: Int?
            while j < bytes.count {
                let b = bytes[j]
                if b >= 0x30 && b <= 0x39 {
                    current = (current ?? 0) * 10 + Int(b - 0x30)
                    if current! > 1_000_000 { break }
                } else if b == UInt8(ascii: ";") {
                    numbers.append(current ?? 0)
                    current = nil
                } else if b == UInt8(ascii: "c") {
                    if let current { numbers.append(current) }
                    return (numbers, i..<(j + 1))
                } else {
                    break
                }
                j += 1
            }
            if j >= bytes.count { return nil }  // the reply is not complete yet
            i += 1
        }
        return nil
    }

    /// Splits what was read while waiting for the reply into the reply's attributes and the
    /// other bytes, in the order they came: keys typed before or after the reply, which go back
    /// to the viewer's input (``PhotoShower`` pushes them back once the screen is the viewer's
    /// again) rather than being lost. Without a complete reply, a reply begun at the end
    /// (`ESC`, `ESC [`, `ESC [ ?` and digits or `;`) is dropped: it is the terminal's, not a key.
    /// - Returns: the attributes (nil without a complete reply) and the bytes that are not the reply.
    public static func split(_ bytes: [UInt8]) -> (attributes: [Int]?, others: [UInt8]) {
        if let (attributes, range) = find(bytes) {
            return (attributes, Array(bytes[..<range.lowerBound]) + Array(bytes[range.upperBound...]))
        }
        // The last ESC, when all after it could still become a reply.
        guard let esc = bytes.lastIndex(of: 0x1B) else { return (nil, bytes) }
        let tail = bytes[(esc + 1)...]
        let begun = tail.isEmpty || (tail.first == UInt8(ascii: "[")
            && (tail.count == 1 || (tail.dropFirst().first == UInt8(ascii: "?")
                && tail.dropFirst(2).allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || $0 == UInt8(ascii: ";") })))
        return (nil, begun ? Array(bytes[..<esc]) : bytes)
    }

    /// Whether a DA1 reply's attributes say sixel graphics (4), the class (the first number) left out.
    public static func hasSixels(_ attributes: [Int]) -> Bool { attributes.dropFirst().contains(4) }

    /// Whether asking is worth it: xterm (TERM `xterm…`, not kitty or ghostty), no format set
    /// or detected otherwise, and not under tmux or screen (they answer for themselves and
    /// would not pass sixels without `allow-passthrough`).
    public static func worthAsking(environment: [String: String], detected: TerminalImageFormat, configured: String?) -> Bool {
        let term = environment["TERM"] ?? ""
        let set = (configured.flatMap { TerminalImageFormat(rawValue: $0.lowercased()) } != nil)
            || (environment[TerminalImageFormat.overrideVariable].flatMap { TerminalImageFormat(rawValue: $0.lowercased()) } != nil)
        return !set && detected == .symbols && term.hasPrefix("xterm") && term != "xterm-kitty" && term != "xterm-ghostty"
            && environment["TMUX"] == nil && environment["STY"] == nil
    }
}

/// The `chafa` command line for one photo: a pure function (tested), run by the runtime.
public enum ChafaCommand {
    /// `chafa --format F --size WxH --animate off -- PATH`, so the picture fits `width` ×
    /// `height` cells (at least 1 × 1). The path comes after `--` so a name starting with `-`
    /// is not an option. (Debian's chafa 1.12 wraps image sequences for tmux by itself when
    /// TMUX is set; `--passthrough` came later.)
    public static func arguments(path: String, format: TerminalImageFormat, width: Int, height: Int) -> [String] {
        ["chafa", "--format", format.rawValue, "--size", "\(max(1, width))x\(max(1, height))", "--animate", "off", "--", path]
    }

    /// The line printed under the picture: the format and how it was chosen, and under tmux
    /// what `allow-passthrough` does for an image format.
    /// - Parameter asked: the format came from asking the terminal (``DeviceAttributes``).
    public static func note(format: TerminalImageFormat, inTmux: Bool, asked: Bool = false) -> String {
        // TRANSLATORS: the first %s is an image format (symbols, sixels, kitty, iterm: not translated), the second an environment variable.
        var n = L("Shown in %s (--images, the config's images or %s=symbols|sixels|kitty|iterm chooses).", format.rawValue,
                  TerminalImageFormat.overrideVariable)
        if asked {
            n += " " + (format == .sixels ? L("The terminal said it shows sixels when asked (ESC [ c).")
                : L("The terminal did not list sixels when asked (ESC [ c): xterm shows them when started with -ti vt340."))
        }
        if inTmux && format != .symbols {
            n += " " + L("Under tmux, %s reach the terminal only with `set -g allow-passthrough on` (tmux then lets the image's escape sequences through to the outer terminal).",
                         format.rawValue)
        } else if inTmux {
            n += " " + L("Under tmux the terminal is not asked whether it shows sixels (tmux would answer for itself): with `set -g allow-passthrough on` tmux lets image escape sequences through to the outer terminal, and --images sixels (or kitty, iterm) draws for it.")
        }
        return n + " " + L("Any key goes back.")
    }

    /// What to do for `path` shown in a `width` × `height` terminal described by `environment`.
    /// - Parameter asked: the format found by asking the terminal (DA1, ``DeviceAttributes``), used when none was set.
    public static func display(path: String, width: Int, height: Int, environment: [String: String],
                               configured: String? = nil, asked: TerminalImageFormat? = nil) -> PhotoDisplay {
        var format = TerminalImageFormat.detect(environment: environment, configured: configured)
        let fromAsking = asked != nil && DeviceAttributes.worthAsking(environment: environment, detected: format, configured: configured)
        if fromAsking, let asked { format = asked }
        let tmux = environment["TMUX"] != nil
        // Two rows under the picture for the note and the key.
        return .terminal(arguments: arguments(path: path, format: format, width: width, height: max(1, height - 3)),
                         note: note(format: format, inTmux: tmux, asked: fromAsking))
    }

    /// True when a desktop session is there for `xdg-open` (DISPLAY or WAYLAND_DISPLAY set).
    public static func hasDesktop(_ environment: [String: String]) -> Bool {
        !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }
}

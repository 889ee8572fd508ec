import Foundation

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
    /// `CAIRN_IMAGES` (or `configured`, the config's `images` value) when set to one of the
    /// four names; else kitty when `KITTY_WINDOW_ID` is set or `TERM` is `xterm-kitty` or
    /// `xterm-ghostty`; iterm when `TERM_PROGRAM` is `iTerm.app` or `WezTerm`; sixels when
    /// `TERM` names a terminal that always has them (`mlterm`, `foot`, `contour`, `yaft`);
    /// symbols otherwise (xterm's sixels depend on how it was started: say so with the variable).
    public static func detect(environment: [String: String], configured: String? = nil) -> TerminalImageFormat {
        if let o = environment[overrideVariable].flatMap({ TerminalImageFormat(rawValue: $0.lowercased()) }) { return o }
        if let o = configured.flatMap({ TerminalImageFormat(rawValue: $0.lowercased()) }) { return o }
        let term = environment["TERM"] ?? "", program = environment["TERM_PROGRAM"] ?? ""
        if environment["KITTY_WINDOW_ID"] != nil || term == "xterm-kitty" || term == "xterm-ghostty" { return .kitty }
        if program == "iTerm.app" || program == "WezTerm" { return .iterm }
        if ["mlterm", "foot", "contour", "yaft"].contains(where: { term.hasPrefix($0) }) { return .sixels }
        return .symbols
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
    public static func note(format: TerminalImageFormat, inTmux: Bool) -> String {
        var n = "Shown in \(format.rawValue) (\(TerminalImageFormat.overrideVariable)=symbols|sixels|kitty|iterm chooses)."
        if inTmux && format != .symbols {
            n += " Under tmux, \(format.rawValue) reach the terminal only with `set -g allow-passthrough on`"
                + " (tmux then lets the image's escape sequences through to the outer terminal)."
        }
        return n + " Any key goes back."
    }

    /// What to do for `path` shown in a `width` × `height` terminal described by `environment`.
    public static func display(path: String, width: Int, height: Int, environment: [String: String],
                               configured: String? = nil) -> PhotoDisplay {
        let format = TerminalImageFormat.detect(environment: environment, configured: configured)
        let tmux = environment["TMUX"] != nil
        // Two rows under the picture for the note and the key.
        return .terminal(arguments: arguments(path: path, format: format, width: width, height: max(1, height - 3)),
                         note: note(format: format, inTmux: tmux))
    }

    /// True when a desktop session is there for `xdg-open` (DISPLAY or WAYLAND_DISPLAY set).
    public static func hasDesktop(_ environment: [String: String]) -> Bool {
        !(environment["DISPLAY"] ?? "").isEmpty || !(environment["WAYLAND_DISPLAY"] ?? "").isEmpty
    }
}

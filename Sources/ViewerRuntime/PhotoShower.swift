import Foundation
import TermUI
import TrailApp

/// Shows a photo: through `chafa` with the curses screen given back (``ChafaCommand`` builds
/// the command line; the format detected from TERM, TERM_PROGRAM, KITTY_WINDOW_ID or set by
/// CAIRN_IMAGES), a key waited for, the screen redrawn; or with `xdg-open` on a desktop.
/// Runs on the runtime's loop (it owns the terminal). What went wrong comes back as
/// ``AppMessage/photoNote(_:isError:)``.
enum PhotoShower {
    static func show(path: String, desktop: Bool, terminal: EffectPerformer.TerminalActions, send: @escaping EffectPerformer.Send) {
        let env = ProcessInfo.processInfo.environment
        guard FileManager.default.isReadableFile(atPath: path) else {
            send(.photoNote("The photo is not there any more: \(TextSanitizer.sanitize(path)) (`cairn photos relink` finds moved files)", isError: true))
            return
        }
        if desktop {
            guard ChafaCommand.hasDesktop(env) else {
                send(.photoNote("No desktop here (DISPLAY and WAYLAND_DISPLAY unset): Enter shows the photo in the terminal", isError: true))
                return
            }
            guard let xdg = find("xdg-open", env) else {
                send(.photoNote("xdg-open is missing: sudo apt install xdg-utils", isError: true)); return
            }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: xdg)
            p.arguments = [path]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            do { try p.run(); send(.photoNote("Opened with xdg-open", isError: false)) }
            catch { send(.photoNote("xdg-open failed: \(error)", isError: true)) }
            return
        }
        guard let chafa = find("chafa", env) else {
            send(.photoNote("Pictures need chafa: sudo apt install chafa", isError: true)); return
        }
        guard let outside = terminal.runOutside else {
            send(.photoNote("This terminal cannot be given back to show the picture", isError: true)); return
        }
        let size = terminal.size()
        guard case .terminal(var arguments, let note) = ChafaCommand.display(path: path, width: size.width, height: size.height,
                                                                             environment: env) else { return }
        arguments[0] = chafa
        var failed: String?
        outside {
            // A clean screen for the picture, then the note and a key.
            FileHandle.standardOutput.write(Data("\u{1B}[H\u{1B}[2J".utf8))
            let p = Process()
            p.executableURL = URL(fileURLWithPath: chafa)
            p.arguments = Array(arguments.dropFirst())
            do {
                try p.run()
                p.waitUntilExit()
                if p.terminationStatus != 0 { failed = "chafa ended with status \(p.terminationStatus)" }
            } catch {
                failed = "chafa did not start: \(error)"
            }
            FileHandle.standardOutput.write(Data(("\r\n" + note + "\r\n").utf8))
            waitForKey()
            FileHandle.standardOutput.write(Data("\u{1B}[H\u{1B}[2J".utf8))
        }
        send(.photoNote(failed ?? "", isError: failed != nil))
    }

    /// One key from the terminal, raw for the moment (the line discipline put back after).
    private static func waitForKey() {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        var byte: UInt8 = 0
        _ = read(STDIN_FILENO, &byte, 1)
        // The rest of an escape sequence (an arrow key) is not left for the viewer.
        tcflush(STDIN_FILENO, TCIFLUSH)
        tcsetattr(STDIN_FILENO, TCSANOW, &saved)
    }

    /// The program `name` on PATH, or nil.
    private static func find(_ name: String, _ env: [String: String]) -> String? {
        for dir in (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let p = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: p) { return p }
        }
        return nil
    }
}

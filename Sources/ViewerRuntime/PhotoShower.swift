import Foundation
import TermUI
import TrailApp
import Localization

/// Shows a photo: through `chafa` with the curses screen given back (``ChafaCommand`` builds
/// the command line; the format detected from TERM, TERM_PROGRAM, KITTY_WINDOW_ID or set by
/// CAIRN_IMAGES), a key waited for, the screen redrawn; or with `xdg-open` on a desktop.
/// Runs on the runtime's loop (it owns the terminal). What went wrong comes back as
/// ``AppMessage/photoNote(_:isError:)``.
enum PhotoShower {
    static func show(path: String, desktop: Bool, terminal: EffectPerformer.TerminalActions, send: @escaping EffectPerformer.Send) {
        let env = ProcessInfo.processInfo.environment
        guard FileManager.default.isReadableFile(atPath: path) else {
            send(.photoNote(L("The photo is not there any more: %s (`cairn photos relink` finds moved files)", TextSanitizer.sanitize(path)), isError: true))
            return
        }
        if desktop {
            guard ChafaCommand.hasDesktop(env) else {
                send(.photoNote(L("No desktop here (DISPLAY and WAYLAND_DISPLAY unset): Enter shows the photo in the terminal"), isError: true))
                return
            }
            guard let xdg = find("xdg-open", env) else {
                send(.photoNote(L("xdg-open is missing: sudo apt install xdg-utils"), isError: true)); return
            }
            let p = Process()
            p.executableURL = URL(fileURLWithPath: xdg)
            p.arguments = [path]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            do { try p.run(); send(.photoNote(L("Opened with xdg-open"), isError: false)) }
            catch { send(.photoNote(L("xdg-open failed: %s", String(describing: error)), isError: true)) }
            return
        }
        guard let chafa = find("chafa", env) else {
            send(.photoNote(L("Pictures need chafa: sudo apt install chafa"), isError: true)); return
        }
        guard let outside = terminal.runOutside else {
            send(.photoNote(L("This terminal cannot be given back to show the picture"), isError: true)); return
        }
        let size = terminal.size()
        let detected = TerminalImageFormat.detect(environment: env, configured: terminal.imageFormat)
        let ask = DeviceAttributes.worthAsking(environment: env, detected: detected, configured: terminal.imageFormat)
        var failed: String?
        var typed: [UInt8] = []
        outside {
            // xterm shows sixels only when started as a VT340: ask it (outside curses, so the
            // reply does not reach the viewer as keys; keys typed meanwhile are kept for it).
            var asked: TerminalImageFormat?
            if ask {
                let answer = askSixels()
                asked = answer.sixels ? .sixels : .symbols
                typed = answer.typed
            }
            guard case .terminal(var arguments, let note) = ChafaCommand.display(
                path: path, width: size.width, height: size.height, environment: env, configured: terminal.imageFormat, asked: asked)
            else { return }
            arguments[0] = chafa
            // A clean screen for the picture, then the note and a key.
            FileHandle.standardOutput.write(Data("\u{1B}[H\u{1B}[2J".utf8))
            let p = Process()
            p.executableURL = URL(fileURLWithPath: chafa)
            p.arguments = Array(arguments.dropFirst())
            do {
                try p.run()
                p.waitUntilExit()
                if p.terminationStatus != 0 { failed = L("chafa ended with status %d", Int(p.terminationStatus)) }
            } catch {
                failed = L("chafa did not start: %s", String(describing: error))
            }
            FileHandle.standardOutput.write(Data(("\r\n" + note + "\r\n").utf8))
            waitForKey()
            FileHandle.standardOutput.write(Data("\u{1B}[H\u{1B}[2J".utf8))
        }
        // Keys typed while the terminal was asked go to the viewer, as if typed after the picture.
        if !typed.isEmpty { terminal.pushInput?(typed) }
        send(.photoNote(failed ?? "", isError: failed != nil))
    }

    /// Asks the terminal for its Primary Device Attributes (``DeviceAttributes``) and waits
    /// at most `timeout` seconds for the whole reply, which is read from the input and not
    /// left there. Bytes read around it (a key typed in those 150 ms) are given back as
    /// `typed` (``DeviceAttributes/split(_:)``); after a timeout, the input not yet read is
    /// flushed (a late reply must not reach the viewer as keys).
    /// - Returns: `sixels` true when the reply lists sixel graphics (attribute 4); false for
    ///   any other reply, none in time, or a terminal that cannot be set raw.
    static func askSixels(timeout: TimeInterval = 0.15) -> (sixels: Bool, typed: [UInt8]) {
        var saved = termios()
        guard isatty(STDIN_FILENO) != 0, tcgetattr(STDIN_FILENO, &saved) == 0 else { return (false, []) }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        FileHandle.standardOutput.write(Data(DeviceAttributes.query.utf8))
        var bytes: [UInt8] = []
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline, bytes.count < 256 {
            var fds = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            let ms = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
            guard poll(&fds, 1, ms) > 0 else { break }
            var chunk = [UInt8](repeating: 0, count: 64)
            let n = read(STDIN_FILENO, &chunk, chunk.count)
            guard n > 0 else { break }
            bytes += chunk.prefix(n)
            let split = DeviceAttributes.split(bytes)
            if let attributes = split.attributes { return (DeviceAttributes.hasSixels(attributes), split.others) }
        }
        // No whole reply in time: the rest of it, still unread, is dropped rather than read as keys.
        tcflush(STDIN_FILENO, TCIFLUSH)
        return (false, DeviceAttributes.split(bytes).others)
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

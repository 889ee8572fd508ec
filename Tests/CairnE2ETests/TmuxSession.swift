import Foundation

/// Drives the real `cairn` binary inside a detached tmux session, as a user would:
/// send keys, read the screen with `capture-pane`, resize, and poll until text appears.
/// See PLATFORM.md ("Terminal") for the tmux facts this relies on.
final class TmuxSession {
    let name: String
    private let socket: String

    /// Starts `command` in a new session of `width` x `height` cells with a UTF-8 locale and
    /// a 256-colour TERM. Each session gets its own tmux server socket, so tests never touch a
    /// user's tmux.
    init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        name = "cairn-e2e-\(UUID().uuidString.prefix(8))"
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).sock").path
        var env = ["TERM": "tmux-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        env.merge(environment) { $1 }
        let envPrefix = env.sorted { $0.key < $1.key }.map { "\($0.key)=\(TmuxSession.shellQuote($0.value))" }.joined(separator: " ")
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                  "env \(envPrefix) \(command); echo CAIRN-EXIT-$?; sleep 30"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    static func shellQuote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// True when tmux is installed.
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    @discardableResult
    private func tmux(_ args: [String]) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/tmux")
        p.arguments = ["-S", socket] + args
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// Sends tmux key names ("Right", "Enter", "q", "S-Right", "Escape").
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    /// Sends literal text.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", name, "-l", text]) }

    /// The visible screen as lines of text (`withColours` adds SGR escapes).
    func screen(withColours: Bool = false) throws -> String {
        try tmux(["capture-pane", "-p", "-t", name] + (withColours ? ["-e"] : []))
    }

    /// Resizes the window (the program receives SIGWINCH / KEY_RESIZE).
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen until `predicate` holds or `timeout` seconds pass.
    /// - Returns: the last screen seen, and whether the predicate held.
    @discardableResult
    func waitFor(timeout: Double = 10, _ predicate: (String) -> Bool) throws -> (screen: String, ok: Bool) {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return (last, true) }
            Thread.sleep(forTimeInterval: 0.05)
        }
        return (last, false)
    }

    /// Polls until `text` is on screen.
    @discardableResult
    func waitFor(text: String, timeout: Double = 10) throws -> (screen: String, ok: Bool) {
        try waitFor(timeout: timeout) { $0.contains(text) }
    }
}

/// Paths of the repository and the built binary, from this file's location.
enum E2EPaths {
    static let repo: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static var cairn: String { repo.appendingPathComponent(".build/debug/cairn").path }
    static var samples: URL { repo.appendingPathComponent("Samples") }
    static var sharedData: URL? {
        let u = repo.deletingLastPathComponent().appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: u.path) ? u : nil
    }
}

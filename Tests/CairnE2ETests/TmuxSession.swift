import Foundation

/// Drives the real `cairn` binary inside a detached tmux session, as a user would:
/// send keys, read the screen with `capture-pane`, resize, and poll until text appears.
/// See PLATFORM.md ("Terminal") for the tmux facts this relies on.
final class TmuxSession {
    let name: String
    private let socket: String

    /// Starts `command` in a new session of `width` x `height` cells with a UTF-8 locale and
    /// a 256-colour TERM. Each session gets its own tmux server socket, so tests never touch a
    /// user's tmux. When the command ends, `CAIRN-EXIT-<status>` is printed at the start of a
    /// line of its own: a program killed in raw mode leaves the cursor anywhere (and no CR on
    /// a newline), so the marker could otherwise wrap across the screen's right edge.
    init(command: String, width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws {
        name = "cairn-e2e-\(UUID().uuidString.prefix(8))"
        socket = FileManager.default.temporaryDirectory.appendingPathComponent("\(name).sock").path
        var env = ["TERM": "tmux-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8"]
        env.merge(environment) { $1 }
        let envPrefix = env.sorted { $0.key < $1.key }.map { "\($0.key)=\(TmuxSession.shellQuote($0.value))" }.joined(separator: " ")
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)",
                  "env \(envPrefix) \(command); s=$?; stty sane 2>/dev/null; printf '\\r\\nCAIRN-EXIT-%s\\r\\n' \"$s\"; sleep 30"])
    }

    deinit { _ = try? tmux(["kill-server"]) }

    static func shellQuote(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    /// True when tmux is installed.
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux") }

    /// Runs one tmux client command and returns what it printed.
    ///
    /// Spawned with `posix_spawn` and reaped with `waitpid`, not Foundation's `Process`:
    /// `new-session` starts a daemon that outlives the client, and `Process` can wait for it;
    /// the signal mask is emptied so the child does not inherit the test runner's blocked signals.
    @discardableResult
    private func tmux(_ args: [String]) throws -> String {
        let outPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString).out").path
        defer { try? FileManager.default.removeItem(atPath: outPath) }
        let argv = ["/usr/bin/tmux", "-S", socket] + args
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK))
        var cArgs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
        defer { for a in cArgs { free(a) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, argv[0], &actions, &attr, &cArgs, environ)
        guard rc == 0 else { throw NSError(domain: "tmux", code: Int(rc)) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
    }

    /// Sends tmux key names ("Right", "Enter", "q", "S-Right", "Escape").
    func send(_ keys: String...) throws { try tmux(["send-keys", "-t", name] + keys) }

    /// Sends several tmux key names in one client call.
    func sendKeys(_ keys: [String]) throws { try tmux(["send-keys", "-t", name] + keys) }

    /// Sends raw bytes, as a terminal would (`send-keys -H`): escape sequences tmux itself
    /// would not produce for a key name.
    func sendBytes(_ bytes: [UInt8]) throws {
        try tmux(["send-keys", "-t", name, "-H"] + bytes.map { String(format: "%02x", $0) })
    }

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
    /// `.build/debug/cairn`, or `cairn` in `CAIRN_BUILD_DIR` (the sanitizer builds' directory).
    static var cairn: String {
        (ProcessInfo.processInfo.environment["CAIRN_BUILD_DIR"] ?? repo.appendingPathComponent(".build/debug").path) + "/cairn"
    }
    static var samples: URL { repo.appendingPathComponent("Samples") }
    static var sharedData: URL? {
        let u = repo.deletingLastPathComponent().appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: u.path) ? u : nil
    }
}

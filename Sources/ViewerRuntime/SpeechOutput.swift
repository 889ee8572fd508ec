import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Spoken alerts through espeak-ng, when it is installed: `espeak-ng "Off route"` started with
/// `posix_spawn` (standard input and output on /dev/null so nothing reaches the curses screen,
/// an empty signal mask) and reaped on a background queue — fire and forget.
public final class SpeechOutput: Sendable {
    /// The program looked for on the PATH.
    public static let programName = "espeak-ng"

    /// The executable found, or nil when espeak-ng is not installed.
    public let executable: String?
    private let reaper = DispatchQueue(label: "cairn.speech")

    /// Looks for espeak-ng on `environment["PATH"]` (or an explicit executable path).
    public init(environment: [String: String], executable: String? = nil) {
        self.executable = executable ?? SpeechOutput.find(SpeechOutput.programName, path: environment["PATH"])
    }

    /// True when speech can be produced.
    public var isAvailable: Bool { executable != nil }

    /// The first executable `name` in the colon-separated `path`.
    public static func find(_ name: String, path: String?) -> String? {
        for dir in (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":") where !dir.isEmpty {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts `espeak-ng TEXT` and returns at once; the child is reaped in the background.
    /// - Returns: false when espeak-ng is missing or could not be started.
    @discardableResult
    public func speak(_ text: String) -> Bool {
        guard let executable else { return false }
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup(executable), strdup(text), nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, &attr, argv, environ) == 0 else { return false }
        let child = pid
        reaper.async {
            var status: Int32 = 0
            while waitpid(child, &status, 0) < 0 && errno == EINTR {}
        }
        return true
    }
}

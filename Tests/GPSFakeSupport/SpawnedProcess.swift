import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn, with an empty signal mask and default signal
/// actions (Foundation's `Process` passes on the test runner's blocked signals, and gpsfake
/// with SIGTERM/SIGINT blocked can neither be stopped nor finish), stdin/stdout/stderr on
/// /dev/null. Shared by the TrailLive gpsfake test and the `cairn follow` end-to-end test.
public final class SpawnedProcess {
    /// Why spawning failed.
    public struct SpawnError: Error, CustomStringConvertible {
        public var path: String
        public var code: Int32
        public var description: String { "spawn \(path): \(String(cString: strerror(code)))" }
    }

    public let pid: pid_t
    private var exited = false

    public init(_ path: String, _ arguments: [String]) throws {
        var attr = posix_spawnattr_t()
        posix_spawnattr_init(&attr)
        defer { posix_spawnattr_destroy(&attr) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attr, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attr, &defaults)
        posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var child: pid_t = 0
        let rc = posix_spawn(&child, path, &actions, &attr, argv, environ)
        guard rc == 0 else { throw SpawnError(path: path, code: rc) }
        pid = child
    }

    /// Waits up to `timeout` seconds for the process to exit; true when it has.
    @discardableResult
    public func wait(timeout: Double) -> Bool {
        if exited { return true }
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid { exited = true; return true }
            usleep(20_000)
        } while Date() < deadline
        return false
    }

    /// Asks politely (SIGINT, then SIGTERM), then SIGKILL, and reaps the process.
    public func stop() {
        for sig in [SIGINT, SIGTERM] where !exited {
            kill(pid, sig)
            wait(timeout: 2)
        }
        if !exited { kill(pid, SIGKILL); wait(timeout: 2) }
    }
}

/// The first executable `name` on the PATH, or nil.
public func which(_ name: String) -> String? {
    for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(dir)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

import Foundation
import Synchronization
import Localization
#if canImport(Glibc)
import Glibc
#endif

/// Where a running recording or follow listens for `cairn record pause|resume|finish|place`
/// and `cairn status` from another shell: a Unix stream socket, one per user.
///
/// Path: `$XDG_RUNTIME_DIR/cairn/live.sock` when `XDG_RUNTIME_DIR` is an absolute path
/// (systemd's per-user `/run/user/UID`, mode 0700, removed at logout); otherwise
/// `/tmp/cairn-UID/live.sock`. The folder is created with mode 0700 and refused unless it is
/// owned by this user with no group or other permission bits, so no other user can reach or
/// replace the socket; the socket itself is made 0600 and the server also checks the peer's
/// uid (`SO_PEERCRED`). (DECISIONS.md 840.)
public enum LiveControlSocket {
    /// The socket's file name inside its folder.
    public static let fileName = "live.sock"

    /// The folder holding the socket for `environment` (see the type's description).
    public static func directory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            return (runtime.hasSuffix("/") ? String(runtime.dropLast()) : runtime) + "/cairn"
        }
        return "/tmp/cairn-\(getuid())"
    }

    /// The socket's path for `environment`.
    public static func path(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        directory(environment: environment) + "/" + fileName
    }

    /// Creates `directory` (mode 0700) when missing and checks it is this user's alone.
    /// - Throws: ``LiveControlError/unsafeDirectory(_:_:)`` when it is not a folder, is owned by
    ///   another user or is open to group or others; ``LiveControlError/system(_:)`` when it cannot be made.
    public static func prepare(directory: String) throws(LiveControlError) {
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            let code = errno
            throw .system(SystemCallError(operation: L("create %s", directory), code: code))
        }
        var st = stat()
        guard lstat(directory, &st) == 0 else {
            let code = errno
            throw .system(SystemCallError(operation: L("stat %s", directory), code: code))
        }
        guard (st.st_mode & S_IFMT) == S_IFDIR else { throw .unsafeDirectory(directory, L("not a folder")) }
        guard st.st_uid == getuid() else {
            throw .unsafeDirectory(directory, L("owned by uid %s, not this user (%s)", String(st.st_uid), String(getuid())))
        }
        guard st.st_mode & 0o077 == 0 else {
            // TRANSLATORS: %s is an octal file mode (755); keep the command `chmod 700`.
            throw .unsafeDirectory(directory, L("open to other users (mode %s); `chmod 700` it", String(st.st_mode & 0o777, radix: 8)))
        }
    }

    /// Fills a `sockaddr_un` for `path`.
    /// - Throws: ``LiveControlError/pathTooLong(_:)`` beyond the 107 bytes `sun_path` holds.
    static func address(_ path: String) throws(LiveControlError) -> sockaddr_un {
        var addr = sockaddr_un()
        addr.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        let capacity = MemoryLayout.size(ofValue: addr.sun_path)
        guard bytes.count < capacity else { throw .pathTooLong(path) }
        withUnsafeMutableBytes(of: &addr.sun_path) { raw in
            for (i, b) in bytes.enumerated() { raw[i] = b }
            raw[bytes.count] = 0
        }
        return addr
    }

    /// Connects to `path`; the descriptor, or the failing errno.
    static func connect(_ path: String) throws(LiveControlError) -> Int32 {
        var addr = try address(path)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw .system(SystemCallError(operation: "socket", code: errno)) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if rc != 0 {
            let code = errno
            close(fd)
            switch code {
            case ENOENT: throw .notRunning(path, stale: false)
            case ECONNREFUSED: throw .notRunning(path, stale: true)
            default: throw .system(SystemCallError(operation: L("connect to %s", path), code: code))
            }
        }
        return fd
    }

    /// Writes all of `bytes` (MSG_NOSIGNAL: a peer gone gives EPIPE, not SIGPIPE).
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }

    /// Reads one line (without its "\n") within `timeout` seconds, at most `limit` bytes; nil on
    /// timeout, error or a line too long.
    static func readLine(_ fd: Int32, timeout: Double, limit: Int = 65_536) -> String? {
        var data = [UInt8]()
        let end = Date().addingTimeInterval(timeout)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let nl = data.firstIndex(of: 10) { return String(decoding: data[..<nl], as: UTF8.self) }
            let left = end.timeIntervalSinceNow
            guard left > 0, data.count <= limit else { return nil }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, Int32(left * 1000) + 1)
            if r < 0 { if errno == EINTR { continue }; return nil }
            if r == 0 { return nil }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0 { if errno == EINTR { continue }; return nil }
            if n == 0 { return data.isEmpty ? nil : String(decoding: data, as: UTF8.self) }
            data.append(contentsOf: buffer[0..<n])
        }
    }
}

/// Why the control socket could not be used.
public enum LiveControlError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing listens at the path (`stale`: a socket file is there, left by a process that ended).
    case notRunning(String, stale: Bool)
    /// Another live cairn process already serves the socket.
    case busy(String)
    /// The socket's folder cannot be trusted (path, why).
    case unsafeDirectory(String, String)
    /// The path does not fit a Unix socket address (107 bytes).
    case pathTooLong(String)
    /// The running process did not answer in time.
    case noAnswer(String)
    /// A system call failed.
    case system(SystemCallError)

    public var description: String {
        switch self {
        case .notRunning(let path, let stale):
            return stale
                ? L("nothing is recording or following: no cairn process listens at %s (the socket there was left by a process that ended)", path)
                : L("nothing is recording or following: no cairn process listens at %s", path)
        case .busy(let path): return L("another cairn process (a recording or a followed walk) already takes commands at %s; `cairn status` tells which", path)
        case .unsafeDirectory(let path, let why): return L("the control folder %s is not safe: %s", path, why)
        case .pathTooLong(let path): return L("the control socket path is too long for a Unix socket (%d bytes, at most 107): %s", path.utf8.count, path)
        case .noAnswer(let path): return L("the cairn process at %s did not answer within the time allowed", path)
        case .system(let e): return e.description
        }
    }
}

/// The running process's side: accepts one connection at a time on its own thread, reads one
/// request line, answers with the line `handler` returns, and closes. Started by the live
/// loops (headless `cairn record`, the recording and follow screens); a socket file left by a
/// killed process (nothing accepts on it) is replaced, one a live process serves is not.
/// `Sendable` checked by the compiler: the stop flag is a `Mutex`, the rest is immutable.
public final class LiveControlServer: Sendable {
    /// The socket's path.
    public let path: String
    private let fd: Int32
    private let inode: (dev: UInt64, ino: UInt64)
    private let stopped = Mutex(false)
    private let finished = Mutex(false)

    /// Binds and listens at `path` (its folder prepared by ``LiveControlSocket/prepare(directory:)``),
    /// and starts the accepting thread.
    /// - Parameter handler: called on the server's thread with each request line; returns the answer line.
    /// - Throws: ``LiveControlError/busy(_:)`` when a live process serves the path, other ``LiveControlError``s.
    public convenience init(path: String, handler: @escaping @Sendable (String) -> String) throws(LiveControlError) {
        try LiveControlSocket.prepare(directory: (path as NSString).deletingLastPathComponent)
        switch Result(catching: { () throws(LiveControlError) -> Int32 in try LiveControlSocket.connect(path) }) {
        case .success(let probe):
            close(probe)
            throw .busy(path)
        case .failure(.notRunning(_, let stale)):
            if stale { unlink(path) }  // left by a process that ended
        case .failure(let other):
            throw other
        }
        try self.init(bound: path, handler: handler)
    }

    private init(bound path: String, handler: @escaping @Sendable (String) -> String) throws(LiveControlError) {
        self.path = path
        var addr = try LiveControlSocket.address(path)
        let s = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        guard s >= 0 else { throw .system(SystemCallError(operation: "socket", code: errno)) }
        _ = fcntl(s, F_SETFD, FD_CLOEXEC)
        let old = umask(0o177)
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(s, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        umask(old)
        guard rc == 0, chmod(path, 0o600) == 0, listen(s, 8) == 0 else {
            let code = errno
            let e = SystemCallError(operation: L("listen at %s", path), code: code)
            close(s)
            throw .system(e)
        }
        var st = stat()
        _ = stat(path, &st)
        fd = s
        inode = (UInt64(st.st_dev), UInt64(st.st_ino))
        let thread = Thread { [self] in self.serve(handler) }
        thread.name = "cairn.control"
        thread.start()
    }

    private func serve(_ handler: @Sendable (String) -> String) {
        defer { finished.withLock { $0 = true } }
        while !stopped.withLock({ $0 }) {
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, 200) > 0 else { continue }
            let client = accept(fd, nil, nil)
            guard client >= 0 else { continue }
            defer { close(client) }
            // struct ucred { pid_t pid; uid_t uid; gid_t gid; } (socket(7)); Glibc hides it without _GNU_SOURCE.
            var cred: (pid: Int32, uid: UInt32, gid: UInt32) = (0, 0, 0)
            var len = socklen_t(MemoryLayout<(Int32, UInt32, UInt32)>.size)
            guard getsockopt(client, SOL_SOCKET, SO_PEERCRED, &cred, &len) == 0, cred.uid == getuid() else { continue }
            guard let line = LiveControlSocket.readLine(client, timeout: 2) else { continue }
            _ = LiveControlSocket.writeAll(client, Array((handler(line) + "\n").utf8))
        }
    }

    /// Stops accepting and removes the socket file (when it is still this server's).
    public func stop() {
        let first = stopped.withLock { s in defer { s = true }; return !s }
        guard first else { return }
        let deadline = Date().addingTimeInterval(1)
        while !finished.withLock({ $0 }) && Date() < deadline { usleep(10_000) }
        var st = stat()
        if stat(path, &st) == 0, UInt64(st.st_dev) == inode.dev, UInt64(st.st_ino) == inode.ino { unlink(path) }
        close(fd)
    }

    deinit { stop() }
}

/// The other shell's side: one request line, one answer line.
public enum LiveControlClient {
    /// Sends `request` to the process listening at `path` and returns its answer line.
    /// - Throws: ``LiveControlError/notRunning(_:stale:)`` when nothing listens,
    ///   ``LiveControlError/noAnswer(_:)`` after `timeout` seconds, other ``LiveControlError``s.
    public static func send(_ request: String, to path: String, timeout: Double = 5) throws(LiveControlError) -> String {
        let fd = try LiveControlSocket.connect(path)
        defer { close(fd) }
        let line = request.replacingOccurrences(of: "\n", with: " ") + "\n"
        guard LiveControlSocket.writeAll(fd, Array(line.utf8)) else {
            let code = errno
            throw .system(SystemCallError(operation: L("write to %s", path), code: code))
        }
        guard let answer = LiveControlSocket.readLine(fd, timeout: timeout) else { throw .noAnswer(path) }
        return answer
    }
}

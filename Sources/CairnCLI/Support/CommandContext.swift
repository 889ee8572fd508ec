import Foundation

/// A text sink (stdout, stderr, or a String in tests).
public protocol OutputSink: AnyObject {
    func write(_ s: String)
}

/// Writes to a file descriptor, unbuffered by Swift (one `write(2)` per call).
public final class FileDescriptorSink: OutputSink {
    public let fd: Int32
    public init(fd: Int32) { self.fd = fd }
    public func write(_ s: String) {
        var s = s
        s.withUTF8 { buf in
            var off = 0
            while off < buf.count {
                let n = Foundation.write(fd, buf.baseAddress! + off, buf.count - off)
                if n < 0 { if errno == EINTR { continue }; return }
                off += n
            }
        }
    }
    /// True when the descriptor is a terminal.
    public var isTerminal: Bool { isatty(fd) != 0 }
}

/// Collects output in memory (tests).
public final class StringSink: OutputSink {
    public private(set) var text = ""
    public init() {}
    public func write(_ s: String) { text += s }
}

/// What a command may use from the outside world: output streams, environment, working
/// directory, the clock and whether stdin/stderr are terminals. Injected so commands are testable.
public struct CommandContext {
    public var stdout: OutputSink
    public var stderr: OutputSink
    public var environment: [String: String]
    public var currentDirectory: String
    public var now: @Sendable () -> Date
    public var stdinIsTerminal: Bool
    public var stderrIsTerminal: Bool
    public var stdoutIsTerminal: Bool
    /// Reads one line of standard input without its newline, nil at end of input (questions
    /// such as `cairn delete`'s confirmation).
    public var readLine: () -> String?
    /// True for the real process: a long command (`import`) then catches SIGINT and SIGTERM
    /// to stop cleanly. False by default, so commands run inside tests leave the test
    /// process's signal handling alone.
    public var watchesSignals: Bool

    public init(stdout: OutputSink, stderr: OutputSink, environment: [String: String],
                currentDirectory: String = FileManager.default.currentDirectoryPath,
                now: @escaping @Sendable () -> Date = Date.init,
                stdinIsTerminal: Bool = false, stderrIsTerminal: Bool = false, stdoutIsTerminal: Bool = false,
                readLine: @escaping () -> String? = { Swift.readLine() }, watchesSignals: Bool = false) {
        self.stdout = stdout
        self.stderr = stderr
        self.environment = environment
        self.currentDirectory = currentDirectory
        self.now = now
        self.stdinIsTerminal = stdinIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.stdoutIsTerminal = stdoutIsTerminal
        self.readLine = readLine
        self.watchesSignals = watchesSignals
    }

    /// The context of the running process.
    /// The environment and working directory are read from the C library (`environ`, `getcwd`),
    /// not through Foundation's ProcessInfo and FileManager, whose set-up every start of cairn
    /// paid (DECISIONS 1071).
    public static func process() -> CommandContext {
        let out = FileDescriptorSink(fd: 1), err = FileDescriptorSink(fd: 2)
        return CommandContext(stdout: out, stderr: err, environment: Self.processEnvironment(),
                              currentDirectory: Self.workingDirectory() ?? FileManager.default.currentDirectoryPath,
                              stdinIsTerminal: isatty(0) != 0, stderrIsTerminal: err.isTerminal,
                              stdoutIsTerminal: out.isTerminal, watchesSignals: true)
    }

    /// Resolves a user-given path against the working directory.
    public func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (currentDirectory as NSString).appendingPathComponent(path)
    }
}

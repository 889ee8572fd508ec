import Foundation

/// Runs `cairn-overpass`, the small program that makes the Overpass API request of
/// `cairn map fetch` (``OverpassClient`` there, on Foundation's URLSession), so that `cairn`
/// itself does not link FoundationNetworking and its libcurl, OpenSSL and Kerberos, which cost
/// every `cairn` start about half its CPU time (DECISIONS 822).
///
/// The program is looked for next to the running executable, then in `../libexec/cairn/`
/// beside it (where `make install` puts it). The query goes as an argument (a few hundred
/// bytes; a pipe to a program that ended early would raise SIGPIPE here); its standard error carries one ``Line`` per event, read here as they come, so the notes
/// ("the server is busy…") reach the user while the request waits.
public struct OverpassHelper: Sendable {
    /// The name of the program.
    public static let programName = "cairn-overpass"

    /// Path of the program.
    public var path: String

    public init(path: String) { self.path = path }

    /// The program beside `executable` (default: this process's own file, `/proc/self/exe`),
    /// else in `../libexec/cairn/` beside it; nil when neither exists.
    public static func find(executable: String? = nil) -> OverpassHelper? {
        guard let exe = executable ?? ownExecutable() else { return nil }
        let dir = (exe as NSString).deletingLastPathComponent
        for candidate in [dir + "/" + programName, dir + "/../libexec/cairn/" + programName]
        where FileManager.default.isExecutableFile(atPath: candidate) {
            return OverpassHelper(path: candidate)
        }
        return nil
    }

    /// The running executable's path (resolved `/proc/self/exe`), nil when it cannot be read.
    static func ownExecutable() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// One line of the program's standard error.
    public enum Line: Equatable, Sendable {
        /// A note for the user.
        case note(String)
        /// The request failed.
        case error(OverpassError)
        /// Anything else the program printed (shown as it is).
        case other(String)

        /// The line as the program writes it, newline included.
        public var text: String {
            switch self {
            case .note(let s): return "note: " + s.replacingOccurrences(of: "\n", with: " ") + "\n"
            case .error(let e):
                let json = (try? JSONEncoder().encode(e)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
                return "error: " + json + "\n"
            case .other(let s): return s + "\n"
            }
        }

        /// Reads one line (without its newline).
        public init(parsing line: String) {
            if line.hasPrefix("note: ") {
                self = .note(String(line.dropFirst(6)))
            } else if line.hasPrefix("error: "),
                      let e = try? JSONDecoder().decode(OverpassError.self, from: Data(line.dropFirst(7).utf8)) {
                self = .error(e)
            } else {
                self = .other(line)
            }
        }
    }

    /// Sends `query` to `endpoint` through the program and has the complete answer written
    /// to `path` (the same politeness as ``OverpassClient``: User-Agent, retries on 429/503/504
    /// after `Retry-After`, size cap, client timeout).
    /// - Parameters:
    ///   - maxBytes: bytes accepted before the request is cancelled.
    ///   - timeout: seconds the whole request may take.
    ///   - note: called with each note while the request runs.
    /// - Throws: ``OverpassError``: the program's own, or ``OverpassError/transport(_:)`` when
    ///   it cannot be run or ends without saying why.
    public func fetch(query: String, endpoint: String, userAgent: String, maxBytes: Int, timeout: Double, to path: String,
                      note: (String) -> Void) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: self.path)
        process.arguments = ["--endpoint", endpoint, "--user-agent", userAgent, "--max-bytes", String(maxBytes),
                             "--timeout", String(timeout), "--out", path, "--query", query]
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        do { try process.run() } catch {
            throw OverpassError.transport("cannot run \(self.path): \(error)")
        }
        var failure: OverpassError?
        var others: [String] = []
        var pending = Data()
        let reader = errors.fileHandleForReading
        func handle(_ raw: Data) {
            switch Line(parsing: String(decoding: raw, as: UTF8.self)) {
            case .note(let s): note(s)
            case .error(let e): failure = e
            case .other(let s): others.append(s)
            }
        }
        while true {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            pending.append(chunk)
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                handle(pending[pending.startIndex..<newline])
                pending.removeSubrange(pending.startIndex...newline)
            }
        }
        if !pending.isEmpty { handle(pending) }
        process.waitUntilExit()
        if let failure { throw failure }
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let said = others.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            throw OverpassError.transport("\(Self.programName) ended with status \(process.terminationStatus)"
                                          + (said.isEmpty ? "" : ": " + said))
        }
    }
}

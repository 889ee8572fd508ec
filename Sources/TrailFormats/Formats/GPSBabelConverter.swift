import Localization
import Foundation
import Synchronization

/// Converts a file in one of gpsbabel's formats (IGC, NMEA, OziExplorer, Garmin GDB…) to GPX by
/// running `gpsbabel -i FORMAT -f FILE -o gpx -F -` as a child process: no shell (the arguments
/// are passed as they are, so no file name can inject a command), stdin closed, a time limit and
/// an output limit, stderr kept for the message. The GPX it writes is read by ``GPXReader``.
public enum GPSBabelConverter {
    /// Seconds gpsbabel may run before it is killed.
    public static let defaultTimeLimit: TimeInterval = 120
    /// Bytes of GPX accepted from gpsbabel before it is killed.
    public static let defaultOutputLimit = 512 * 1024 * 1024

    /// The gpsbabel executable on `PATH` (from `environment`), or nil.
    public static func executable(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        let path = environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for dir in path.split(separator: ":") where !dir.isEmpty {
            let candidate = String(dir) + "/gpsbabel"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Converts `url` from gpsbabel format `format` and reads the result.
    /// - Parameters:
    ///   - format: a gpsbabel input format name (`igc`, `nmea`, `ozi`, `garmin_fit`…): letters,
    ///     digits and `_` only (gpsbabel's `,option=value` suffixes are refused).
    /// - Throws: ``TrackFileError`` (`.conversion`) when gpsbabel is missing, fails, exceeds a
    ///   limit; ``GPXError`` when its output is not readable GPX.
    public static func read(url: URL, format: String, options: TrackReadOptions = .lenient,
                            environment: [String: String] = ProcessInfo.processInfo.environment,
                            timeLimit: TimeInterval = defaultTimeLimit,
                            outputLimit: Int = defaultOutputLimit) throws -> GPXReadResult {
        let name = url.lastPathComponent
        func failure(_ reason: String) -> TrackFileError {
            TrackFileError(kind: .conversion, format: nil, fileName: name, reason: reason)
        }
        guard !format.isEmpty, format.count <= 40,
              format.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) || $0 == "_" }) else {
            throw failure(L("'%s' is not a gpsbabel format name (letters, digits and _; `gpsbabel -h` lists them)", format.prefix(40)))
        }
        guard let exe = executable(environment: environment) else {
            throw failure(L("gpsbabel is not installed (Debian: apt-get install gpsbabel); it is needed for --via-gpsbabel"))
        }
        guard FileManager.default.isReadableFile(atPath: url.path) else {
            throw TrackFileError(kind: .io, format: nil, fileName: name, reason: L("cannot open %s", url.path))
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: exe)
        process.arguments = ["-i", format, "-f", url.path, "-o", "gpx", "-F", "-"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            throw failure(L("could not start %s: %s", exe, error.localizedDescription))
        }
        let collected = BoundedCollector(limit: outputLimit)
        let errors = BoundedCollector(limit: 64 * 1024)
        let group = DispatchGroup()
        for (pipe, sink) in [(out, collected), (err, errors)] {
            group.enter()
            DispatchQueue.global().async {
                let h = pipe.fileHandleForReading
                while true {
                    let chunk = h.availableData
                    if chunk.isEmpty { break }
                    if !sink.append(chunk) { process.terminate() }
                }
                group.leave()
            }
        }
        let finished = group.wait(timeout: .now() + timeLimit) == .success
        if !finished {
            process.terminate()
            kill(process.processIdentifier, SIGKILL)
            _ = group.wait(timeout: .now() + 5)
        }
        process.waitUntilExit()
        if !finished { throw failure(L("gpsbabel took longer than %s s and was stopped", Int(timeLimit))) }
        if collected.overflowed { throw failure(L("gpsbabel wrote more than %s MB of GPX and was stopped", outputLimit / 1_048_576)) }
        let message = String(decoding: errors.data, as: UTF8.self)
            .split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            .prefix(3).joined(separator: "; ")
        guard process.terminationStatus == 0 else {
            throw failure(L("`gpsbabel -i %s -f %s -o gpx` failed (exit %d)", format, name, Int(process.terminationStatus))
                          + (message.isEmpty ? "" : ": \(message)"))
        }
        var result = try GPXReader.read(data: collected.data, fileName: name, options: options)
        // The reader's lines are lines of gpsbabel's GPX, not of the user's file: say so.
        result.warnings = result.warnings.map { w in
            w.line > 0 ? GPXWarning(line: 0, message: w.message + " " + L("(line %d of the GPX gpsbabel converted the file to)", w.line)) : w
        }
        return result
    }
}

/// Collects bytes up to a limit, from one reader thread at a time. `Sendable` checked by the
/// compiler: the bytes sit in a `Mutex`.
final class BoundedCollector: Sendable {
    let limit: Int
    private let state = Mutex((bytes: Data(), overflowed: false))

    init(limit: Int) { self.limit = limit }

    /// Appends `chunk`; false once the limit is passed (the rest is dropped).
    func append(_ chunk: Data) -> Bool {
        state.withLock { s in
            guard !s.overflowed else { return false }
            if s.bytes.count + chunk.count > limit {
                s.overflowed = true
                return false
            }
            s.bytes.append(chunk)
            return true
        }
    }

    /// True once more than `limit` bytes were offered.
    var overflowed: Bool { state.withLock { $0.overflowed } }

    var data: Data { state.withLock { $0.bytes } }
}

import Foundation

extension CommandContext {
    /// The process environment, read from the C library's `environ` (POSIX `extern char
    /// **environ`): a dictionary of name to value, as `ProcessInfo.processInfo.environment` gives
    /// it (an entry is split at its first `=`; an entry without `=`, or not valid UTF-8, is
    /// skipped; a name given twice keeps its last value).
    ///
    /// Read at every start of cairn (`main.swift`, ``process()``) instead of
    /// Foundation's `ProcessInfo`: building `ProcessInfo.processInfo` and its environment cost
    /// about a seventh of the CPU of `cairn --version` (type metadata looked up by mangled name,
    /// locks, the singleton), measured with `perf record` (issue 38, DECISIONS 1071).
    ///
    /// Not thread-safe against `setenv`/`unsetenv` in another thread (neither is `environ`).
    public static func processEnvironment() -> [String: String] {
        var result: [String: String] = [:]
        // `environ` is NULL after clearenv(3); Swift imports it as a non-optional pointer.
        guard var entry = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>(bitPattern: Int(bitPattern: environ)) else { return result }
        while let cString = entry.pointee {
            defer { entry += 1 }
            guard let text = String(validatingCString: cString),
                  let equals = text.utf8.firstIndex(of: UInt8(ascii: "=")) else { continue }
            result[String(text[..<equals])] = String(text[text.utf8.index(after: equals)...])
        }
        return result
    }

    /// The working directory (`getcwd`), nil when it cannot be read (removed, or longer than
    /// PATH_MAX).
    public static func workingDirectory() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

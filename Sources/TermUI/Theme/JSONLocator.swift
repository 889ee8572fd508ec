import Foundation

/// Finds lines in JSON text for error messages.
enum JSONLocator {
    /// 1-based line and column (in characters) of byte `offset` (clamped to the data).
    static func lineAndColumn(ofByteOffset offset: Int, in data: Data) -> (line: Int, column: Int) {
        let bytes = [UInt8](data.prefix(max(0, min(offset, data.count))))
        let line = 1 + bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        let lineStart = (bytes.lastIndex(of: 0x0A).map { $0 + 1 }) ?? 0
        let column = 1 + String(decoding: bytes[lineStart...], as: UTF8.self).count
        return (line, column)
    }

    /// The line of the last key of `path`, found by looking for each key in turn as a JSON
    /// object key (`"key"` then optional spaces then `:`) after where the previous one was
    /// found. A text search, good enough for pointing at a line; nil when not found.
    static func line(ofKeyPath path: [String], in data: Data) -> Int? {
        let bytes = [UInt8](data)
        var position = 0
        for key in path {
            // `["key"]` as JSON, less the brackets: the key as it is written, escapes included.
            guard let encoded = try? JSONSerialization.data(withJSONObject: [key]),
                  let found = findKey([UInt8](encoded.dropFirst().dropLast()), in: bytes, from: position) else { return nil }
            position = found
        }
        return lineAndColumn(ofByteOffset: position, in: data).line
    }

    /// Offset of the first `pattern` at or after `start` that is followed by optional
    /// whitespace and a colon.
    static func findKey(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !pattern.isEmpty, bytes.count >= pattern.count else { return nil }
        var i = start
        while i + pattern.count <= bytes.count {
            if bytes[i] == pattern[0] && Array(bytes[i..<i + pattern.count]) == pattern {
                var j = i + pattern.count
                while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D { j += 1 }
                if j < bytes.count && bytes[j] == 0x3A { return i }
            }
            i += 1
        }
        return nil
    }
}

#if canImport(Glibc)
import Glibc
#endif

/// Checks a compiled GNU message catalogue (`.mo`) well enough to tell a damaged file from a
/// good one before gettext silently ignores it. The layout is GNU gettext's (manual, "The
/// Format of GNU MO Files"): a 28-byte header of 32-bit words in the file's byte order — magic
/// 0x950412de, revision (major 0 or 1), N strings, offset of the original-strings table, offset
/// of the translations table, hash size, hash offset — then two tables of N (length, offset)
/// pairs, each string NUL-terminated inside the file.
public enum MessageCatalogue {
    /// Why the file at `path` is not a usable catalogue, or nil when it is (or cannot be opened:
    /// gettext then falls back to English, which is not damage).
    public static func damage(atPath path: String) -> String? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&chunk, 1, chunk.count, f)
            if n > 0 { bytes.append(contentsOf: chunk[..<n]) }
            if n < chunk.count { break }
            if bytes.count > 64 << 20 { return "larger than 64 MB" }
        }
        return damage(of: bytes)
    }

    /// ``damage(atPath:)`` for the file's bytes.
    public static func damage(of bytes: [UInt8]) -> String? {
        guard bytes.count >= 28 else { return "\(bytes.count) bytes, shorter than a catalogue's header" }
        func word(_ at: Int, _ little: Bool) -> UInt32? {
            guard at >= 0, at + 4 <= bytes.count else { return nil }
            let b = bytes[at..<at + 4].map(UInt32.init)
            return little ? b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24 : b[3] | b[2] << 8 | b[1] << 16 | b[0] << 24
        }
        let little: Bool
        if word(0, true) == 0x9504_12de { little = true } else if word(0, false) == 0x9504_12de { little = false } else {
            return "not a GNU message catalogue"
        }
        guard let revision = word(4, little), revision >> 16 <= 1 else { return "unknown format revision" }
        guard let count = word(8, little), let originals = word(12, little), let translations = word(16, little) else {
            return "header cut short"
        }
        let n = Int(count)
        for table in [Int(originals), Int(translations)] {
            guard n <= bytes.count / 8, table + 8 * n <= bytes.count else { return "string table outside the file" }
            for i in 0..<n {
                guard let length = word(table + 8 * i, little), let offset = word(table + 8 * i + 4, little) else {
                    return "string table outside the file"
                }
                let end = Int(offset) + Int(length)
                guard end < bytes.count, bytes[end] == 0 else { return "string \(i) outside the file" }
            }
        }
        return nil
    }
}

import Foundation

/// Stored tags: a flat JSON object of string values (`{"highway":"path","sac_scale":"mountain_hiking"}`),
/// keys sorted. JSON so that SQL can read it too (`json_extract(tags, '$.sac_scale')`, SQLite's
/// JSON1 is compiled into Debian's SQLite); decoded here by a small reader for flat objects
/// that is several times faster than JSONSerialization.
enum TagsJSON {
    /// Encodes tags as a JSON object (RFC 8259 string escaping): ``encodeUTF8(_:)`` as a String.
    static func encode(_ tags: [OSMTag]) -> String {
        String(decoding: encodeUTF8(tags), as: UTF8.self)
    }

    /// Encodes tags as a JSON object's UTF-8 text, in the order given: `{"key":"value",...}`.
    ///
    /// Escaped: `"` and `\` with a backslash, newline, carriage return and tab as `\n`, `\r`,
    /// `\t`, the other control characters below U+0020 as `\u00XX` (lowercase hex); every other
    /// character is copied as its UTF-8 bytes (no byte of a multi-byte character is below 0x80,
    /// so escaping byte by byte is escaping character by character). A string without a byte to
    /// escape is copied whole (DECISIONS 1101).
    static func encodeUTF8(_ tags: [OSMTag]) -> [UInt8] {
        var size = 2
        for t in tags { size += t.key.utf8.count + t.value.utf8.count + 6 }
        var out: [UInt8] = []
        out.reserveCapacity(size)
        out.append(UInt8(ascii: "{"))
        for (i, t) in tags.enumerated() {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            appendString(t.key, &out)
            out.append(UInt8(ascii: ":"))
            appendString(t.value, &out)
        }
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func appendString(_ s: String, _ out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        if s.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, &out) }) == nil {
            appendEscaped(Array(s.utf8), &out)
        }
        out.append(UInt8(ascii: "\""))
    }

    @inline(__always) private static func needsEscape(_ b: UInt8) -> Bool {
        b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\")
    }

    private static func appendEscaped<C: Collection<UInt8>>(_ bytes: C, _ out: inout [UInt8]) {
        guard bytes.contains(where: needsEscape) else { out.append(contentsOf: bytes); return }
        let hex = Array("0123456789abcdef".utf8)
        for b in bytes {
            switch b {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\\")); out.append(b)
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(b)
            case UInt8(ascii: "\n"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
            case UInt8(ascii: "\r"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
            case UInt8(ascii: "\t"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
            case ..<0x20: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(b >> 4)], hex[Int(b & 15)]])
            default: out.append(b)
            }
        }
    }

    /// Decodes a flat JSON object of strings; nil when the text is not one.
    static func decode(_ text: String) -> [String: String]? {
        var text = text
        return text.withUTF8 { decode(UnsafeRawBufferPointer($0)) }
    }

    /// Decodes a flat JSON object of strings from UTF-8 bytes; nil when it is not one.
    static func decode(_ b: UnsafeRawBufferPointer) -> [String: String]? {
        var out: [String: String] = [:]
        // Sized once (a pair takes at least 6 bytes, `"k":"v"`, typically 15-25): no rehashing.
        var pairs = 0
        for j in b.indices where b[j] == UInt8(ascii: ":") { pairs += 1 }
        out.reserveCapacity(pairs)
        var escapesDecode = true
        let shaped = forEachPair(b) { k, v in
            guard let key = string(k), let value = string(v) else { escapesDecode = false; return false }
            out[key] = value
            return true
        }
        return shaped && escapesDecode ? out : nil
    }

    /// One JSON string's contents as found in the text: the bytes between the quotes, and
    /// whether they hold a backslash escape (then ``string(_:)`` unescapes them).
    struct RawString {
        var bytes: UnsafeRawBufferPointer
        var escaped: Bool
    }

    /// The text of `raw`, unescaped; nil when an escape is malformed.
    static func string(_ raw: RawString) -> String? {
        raw.escaped ? unescape(raw.bytes) : String(decoding: raw.bytes, as: UTF8.self)
    }

    /// Calls `body` with each key and value of a flat JSON object of strings, in text order,
    /// without decoding them; `body` returns false to stop.
    /// - Returns: true when the whole object was read and is well formed (or `body` stopped
    ///   early: the rest is not checked); false when the text is not such an object.
    static func forEachPair(_ b: UnsafeRawBufferPointer, _ body: (RawString, RawString) -> Bool) -> Bool {
        var i = 0
        func skipSpace() { while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 } }
        func string() -> RawString? {
            guard i < b.count, b[i] == UInt8(ascii: "\"") else { return nil }
            i += 1
            let start = i
            var escaped = false
            while i < b.count, b[i] != UInt8(ascii: "\"") {
                if b[i] == UInt8(ascii: "\\") { escaped = true; i += 2 } else { i += 1 }
            }
            guard i < b.count else { return nil }
            defer { i += 1 }
            return RawString(bytes: UnsafeRawBufferPointer(rebasing: b[start..<i]), escaped: escaped)
        }
        skipSpace()
        guard i < b.count, b[i] == UInt8(ascii: "{") else { return false }
        i += 1
        skipSpace()
        if i < b.count, b[i] == UInt8(ascii: "}") { return true }
        while true {
            skipSpace()
            guard let k = string() else { return false }
            skipSpace()
            guard i < b.count, b[i] == UInt8(ascii: ":") else { return false }
            i += 1
            skipSpace()
            guard let v = string() else { return false }
            if !body(k, v) { return true }
            skipSpace()
            guard i < b.count else { return false }
            if b[i] == UInt8(ascii: ",") { i += 1; continue }
            if b[i] == UInt8(ascii: "}") { return true }
            return false
        }
    }

    /// True when `b` is a flat JSON object of strings whose escapes all decode.
    static func isValid(_ b: UnsafeRawBufferPointer) -> Bool {
        var ok = true
        let shaped = forEachPair(b) { k, v in
            if k.escaped && unescape(k.bytes) == nil || v.escaped && unescape(v.bytes) == nil { ok = false }
            return ok
        }
        return shaped && ok
    }

    private static func unescape(_ raw: UnsafeRawBufferPointer) -> String? {
        var scalars = String.UnicodeScalarView()
        var bytes: [UInt8] = []
        var i = 0
        func flush() {
            if !bytes.isEmpty { scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars); bytes.removeAll() }
        }
        func hex4(_ at: Int) -> UInt32? {
            guard at + 4 <= raw.count else { return nil }
            return UInt32(String(decoding: UnsafeRawBufferPointer(rebasing: raw[at..<at + 4]), as: UTF8.self), radix: 16)
        }
        while i < raw.count {
            let c = raw[i]
            guard c == UInt8(ascii: "\\") else { bytes.append(c); i += 1; continue }
            guard i + 1 < raw.count else { return nil }
            flush()
            let e = raw[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "u"):
                guard var v = hex4(i) else { return nil }
                i += 4
                if (0xD800..<0xDC00).contains(v), i + 6 <= raw.count, raw[i] == UInt8(ascii: "\\"),
                   raw[i + 1] == UInt8(ascii: "u"), let lo = hex4(i + 2), (0xDC00..<0xE000).contains(lo) {
                    v = 0x10000 + ((v - 0xD800) << 10) + (lo - 0xDC00)
                    i += 6
                }
                scalars.append(Unicode.Scalar(v) ?? "\u{FFFD}")
            default: scalars.append(Unicode.Scalar(e))
            }
        }
        flush()
        return String(scalars)
    }
}

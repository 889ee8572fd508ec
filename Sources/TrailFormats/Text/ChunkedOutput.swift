import Foundation

/// A byte buffer for writing XML or JSON in chunks: filled in memory and handed to `sink`
/// whenever it holds `flushThreshold` bytes, so a million-point export never sits in memory.
final class ChunkedOutput {
    private(set) var bytes: [UInt8] = []
    private let sink: (UnsafeRawBufferPointer) throws -> Void
    private let flushThreshold: Int

    init(flushThreshold: Int = 64 * 1024, sink: @escaping (UnsafeRawBufferPointer) throws -> Void) {
        self.sink = sink
        self.flushThreshold = flushThreshold
        bytes.reserveCapacity(flushThreshold + 4096)
    }

    /// Hands the buffer to the sink when it is full enough.
    func flushIfNeeded() throws {
        if bytes.count >= flushThreshold { try flush() }
    }

    /// Hands everything buffered to the sink.
    func flush() throws {
        guard !bytes.isEmpty else { return }
        try bytes.withUnsafeBytes { try sink($0) }
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends markup as is.
    func raw(_ s: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: s.utf8Start, count: s.utf8CodeUnitCount))
    }

    /// Appends trusted ASCII text (numbers, timestamps) as is.
    func raw(_ s: String) {
        bytes.append(contentsOf: s.utf8)
    }

    func byte(_ b: UInt8) { bytes.append(b) }

    /// Appends `date` as ``ISO8601Timestamp/format(_:)`` writes it.
    func timestamp(_ date: Date) {
        ISO8601Timestamp.append(date, to: &bytes)
    }

    /// Appends `s` escaped for XML 1.0 character data (`inAttribute` false) or a double-quoted
    /// attribute value (true).
    ///
    /// `&`, `<`, `>`, `"` and `'` become entity references. CR (and in attributes also tab and
    /// LF) become character references, because XML parsers would otherwise normalise them
    /// away. Characters XML 1.0 does not allow at all (C0 controls other than tab, LF and CR;
    /// U+FFFE; U+FFFF) are removed — the only change ever made to the text.
    func escaped(_ s: String, inAttribute: Bool) {
        var copy = s
        copy.withUTF8 { utf8 in
            var i = 0
            let n = utf8.count
            while i < n {
                let b = utf8[i]
                switch b {
                case UInt8(ascii: "&"): raw("&amp;")
                case UInt8(ascii: "<"): raw("&lt;")
                case UInt8(ascii: ">"): raw("&gt;")
                case UInt8(ascii: "\""): raw("&quot;")
                case UInt8(ascii: "'"): raw("&apos;")
                case 0x0D: raw("&#13;")
                case 0x09: if inAttribute { raw("&#9;") } else { bytes.append(b) }
                case 0x0A: if inAttribute { raw("&#10;") } else { bytes.append(b) }
                case 0x00..<0x20: break  // not allowed in XML 1.0
                case 0xEF where i + 2 < n && utf8[i + 1] == 0xBF && (utf8[i + 2] == 0xBE || utf8[i + 2] == 0xBF):
                    i += 2  // U+FFFE / U+FFFF: not allowed in XML 1.0
                default: bytes.append(b)
                }
                i += 1
            }
        }
    }

    /// Appends `s` as the body of a JSON string (RFC 8259): `"` and `\` escaped, control
    /// characters as `\n`, `\t`, … or `\u00XX`; everything else as UTF-8.
    func jsonEscaped(_ s: String) {
        var copy = s
        copy.withUTF8 { utf8 in
            for b in utf8 {
                switch b {
                case UInt8(ascii: "\""): raw("\\\"")
                case UInt8(ascii: "\\"): raw("\\\\")
                case 0x0A: raw("\\n")
                case 0x0D: raw("\\r")
                case 0x09: raw("\\t")
                case 0x00..<0x20:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    raw("\\u00")
                    bytes.append(hex[Int(b >> 4)])
                    bytes.append(hex[Int(b & 0xF)])
                default: bytes.append(b)
                }
            }
        }
    }
}

import Foundation

/// Cuts a byte stream into text lines, keeping a partial line until its end arrives.
///
/// Both gpsd (JSON objects, one per line) and NMEA (sentences ending in CR LF) are line
/// protocols whose lines may be split across reads. Lines end at LF; a CR before it is dropped.
/// A line longer than ``maximumLineLength`` bytes without an LF is discarded (counted in
/// ``overlongLines``) so that a stream of garbage cannot grow memory without bound.
public struct LineBuffer: Sendable {
    /// The longest line kept, in bytes. gpsd's longest reports (SKY with many satellites) are a
    /// few kilobytes; NMEA sentences are at most 82 characters.
    public let maximumLineLength: Int
    /// Lines thrown away for exceeding ``maximumLineLength``.
    public private(set) var overlongLines = 0
    private var pending: [UInt8] = []
    private var discarding = false

    public init(maximumLineLength: Int = 65_536) {
        self.maximumLineLength = maximumLineLength
    }

    /// Appends `bytes` and returns every line they complete, without the line terminator.
    /// Bytes that are not valid UTF-8 are replaced (U+FFFD), never dropped silently.
    public mutating func append<C: Collection>(_ bytes: C) -> [String] where C.Element == UInt8 {
        var lines: [String] = []
        for byte in bytes {
            if byte == 0x0A {
                if discarding {
                    discarding = false
                } else {
                    if pending.last == 0x0D { pending.removeLast() }
                    lines.append(String(decoding: pending, as: UTF8.self))
                }
                pending.removeAll(keepingCapacity: true)
            } else if !discarding {
                pending.append(byte)
                if pending.count > maximumLineLength {
                    pending.removeAll(keepingCapacity: false)
                    discarding = true
                    overlongLines += 1
                }
            }
        }
        return lines
    }

    /// The unterminated rest (for a file's last line without LF); empties the buffer.
    public mutating func flush() -> String? {
        defer { pending.removeAll(); discarding = false }
        guard !pending.isEmpty, !discarding else { return nil }
        if pending.last == 0x0D { pending.removeLast() }
        return String(decoding: pending, as: UTF8.self)
    }
}

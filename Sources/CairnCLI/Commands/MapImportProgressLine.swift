import Foundation
import TrailMap

/// Thrown from the import's progress callback when SIGINT/SIGTERM arrived: rolls the
/// import's transaction back (DECISIONS 67).
struct MapImportInterrupted: Error {
    let signal: Int32
}

/// The progress line of `cairn map import` on stderr: pass, share of the file read, bytes,
/// objects per second and time left; redrawn at most 5 times a second; silent when stderr is
/// not a terminal (nothing on a pipe).
///
/// Both passes read the whole file (DECISIONS 101), so the time left is estimated from the
/// bytes of both passes together at the rate seen so far.
final class MapImportProgressLine {
    private let enabled: Bool
    private let label: String
    private let sink: OutputSink
    private let now: () -> Date
    private let started: Date
    private var passStarted: Date
    private var pass = 0
    private var lastDraw: Date?
    private var drawn = false

    init(enabled: Bool, label: String, sink: OutputSink, now: @escaping () -> Date) {
        self.enabled = enabled
        self.label = label
        self.sink = sink
        self.now = now
        started = now()
        passStarted = started
    }

    func update(_ p: MapImportProgress) {
        guard enabled, p.fileSize > 0 else { return }
        let t = now()
        if p.pass != pass { pass = p.pass; passStarted = t }
        if let last = lastDraw, t.timeIntervalSince(last) < 0.2, p.bytesRead < p.fileSize { return }
        lastDraw = t
        drawn = true
        sink.write("\r" + Self.line(p, label: label, elapsed: t.timeIntervalSince(started),
                                     passElapsed: t.timeIntervalSince(passStarted)) + "\u{1B}[K")
    }

    /// The text of one progress line (no control characters), for tests.
    static func line(_ p: MapImportProgress, label: String, elapsed: TimeInterval, passElapsed: TimeInterval) -> String {
        let percent = Int(min(100, max(0, p.bytesRead * 100 / max(1, p.fileSize))))
        let width = 20
        let filled = percent * width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        let rate = passElapsed > 0.05 ? Double(p.objectsRead) / passElapsed : 0
        let done = Double(p.pass - 1) * Double(p.fileSize) + Double(p.bytesRead)
        let left = done > 0 && elapsed > 0.05 ? (2 * Double(p.fileSize) - done) * elapsed / done : nil
        var s = "\(label.prefix(32)) \(p.pass == 1 ? "relations" : "nodes+ways") [\(bar)] \(percent)% "
        s += "\(MapCommandSupport.bytes(p.bytesRead))/\(MapCommandSupport.bytes(p.fileSize))"
        s += rate > 0 ? ", \(Self.count(rate)) objects/s" : ""
        s += left.map { ", \(Self.duration($0)) left" } ?? ""
        return s
    }

    private static func count(_ v: Double) -> String {
        v >= 1_000_000 ? String(format: "%.1fM", v / 1_000_000) : v >= 1_000 ? String(format: "%.0fk", v / 1_000) : String(format: "%.0f", v)
    }

    private static func duration(_ s: Double) -> String {
        let n = Int(s.rounded())
        return n >= 60 ? "\(n / 60) min \(n % 60) s" : "\(n) s"
    }

    func clear() {
        guard enabled, drawn else { return }
        sink.write("\r\u{1B}[K")
        drawn = false
    }
}

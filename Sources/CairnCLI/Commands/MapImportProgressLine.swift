import Foundation
import Localization
import TrailMap

/// The progress line of `cairn map import` on stderr: pass, share of the file read, bytes,
/// objects per second and time left; redrawn at most 5 times a second; silent when stderr is
/// not a terminal (nothing on a pipe).
///
/// The time left is shown only while it can be estimated (DECISIONS 513): the cost of a byte
/// differs by an order of magnitude between the relations pass, the nodes and the ways, so it
/// is the time left to read the ways at the byte rate since they began, never before. Once
/// the file is read, "finishing" stands for the routes, the index and the commit.
final class MapImportProgressLine {
    private let enabled: Bool
    private let label: String
    private let sink: OutputSink
    private let now: () -> Date
    private var passStarted: Date
    private var pass = 0
    private var lastDraw: Date?
    private var drawn = false

    /// The terminal's width in columns, asked at each redraw (nil: unknown).
    private let columns: () -> Int?

    init(enabled: Bool, label: String, sink: OutputSink, now: @escaping () -> Date,
         columns: @escaping () -> Int? = MapImportProgressLine.stderrColumns) {
        self.columns = columns
        self.enabled = enabled
        self.label = label
        self.sink = sink
        self.now = now
        passStarted = now()
    }

    /// When and at which byte the ways of pass 2 began.
    private var waysStarted: (time: Date, bytes: Int64)?

    func update(_ p: MapImportProgress) {
        guard enabled, p.fileSize > 0 else { return }
        let t = now()
        let newPass = p.pass != pass
        if newPass { pass = p.pass; passStarted = t; waysStarted = nil }
        if p.pass == 2, p.waysRead > 0, waysStarted == nil { waysStarted = (t, p.bytesRead) }
        if !newPass, let last = lastDraw, t.timeIntervalSince(last) < 0.2, p.bytesRead < p.fileSize { return }
        lastDraw = t
        drawn = true
        let ways = waysStarted.map { (elapsed: t.timeIntervalSince($0.time), bytes: p.bytesRead - $0.bytes) }
        let text = Self.line(p, label: label, passElapsed: t.timeIntervalSince(passStarted), ways: ways)
        sink.write("\r" + Self.clipped(text, columns: columns()) + "\u{1B}[K")
    }

    /// The text of one progress line (no control characters), for tests.
    /// - Parameters:
    ///   - passElapsed: seconds since this pass began.
    ///   - ways: seconds since the ways of pass 2 began and the bytes read since, or nil.
    static func line(_ p: MapImportProgress, label: String, passElapsed: TimeInterval,
                     ways: (elapsed: TimeInterval, bytes: Int64)?) -> String {
        let percent = Int(min(100, max(0, p.bytesRead * 100 / max(1, p.fileSize))))
        let width = 20
        let filled = percent * width / 100
        let bar = String(repeating: "#", count: filled) + String(repeating: ".", count: width - filled)
        if p.pass >= 3 {
            // TRANSLATORS: the import's last step on its progress line: the file name, a bar of # and ., the percent read.
            return L("%s finishing [%s] %d%%: assembling routes, indexing, writing the map", String(label.prefix(32)), bar, percent)
        }
        let rate = passElapsed > 0.05 ? Double(p.objectsRead) / passElapsed : 0
        // TRANSLATORS: what the import's first (relations) and second (nodes+ways) pass over the file reads.
        let passWords = p.pass == 1 ? L("relations") : L("nodes+ways")
        var s = "\(label.prefix(32)) \(passWords) [\(bar)] \(percent)% "
        s += "\(MapCommandSupport.bytes(p.bytesRead))/\(MapCommandSupport.bytes(p.fileSize))"
        s += rate > 0 ? ", " + L("%s objects/s", Self.count(rate)) : ""
        if let left = readingTimeLeft(p, ways: ways) { s += ", " + L("%s left to read, then finishing", Self.duration(left)) }
        return s
    }

    /// Seconds left to read the file in pass 2, from the byte rate since its ways began, once
    /// that rate has been seen for 2 s over some bytes; nil before (it cannot be known: pass 1
    /// and the nodes go several times faster per byte than the ways).
    static func readingTimeLeft(_ p: MapImportProgress, ways: (elapsed: TimeInterval, bytes: Int64)?) -> TimeInterval? {
        guard p.pass == 2, let w = ways, w.elapsed >= 2, w.bytes > 0, p.bytesRead < p.fileSize else { return nil }
        return Double(p.fileSize - p.bytesRead) * w.elapsed / Double(w.bytes)
    }

    private static func count(_ v: Double) -> String {
        v >= 1_000_000 ? String(format: "%.1fM", v / 1_000_000) : v >= 1_000 ? String(format: "%.0fk", v / 1_000) : String(format: "%.0f", v)
    }

    private static func duration(_ s: Double) -> String {
        let n = Int(s.rounded())
        return n >= 60 ? L("%d min %d s", n / 60, n % 60) : L("%d s", n)
    }

    /// `line` cut to three columns less than the terminal's width, so that it never wraps (a
    /// wrapped line is not redrawn by a carriage return: each redraw would leave a line behind),
    /// not even with the `^C` the terminal echoes after it when the user interrupts.
    static func clipped(_ line: String, columns: Int?) -> String {
        guard let columns, columns > 3, line.count > columns - 3 else { return line }
        return String(line.prefix(columns - 3))
    }

    /// The width of the terminal on stderr (`TIOCGWINSZ`), or nil.
    static func stderrColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    func clear() {
        guard enabled, drawn else { return }
        sink.write("\r\u{1B}[K")
        drawn = false
    }
}

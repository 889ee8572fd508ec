import Foundation
import HikeServices

/// A one-line progress bar redrawn in place on stderr (carriage return, no newline), only when
/// stderr is a terminal; silent otherwise. Redraws at most when the shown percentage or label
/// changes, so a million updates cost a hundred writes.
final class ProgressBar {
    private let sink: OutputSink
    private let enabled: Bool
    private let width: Int
    private var lastShown = ""

    /// - Parameters:
    ///   - width: characters of the bar itself.
    init(context: CommandContext, width: Int = 30) {
        sink = context.stderr
        enabled = context.stderrIsTerminal
        self.width = width
    }

    /// Shows `label` and the share `done / total` (a bare label when total is 0).
    func update(_ label: String, done: Int, total: Int) {
        guard enabled else { return }
        var line = TerminalText.clean(label)
        if total > 0 {
            let fraction = min(1, max(0, Double(done) / Double(total)))
            let filled = Int(fraction * Double(width))
            line += " [" + String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled) + "] "
                + String(format: "%3d%%", Int(fraction * 100))
        }
        guard line != lastShown else { return }
        lastShown = line
        // \r to column 0, the line, then erase to the end of the line.
        sink.write("\r" + line + "\u{1B}[K")
    }

    /// Erases the bar so that normal messages print on a clean line.
    func clear() {
        guard enabled, !lastShown.isEmpty else { return }
        sink.write("\r\u{1B}[K")
        lastShown = ""
    }
}

import TermUI

/// Fitting the bottom line: hints lose whole hints (never cut mid-word), and a message longer
/// than the line is wrapped onto lines above it so it shows in full.
enum StatusLine {
    /// `hints` ("a · b · c") cut to the whole hints that fit in `width` columns.
    static func fitHints(_ hints: String, toWidth width: Int) -> String {
        guard TextFit.width(hints) > width else { return hints }
        var kept = ""
        for part in hints.components(separatedBy: " · ") {
            let candidate = kept.isEmpty ? part : kept + " · " + part
            if TextFit.width(candidate) > width { break }
            kept = candidate
        }
        return kept
    }

    /// The lines a status message takes at `width` columns (at most `maximumLines`; when more
    /// would be needed, the last shown one ends in "…").
    static func messageLines(_ text: String, width: Int, maximumLines: Int) -> [String] {
        let all = TextFit.wrap(text, toWidth: max(1, width))
        guard all.count > maximumLines, maximumLines > 0 else { return all }
        var shown = Array(all.prefix(maximumLines))
        shown[shown.count - 1] = TextFit.truncate(shown[shown.count - 1] + " …", toWidth: width)
        return shown
    }

    /// Draws a message too long for the status line on the lines above it and the status line
    /// itself (up to a third of the screen), in `style`, and returns the rows used.
    @discardableResult
    static func renderMessage(_ text: String, layout: AppLayout, style: Style, into buffer: inout Buffer) -> Int {
        let width = max(1, layout.status.width - 2)
        let lines = messageLines(text, width: width, maximumLines: max(1, (layout.content.height + 1) / 3))
        for (i, line) in lines.enumerated() {
            let y = layout.status.y - (lines.count - 1) + i
            guard y >= 0 else { continue }
            buffer.fill(Rect(x: 0, y: y, width: layout.status.width, height: 1), with: Cell(" ").applying(style))
            buffer.setString(x: 1, y: y, line, style: style, maxWidth: width)
        }
        return lines.count
    }
}

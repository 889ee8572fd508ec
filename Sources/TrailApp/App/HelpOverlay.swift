import Localization
import TermUI

/// The `?` help box: the screen's key lines with each description wrapped under its column
/// (so nothing is cut at a narrow terminal) and, when they do not all fit, a window on them
/// that ↑ ↓ j k PgUp PgDn Home End g G scroll (every other key closes it), with a footer saying how much more there is.
struct HelpOverlay {
    /// The key lines to show.
    var help: [HelpLine]
    /// The area the box is centred in (the content area).
    var area: Rect

    /// The widest the box's text gets: the area less border and padding.
    private var innerWidth: Int { max(1, area.width - 4) }

    /// The body lines, each key label padded to one column and its description wrapped beside
    /// it; a label wider than half the box stands on its own line, the description below.
    var lines: [String] { laidOut.lines }

    /// ``lines`` and the index of the first line of each help line.
    private var laidOut: (lines: [String], starts: [Int]) {
        let widest = help.map { DisplayWidth.of($0.keys) }.max() ?? 0
        let column = min(widest, innerWidth / 2)
        let textWidth = max(1, innerWidth - column - 2)
        let indent = String(repeating: " ", count: column + 2)
        var out: [String] = []
        var starts: [Int] = []
        for line in help {
            starts.append(out.count)
            let keys = line.keys
            let what = TextFit.wrap(line.what, toWidth: textWidth)
            if DisplayWidth.of(keys) > column {
                out.append(keys)
                out += what.map { indent + $0 }
            } else {
                let pad = String(repeating: " ", count: column - DisplayWidth.of(keys))
                out.append(keys + pad + "  " + what[0])
                out += what.dropFirst().map { indent + $0 }
            }
        }
        return (out, starts)
    }

    /// How many body lines the box shows at once (border, a blank line and the footer taken off).
    func pageSize(lineCount: Int) -> Int { max(1, min(lineCount, area.height - 4)) }

    /// The largest first line: the last page ends at the last line.
    func maximumFirstLine(lineCount: Int) -> Int { max(0, lineCount - pageSize(lineCount: lineCount)) }

    /// The first line after `key` from `first`, or nil when `key` does not scroll (it closes).
    /// PgDn goes a page on, back to the start of a help line the page boundary cuts (so a
    /// wrapped description is seen whole on one page).
    func scrolled(_ first: Int, by key: Key) -> Int? {
        let (all, starts) = laidOut
        let count = all.count
        let page = pageSize(lineCount: count)
        var step: Int
        switch key {
        case .up, .character("k"): step = -1
        case .down, .character("j"): step = 1
        case .pageUp: step = -page
        case .pageDown: step = page
        case .home, .character("g"): step = -count
        case .end, .character("G"): step = count
        default: return nil
        }
        if key == .pageDown, let start = starts.last(where: { $0 <= first + page }), start > first { step = start - first }
        return min(max(0, first + step), maximumFirstLine(lineCount: count))
    }

    /// The box's lines from `first` on (clamped), then a blank line and the footer: "Press any
    /// key to close" when everything shows, else where the window is and which keys scroll.
    func shownLines(from first: Int) -> (body: [String], footer: String) {
        let all = lines
        let page = pageSize(lineCount: all.count)
        let start = min(max(0, first), maximumFirstLine(lineCount: all.count))
        let body = Array(all[start..<min(all.count, start + page)])
        guard all.count > page else { return (body, L("Press any key to close")) }
        let below = all.count - start - body.count
        let where_ = below > 0 ? L("▼ %d more", below) : L("▲ %d above · end", start)
        return (body, TextFit.truncate(L("%s · ↑↓ PgUp PgDn scroll · other keys close", where_), toWidth: innerWidth))
    }
}

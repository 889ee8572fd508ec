import Localization
import Foundation
import TermUI
import TrailCore
import TrailStore

/// The hike's walk history under its statistics on the hike screen: a "Walks" heading and one
/// line per walk, newest first ("2026-11-30  82 % covered, 3.10 km"), in the rows the
/// ``StatsPanel`` leaves free; with a single free row, "Walks: 3 · last 82 % covered".
public enum WalkHistoryView {
    /// One walk as a history line.
    public static func line(_ w: WalkRecord, format f: UnitFormatter) -> String {
        var text = f.date(w.startedAt)
        if let s = w.summary {
            text += "  " + L("%s covered, %s", f.percent(s.coverage), f.distance(s.distanceWalked))
        } else {
            text += "  " + L("no fix recorded")
        }
        if w.isBacktrack { text += " · " + Lc("walk kind", "backtrack") }
        // TRANSLATORS: a walk that was not stopped (it can be resumed).
        if !w.isFinished { text += " · " + L("unfinished") }
        return text
    }

    /// Draws `walks` inside `area` (the statistics area) from row `top` down, the first row
    /// below what the statistics panel drew (``StatsPanel/render(area:into:)``'s result: its
    /// lines, terrain notes, completion and ground shares); nothing when empty.
    public static func render(_ walks: [WalkRecord], from top: Int, environment env: WidgetEnvironment,
                              area: Rect, into buffer: inout Buffer) {
        let area = area.intersection(buffer.area)
        guard !walks.isEmpty, !area.isEmpty, top >= area.y else { return }
        let free = area.maxY - top
        guard free >= 1 else { return }
        let f = env.format
        if free < 3 {
            var text = L("Walks: %d", walks.count)
            if let s = walks.last?.summary { text += " · " + L("last %s covered", f.percent(s.coverage)) }
            buffer.clear(Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1))
            buffer.setString(x: area.x, y: area.maxY - 1, text, style: env.style(ThemeRole.muted), maxWidth: area.width)
            return
        }
        var y = top + 1
        buffer.setString(x: area.x, y: y, L("Walks"), style: env.style(ThemeRole.heading), maxWidth: area.width)
        y += 1
        for w in walks.reversed() where y < area.maxY {
            buffer.setString(x: area.x, y: y, line(w, format: f), style: env.style(w.isFinished ? ThemeRole.text : ThemeRole.warning),
                             maxWidth: area.width)
            y += 1
        }
    }
}

extension CairnApp {
    /// The open hike's walks under its statistics (hike screen).
    /// `top`: the first row below the statistics panel (nil: the panel is not shown).
    func renderWalkHistory(_ state: AppState, _ area: Rect, below top: Int?, _ buffer: inout Buffer) {
        guard let hike = state.hike, let top else { return }
        let walks = state.live.walks(of: hike.id)
        WalkHistoryView.render(walks, from: top, environment: state.environment, area: area, into: &buffer)
    }
}

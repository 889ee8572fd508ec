import Localization
import Foundation
import TermUI

extension CairnApp {
    /// Renders a dialog centred over the screen: a bordered box with a title and lines.
    func renderModal(_ modal: Modal, _ state: AppState, _ layout: AppLayout, _ buffer: inout Buffer) {
        let env = state.environment
        var title = ""
        var lines: [(text: String, role: String)] = []
        switch modal {
        case .help:
            title = L("Keys")
            let shown = HelpOverlay(help: HelpText.lines(for: state), area: layout.content).shownLines(from: state.helpScroll)
            lines = shown.body.map { ($0, ThemeRole.text) }
            lines.append(("", ThemeRole.text))
            lines.append((shown.footer, ThemeRole.muted))
        case .prompt(let p):
            title = p.title
            // The field is drawn over a blank line sized for it (wider for a longer text, at most
            // the screen): long text scrolls inside it.
            let fieldWidth = min(max(1, layout.content.width - 4), max(44, DisplayWidth.of(p.text) + 1))
            lines = [(String(repeating: " ", count: fieldWidth), ThemeRole.highlight), ("", ThemeRole.text),
                     (p.field.isSelected ? L("Enter accepts · typing replaces · ← → keep · Esc cancels")
                                         : L("Enter accepts · Esc cancels"), ThemeRole.muted)]
        case .confirm(let c):
            title = L("Confirm")
            // A question of several lines: the first is the question, the others its choices;
            // each wrapped to the box.
            let width = min(60, max(1, layout.content.width - 4))
            lines = c.question.split(separator: "\n", omittingEmptySubsequences: false).enumerated().flatMap { item in
                let line = String(item.element)
                // A line that fits is kept as written (choices align with two spaces).
                let wrapped = DisplayWidth.of(line) <= width ? [TextSanitizer.sanitize(line)] : TextFit.wrap(line, toWidth: width)
                return (wrapped.isEmpty ? [""] : wrapped).map { ($0, item.offset == 0 ? ThemeRole.warning : ThemeRole.text) }
            }
        case .drawing(let dialog):
            (title, lines) = drawDialogContent(dialog)
        case .checklist(let c):
            // TRANSLATORS: the title of the box that lists a file's tracks to import; the file's name.
            title = L("Import %s", c.plan.fileName)
            for (i, cand) in c.plan.candidates.enumerated() {
                let tick = cand.isEmpty ? "   " : (c.ticked.contains(cand.number) ? "[x]" : "[ ]")
                let marker = i == c.selected ? "›" : " "
                var detail: String
                switch cand.source {
                case .track: detail = Ln("track, %d point", "track, %d points", cand.pointCount, cand.pointCount)
                case .route: detail = Ln("route, %d point", "route, %d points", cand.pointCount, cand.pointCount)
                case .places: detail = L("places")
                }
                if cand.isEmpty { detail += ", " + L("empty") }
                // TRANSLATORS: after a track in the import checklist; the stored hike's id.
                if let id = c.storedCopies[cand.number] { detail += ", " + L("already stored as %s", id) }
                lines.append(("\(marker) \(tick) \(cand.name)  (\(detail))",
                              i == c.selected ? ThemeRole.selection : ThemeRole.text))
            }
            // Every reader warning, wrapped to the box (as `cairn import` prints them).
            if !c.warnings.isEmpty {
                let width = min(100, max(20, layout.content.width - 4))
                lines.append(("", ThemeRole.text))
                for w in c.warnings {
                    for part in TextFit.wrap(w, toWidth: width) { lines.append((part, ThemeRole.warning)) }
                }
            }
            lines.append(("", ThemeRole.text))
            lines.append((hintLine(ChecklistAction.keyMap.hints), ThemeRole.muted))
        }
        // Long lists (checklists of many tracks) scroll to keep the selection visible.
        let area = layout.content
        let room = max(0, min(area.height, lines.count + 2) - 2)
        var first = 0
        if case .checklist(let c) = modal, c.selected >= room - 2 { first = min(c.selected - room + 3, max(0, lines.count - room)) }
        let box = BorderedBox(title: title, lines: lines.map { (text: $0.text, style: env.style($0.role)) },
                              minimumWidth: max(30, DisplayWidth.of(title) + 8), firstLine: first,
                              borderStyle: env.style(ThemeRole.border), titleStyle: env.style(ThemeRole.heading),
                              fillStyle: env.style(ThemeRole.text), ascii: env.canvasMode != .braille)
            .render(in: area, into: &buffer)
        if case .prompt(let p) = modal, box.height > 2 {
            p.field.render(x: box.x + 2, y: box.y + 1, width: max(0, box.width - 4), style: env.style(ThemeRole.highlight),
                           selectionStyle: env.style(ThemeRole.selection), into: &buffer)
        }
    }
}

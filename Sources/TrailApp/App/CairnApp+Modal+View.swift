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
            title = "Keys"
            let keys = HelpText.lines(for: state)
            let w = keys.map { DisplayWidth.of($0.keys) }.max() ?? 0
            lines = keys.map { k in
                (k.keys + String(repeating: " ", count: max(0, w - DisplayWidth.of(k.keys))) + "  " + k.what, ThemeRole.text)
            }
            lines.append(("", ThemeRole.text))
            lines.append(("Press any key to close", ThemeRole.muted))
        case .prompt(let p):
            title = p.title
            let chars = Array(p.text)
            let before = String(chars[0..<min(p.cursor, chars.count)])
            let after = String(chars[min(p.cursor, chars.count)...])
            lines = [(before + "▏" + after, ThemeRole.highlight), ("", ThemeRole.text),
                     ("Enter accepts · Esc cancels", ThemeRole.muted)]
        case .confirm(let c):
            title = "Confirm"
            // A question of several lines: the first is the question, the others its choices.
            lines = c.question.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
                (String($0.element), $0.offset == 0 ? ThemeRole.warning : ThemeRole.text)
            }
        case .drawing(let dialog):
            (title, lines) = drawDialogContent(dialog)
        case .checklist(let c):
            title = "Import \(c.plan.fileName)"
            for (i, cand) in c.plan.candidates.enumerated() {
                let tick = cand.isEmpty ? "   " : (c.ticked.contains(cand.number) ? "[x]" : "[ ]")
                let marker = i == c.selected ? "›" : " "
                var detail: String
                switch cand.source {
                case .track: detail = "track, \(cand.pointCount) points"
                case .route: detail = "route, \(cand.pointCount) points"
                case .places: detail = "places"
                }
                if cand.isEmpty { detail += ", empty" }
                lines.append(("\(marker) \(tick) \(cand.name)  (\(detail))",
                              i == c.selected ? ThemeRole.selection : ThemeRole.text))
            }
            lines.append(("", ThemeRole.text))
            lines.append((hintLine(ChecklistAction.keyMap.hints), ThemeRole.muted))
        }
        // Long lists (checklists of many tracks) scroll to keep the selection visible.
        let area = layout.content
        let room = max(0, min(area.height, lines.count + 2) - 2)
        var first = 0
        if case .checklist(let c) = modal, c.selected >= room - 2 { first = min(c.selected - room + 3, max(0, lines.count - room)) }
        BorderedBox(title: title, lines: lines.map { (text: $0.text, style: env.style($0.role)) },
                    minimumWidth: max(30, DisplayWidth.of(title) + 8), firstLine: first,
                    borderStyle: env.style(ThemeRole.border), titleStyle: env.style(ThemeRole.heading),
                    fillStyle: env.style(ThemeRole.text), ascii: env.canvasMode != .braille)
            .render(in: area, into: &buffer)
    }
}

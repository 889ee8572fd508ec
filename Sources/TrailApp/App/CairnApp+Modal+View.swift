import Foundation
import TermUI

extension CairnApp {
    /// Draws a dialog centred over the screen: a bordered box with a title and lines.
    func renderModal(_ modal: Modal, _ state: AppState, _ layout: AppLayout, _ buffer: inout Buffer) {
        let env = state.environment
        var title = ""
        var lines: [(text: String, role: String)] = []
        switch modal {
        case .help:
            title = "Keys"
            let keys: [(keys: String, what: String)]
            switch state.screen {
            case .library: keys = HelpText.library
            case .hike: keys = HelpText.hike
            case .draw: keys = HelpText.draw
            case .follow: keys = HelpText.follow
            }
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
            lines = [(c.question, ThemeRole.warning)]
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
            lines.append(("Space tick · a all/none · Enter import · Esc cancel", ThemeRole.muted))
        }
        let area = layout.content
        let contentWidth = max(DisplayWidth.of(title) + 4, lines.map { DisplayWidth.of($0.text) }.max() ?? 0)
        let boxWidth = min(area.width, max(30, contentWidth + 4))
        let boxHeight = min(area.height, lines.count + 2)
        let box = Rect(x: area.x + (area.width - boxWidth) / 2, y: area.y + max(0, (area.height - boxHeight) / 3),
                       width: boxWidth, height: boxHeight)
        let border = env.style(ThemeRole.border)
        buffer.fill(box, with: Cell(" ").applying(env.style(ThemeRole.text)))
        let ascii = env.canvasMode != .braille
        let (h, v, tl, tr, bl, br) = ascii ? ("-", "|", "+", "+", "+", "+") : ("─", "│", "┌", "┐", "└", "┘")
        for x in box.x..<box.maxX {
            buffer.set(x: x, y: box.y, Cell(h).applying(border))
            buffer.set(x: x, y: box.maxY - 1, Cell(h).applying(border))
        }
        for y in box.y..<box.maxY {
            buffer.set(x: box.x, y: y, Cell(v).applying(border))
            buffer.set(x: box.maxX - 1, y: y, Cell(v).applying(border))
        }
        buffer.set(x: box.x, y: box.y, Cell(tl).applying(border))
        buffer.set(x: box.maxX - 1, y: box.y, Cell(tr).applying(border))
        buffer.set(x: box.x, y: box.maxY - 1, Cell(bl).applying(border))
        buffer.set(x: box.maxX - 1, y: box.maxY - 1, Cell(br).applying(border))
        buffer.setString(x: box.x + 2, y: box.y, " \(title) ", style: env.style(ThemeRole.heading), maxWidth: box.width - 4)
        // Long lists (checklists of many tracks) scroll to keep the selection visible.
        let room = max(0, box.height - 2)
        var first = 0
        if case .checklist(let c) = modal, c.selected >= room - 2 { first = min(c.selected - room + 3, max(0, lines.count - room)) }
        for (i, line) in lines.dropFirst(first).prefix(room).enumerated() {
            buffer.setString(x: box.x + 2, y: box.y + 1 + i, line.text, style: env.style(line.role), maxWidth: box.width - 4)
        }
    }
}

import Localization
import Foundation
import TermUI
import TrailCore
import TrailStore

extension CairnApp {
    /// The smallest terminal the app draws screens in; below it a short message is shown.
    public static let minimumSize = (width: 24, height: 6)

    public func view(_ state: AppState, width: Int, height: Int) -> Buffer {
        var buffer = Buffer(width: max(0, width), height: max(0, height))
        let env = state.environment
        guard width >= CairnApp.minimumSize.width, height >= CairnApp.minimumSize.height else {
            let msg = L("Terminal too small")
            buffer.setString(x: 0, y: 0, msg, style: env.style(ThemeRole.warning), maxWidth: width)
            if height > 1 {
                buffer.setString(x: 0, y: 1, L("need %sx%s", CairnApp.minimumSize.width, CairnApp.minimumSize.height),
                                 style: env.style(ThemeRole.muted), maxWidth: width)
            }
            return buffer
        }
        let layout = AppLayout(width: width, height: height)
        Self.screen(state.screen.kind).render(self, state, layout, into: &buffer)
        renderStatus(state, layout, &buffer)
        if let modal = state.modal { renderModal(modal, state, layout, &buffer) }
        if env.canvasMode == .ascii { buffer.applyASCIIFallback() }
        return buffer
    }

    /// The rows above the status line a message takes when it is wrapped (0 when it fits on
    /// the status line), as ``renderStatus`` draws it.
    func statusOverflowRows(_ state: AppState, _ layout: AppLayout) -> Int {
        guard !state.status.text.isEmpty, !(state.screen.kind == .library && state.library.editingFilter) else { return 0 }
        let leftMax = max(0, layout.status.width - DisplayWidth.of(statusRight(state, layout)) - 1)
        guard TextFit.width(state.status.text) > leftMax else { return 0 }
        return StatusLine.messageLines(state.status.text, width: max(1, layout.status.width - 2),
                                       maximumLines: max(1, (layout.content.height + 1) / 3)).count - 1
    }

    /// The status line's right part: the store and the units.
    private func statusRight(_ state: AppState, _ layout: AppLayout) -> String {
        // The store label gives way first: cut from the left to a third of the line.
        var label = state.storeLabel
        let labelRoom = max(8, layout.status.width / 3 - 12)
        if label.count > labelRoom { label = "…" + label.suffix(labelRoom - 1) }
        let units = state.environment.format.system == .metric ? L("metric") : L("imperial")
        return " \(label) · \(units) "
    }

    private func renderStatus(_ state: AppState, _ layout: AppLayout, _ buffer: inout Buffer) {
        let env = state.environment
        let bar = env.style(AppRole.statusBar)
        buffer.fill(layout.status, with: Cell(" ").applying(bar))
        var left: String
        var style = bar
        var filterWidth = 0
        if state.screen.kind == .library && state.library.editingFilter {
            let hint = "  " + L("(Enter keeps, Esc undoes)")
            filterWidth = max(8, layout.status.width * 2 / 3 - 10 - DisplayWidth.of(hint))
            left = L("Filter:") + " " + state.library.filterField.line(width: filterWidth) + hint
        } else if !state.status.text.isEmpty {
            left = state.status.text
            if state.status.isError { style = bar.patched(with: env.style(AppRole.error)) }
        } else {
            left = Self.screen(state.screen.kind).statusHint(self, state)
        }
        let right = statusRight(state, layout)
        let rightWidth = DisplayWidth.of(right)
        let leftMax = max(0, layout.status.width - rightWidth - 1)
        let isMessage = !state.status.text.isEmpty && !(state.screen.kind == .library && state.library.editingFilter)
        if isMessage && TextFit.width(left) > leftMax {
            StatusLine.renderMessage(left, layout: layout, style: style, into: &buffer)
            return
        }
        if !isMessage { left = StatusLine.fitHints(left, toWidth: leftMax) }
        buffer.setString(x: 1, y: layout.status.y, left, style: style, maxWidth: leftMax)
        if filterWidth > 0 {  // the filter line again with its selection shown
            state.library.filterField.render(x: 9, y: layout.status.y, width: min(filterWidth, max(0, leftMax - 8)), style: bar,
                                             selectionStyle: bar.patched(with: env.style(ThemeRole.selection)), into: &buffer)
        }
        if layout.status.width > rightWidth + 20 {
            buffer.setString(x: layout.status.width - rightWidth, y: layout.status.y, right, style: bar,
                             maxWidth: rightWidth)
        }
    }
}

/// Theme roles used only by the app frame (the widgets' roles are in ``ThemeRole``).
enum AppRole {
    static let statusBar = "status-bar"
    static let error = "error"
}

import Foundation
import TermUI
import TrailStore

extension CairnApp {
    /// The order `s` cycles through on the library screen.
    static let sortCycle: [HikeSort] = [.date, .distance, .gain, .name]

    /// Keys of the library screen (``LibraryAction/keyMap``).
    func updateLibrary(_ state: inout AppState, _ event: InputEvent) -> [AppEffect] {
        var lib = state.library
        defer { state.library = lib }
        let count = lib.visible.count
        let rows = max(1, AppLayout(width: state.width, height: state.height).list.height - 1)
        func select(_ i: Int) -> [AppEffect] {
            lib.selected = min(max(0, i), max(0, count - 1))
            state.library = lib
            let e = previewEffects(&state)
            lib = state.library
            return e
        }
        if case .mouse(let action, _, let y) = event {
            switch action {
            case .scrollUp: return select(lib.selected - 3)
            case .scrollDown: return select(lib.selected + 3)
            case .click:
                let layout = AppLayout(width: state.width, height: state.height)
                guard layout.list.contains(x: 0, y: y), y > layout.list.y else { return [] }
                return select(lib.scrollOffset + (y - layout.list.y - 1))
            default: return []
            }
        }
        guard case .key(let key) = event else { return [] }
        if lib.editingFilter {
            switch key {
            case .character(let c):
                lib.filter.append(c)
                lib.selected = 0
                return select(0)
            case .backspace:
                if !lib.filter.isEmpty { lib.filter.removeLast() }
                return select(0)
            case .enter:
                lib.editingFilter = false
                return []
            case .escape:
                lib.editingFilter = false
                lib.filter = ""
                return select(0)
            default: break  // arrows still move the selection while filtering
            }
        }
        guard let action = LibraryAction.keyMap.action(for: key) else { return [] }
        switch action {
        case .move(let d): return select(lib.selected + d)
        case .page(let d): return select(lib.selected + d * rows)
        case .first: return select(0)
        case .last: return select(count - 1)
        case .open:
            guard let h = lib.selectedSummary else { return [] }
            state.status = StatusMessage(text: "Opening \(h.name)…", isError: false)
            return [.loadHike(h.id, forPreview: false)]
        case .filter:
            lib.editingFilter = true
            return []
        case .sort:
            let i = CairnApp.sortCycle.firstIndex(of: lib.sort) ?? 0
            lib.sort = CairnApp.sortCycle[(i + 1) % CairnApp.sortCycle.count]
            state.status = StatusMessage(text: "Sorted by \(lib.sort.rawValue)", isError: false)
            return [.loadHikes(lib.sort)]
        case .newDrawing:
            return newDrawing(&state)
        case .importFile:
            state.modal = .prompt(PromptModel(purpose: .importPath, title: "Import GPX file (path)"))
            return []
        case .rename:
            guard let h = lib.selectedSummary else { return [] }
            state.modal = .prompt(PromptModel(purpose: .rename(h.id), title: "Rename \(h.id)", text: h.name))
            return []
        case .delete:
            guard let h = lib.selectedSummary else { return [] }
            state.modal = .confirm(ConfirmModel(purpose: .delete(h.id), question: "Delete \(h.name)? (y/n)"))
            return []
        case .help:
            state.modal = .help
            return []
        case .clearFilter:
            // Esc backs out of things (a filter, a dialog); it never quits, so a stray Esc
            // after a message cannot drop the hiker into the shell. q and Ctrl-C quit.
            if !lib.filter.isEmpty {
                lib.filter = ""
                return select(0)
            }
            return []
        case .quit:
            state.quitting = true
            return []
        }
    }
}

import Localization
import Foundation
import TermUI
import TrailStore

/// The library screen's update: it changes only the ``LibraryModel`` and hands everything else
/// (status line, dialogs, the drawing screen, quitting) back in a ``FeatureResult``.
enum LibraryFeature {
    typealias Result = FeatureResult<LibraryEffect>

    /// The order `s` cycles through on the library screen.
    static let sortCycle: [HikeSort] = [.date, .distance, .gain, .name]

    /// Keys and mouse of the library screen (``LibraryAction/keyMap``).
    static func update(_ lib: inout LibraryModel, _ event: InputEvent, _ context: FeatureContext) -> Result {
        let count = lib.visible.count
        let layout = context.layout
        let rows = max(1, layout.list.height - 1)
        func select(_ i: Int) -> Result {
            lib.selected = min(max(0, i), max(0, count - 1))
            return preview(&lib, context)
        }
        if case .mouse(let action, _, let y) = event {
            switch action {
            case .scrollUp: return select(lib.selected - 3)
            case .scrollDown: return select(lib.selected + 3)
            case .click:
                guard layout.list.contains(x: 0, y: y), y > layout.list.y else { return Result() }
                return select(lib.scrollOffset + (y - layout.list.y - 1))
            default: return Result()
            }
        }
        guard case .key(let key) = event else { return Result() }
        if lib.editingFilter {
            switch lib.filterField.handle(key) {
            case .edited:
                lib.filter = lib.filterField.text
                return select(0)
            case .moved:
                return Result()
            case .accepted:
                lib.editingFilter = false
                return Result()
            case .cancelled:
                lib.editingFilter = false
                lib.filter = lib.filterBeforeEditing
                return select(0)
            case .ignored:
                // ↑ ↓ PgUp PgDn still move the selection while filtering; characters the field
                // refused do nothing.
                if case .character = key { return Result() }
            }
        }
        guard let action = LibraryAction.keyMap.action(for: key) else { return Result() }
        switch action {
        case .move(let d): return select(lib.selected + d)
        case .page(let d): return select(lib.selected + d * rows)
        case .first: return select(0)
        case .last: return select(count - 1)
        case .open:
            guard let h = lib.selectedSummary else { return Result() }
            return Result([.loadHike(h.id, forPreview: false)], status: StatusMessage(text: L("Opening %s…", h.name), isError: false))
        case .filter:
            lib.editingFilter = true
            lib.filterBeforeEditing = lib.filter
            lib.filterField = TextField(lib.filter, selected: true)
            return Result()
        case .sort:
            let i = sortCycle.firstIndex(of: lib.sort) ?? 0
            lib.sort = sortCycle[(i + 1) % sortCycle.count]
            return Result([.loadHikes(lib.sort)], status: StatusMessage(text: L("Sorted by %s", HikeSortWords.word(lib.sort)), isError: false))
        case .newDrawing:
            return Result(navigation: .newDrawing)
        case .record:
            return Result(navigation: .askRecordSource)
        case .totals:
            return Result(navigation: .totals)
        case .routes:
            return Result(navigation: .routes(around: lib.selectedSummary?.statistics.boundingBox))
        case .importFile:
            return Result(modal: .prompt(PromptModel(purpose: .importPath, title: L("Import track file: GPX, FIT, TCX, KML, KMZ, GeoJSON (path; Tab completes)"))))
        case .rename:
            guard let h = lib.selectedSummary else { return Result() }
            return Result(modal: .prompt(PromptModel(purpose: .rename(h.id), title: L("Rename %s", h.id), text: h.name)))
        case .delete:
            guard let h = lib.selectedSummary else { return Result() }
            // TRANSLATORS: the hike's name; the answer keys stay y and n in every language (as `cairn delete`'s [y/N]).
            return Result(modal: .confirm(ConfirmModel(purpose: .delete(h.id), question: L("Delete %s? (y/n)", h.name))))
        case .help:
            return Result(modal: .help)
        case .clearFilter:
            // Esc backs out of things (a filter, a dialog); it never quits, so a stray Esc
            // after a message cannot drop the hiker into the shell. q and Ctrl-C quit.
            if !lib.filter.isEmpty {
                lib.filter = ""
                return select(0)
            }
            return Result()
        case .quit:
            return Result(quit: true)
        }
    }

    /// The hike list arrived: the selection stays on the same hike (or the one waited for).
    static func listLoaded(_ lib: inout LibraryModel, _ list: [HikeSummary], _ context: FeatureContext) -> Result {
        let previous = lib.pendingSelection ?? lib.selectedSummary?.id
        lib.pendingSelection = nil
        lib.all = list
        lib.loading = false
        let visible = lib.visible
        if let previous, let i = visible.firstIndex(where: { $0.id == previous }) {
            lib.selected = i
        } else {
            lib.selected = min(lib.selected, max(0, visible.count - 1))
        }
        return preview(&lib, context)
    }

    /// The preview's hike arrived: shown when it is still the selected one, with its map asked for.
    static func previewLoaded(_ lib: inout LibraryModel, _ id: HikeID, _ prepared: PreparedHike,
                              _ context: FeatureContext) -> Result {
        guard lib.selectedSummary?.id == id else { return Result() }
        lib.preview = prepared
        lib.previewID = id
        let map = context.layout.previewMap
        guard !map.isEmpty else { return Result() }
        lib.previewBasemap = nil
        var result = Result()
        result.askBasemap(.preview, HikeScreenState.fittedViewport(prepared, width: map.width, height: map.height))
        return result
    }

    /// Asks for the preview of the selected hike when it is not the one shown.
    static func preview(_ lib: inout LibraryModel, _ context: FeatureContext) -> Result {
        guard let id = lib.selectedSummary?.id else {
            lib.preview = nil
            lib.previewID = nil
            return Result()
        }
        guard id != lib.previewID else { return Result() }
        guard !context.layout.previewMap.isEmpty else { return Result() }
        lib.preview = nil
        lib.previewID = nil
        return Result([.loadHike(id, forPreview: true)])
    }

    /// The store answered an import, rename or delete: the status line says so and the list
    /// is read again (the preview too: it shows the stored name).
    static func stored(_ lib: inout LibraryModel, _ message: LibraryMessage) -> Result {
        if case .failed = message { return Result(status: message.status, bell: true) }
        lib.previewID = nil
        return Result([.loadHikes(lib.sort)], status: message.status)
    }

    /// Back from a drawing: the preview is read again.
    static func reloadPreview(_ lib: inout LibraryModel, _ context: FeatureContext) -> Result {
        lib.previewID = nil
        return preview(&lib, context)
    }

    /// A hike was just stored elsewhere (a saved drawing): the list is read again and `id`
    /// selected when it passes the filter (the filter stays).
    static func select(_ lib: inout LibraryModel, _ id: HikeID) -> Result {
        lib.pendingSelection = id
        lib.previewID = nil
        return Result([.loadHikes(lib.sort)])
    }
}

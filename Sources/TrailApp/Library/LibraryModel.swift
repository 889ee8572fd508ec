import Foundation
import TrailMap
import TrailStore

/// The library screen: the hike list with sort, filter and a preview of the selection.
public struct LibraryModel: Sendable {
    /// Every stored hike as last loaded.
    public var all: [HikeSummary] = []
    /// True until the first list arrives.
    public var loading = true
    public var sort: HikeSort = .date
    /// The filter text typed after `/` (case- and accent-insensitive match on name,
    /// description and source file).
    public var filter = ""
    /// True while the filter line takes the keys.
    public var editingFilter = false
    /// The filter line while it is edited (opened with the current filter selected, so typing
    /// replaces it); ``filter`` follows it as it changes.
    public var filterField = TextField()
    /// The filter as it was when `/` opened the line (Esc puts it back).
    public var filterBeforeEditing = ""
    /// Index into ``visible``.
    public var selected = 0
    public var scrollOffset = 0
    /// The hike shown in the preview, when loaded.
    public var preview: PreparedHike?
    public var previewID: HikeID?
    /// The preview map's basemap, when loaded.
    public var previewBasemap: MapBasemap?
    /// The hike to select when the list next arrives (one just saved), if any.
    public var pendingSelection: HikeID?

    public init() {}

    /// The hikes that pass the filter, in the current order.
    public var visible: [HikeSummary] {
        let f = filter.trimmingCharacters(in: .whitespaces)
        guard !f.isEmpty else { return all }
        let opts: String.CompareOptions = [.caseInsensitive, .diacriticInsensitive]
        return all.filter { h in
            h.name.range(of: f, options: opts) != nil
                || (h.description?.range(of: f, options: opts) != nil)
                || (h.sourceFileName?.range(of: f, options: opts) != nil)
        }
    }

    /// The selected hike, if any.
    public var selectedSummary: HikeSummary? {
        let v = visible
        return v.indices.contains(selected) ? v[selected] : nil
    }
}

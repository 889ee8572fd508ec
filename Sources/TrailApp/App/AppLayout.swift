import TermUI

/// Where things go on the screen: the content area and the status line below it; for the
/// library, the list and the preview (map above statistics) beside it when there is room.
public struct AppLayout: Equatable, Sendable {
    /// Everything but the status line.
    public var content: Rect
    /// The bottom line.
    public var status: Rect
    /// Library: the hike list (with its header row).
    public var list: Rect
    /// Library: the preview map and statistics, empty when the terminal is too narrow.
    public var previewMap: Rect
    public var previewStats: Rect

    /// The narrowest terminal that shows the library preview beside the list.
    public static let previewMinimumWidth = 90

    public init(width: Int, height: Int) {
        let w = max(0, width), h = max(0, height)
        let screen = Rect(x: 0, y: 0, width: w, height: h)
        let rows = Layout(.vertical, [.fill(1), .length(h > 0 ? 1 : 0)]).split(screen)
        content = rows[0]
        status = rows[1]
        if w >= AppLayout.previewMinimumWidth && content.height >= 10 {
            // List, a one-column separator, the preview; the preview's statistics below its map.
            let columns = Layout(.horizontal, [.percentage(55), .length(1), .fill(1)]).split(content)
            list = columns[0]
            let statsHeight = min(12, content.height / 2)
            let preview = Layout(.vertical, [.fill(1), .length(statsHeight)]).split(columns[2])
            previewMap = preview[0]
            previewStats = preview[1]
        } else {
            list = content
            previewMap = Rect(x: 0, y: 0, width: 0, height: 0)
            previewStats = previewMap
        }
    }

    /// The hike screen's panels inside the content area.
    public var hike: HikeScreenLayout { HikeScreenLayout(area: content) }
}

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
        status = Rect(x: 0, y: max(0, h - 1), width: w, height: h > 0 ? 1 : 0)
        content = Rect(x: 0, y: 0, width: w, height: max(0, h - 1))
        if w >= AppLayout.previewMinimumWidth && content.height >= 10 {
            let listWidth = w * 55 / 100
            list = Rect(x: 0, y: 0, width: listWidth, height: content.height)
            let px = listWidth + 1, pw = w - px
            let statsHeight = min(12, content.height / 2)
            previewMap = Rect(x: px, y: 0, width: pw, height: content.height - statsHeight)
            previewStats = Rect(x: px, y: content.height - statsHeight, width: pw, height: statsHeight)
        } else {
            list = content
            previewMap = Rect(x: 0, y: 0, width: 0, height: 0)
            previewStats = previewMap
        }
    }

    /// The hike screen's panels inside the content area.
    public var hike: HikeScreenLayout { HikeScreenLayout(area: content) }
}

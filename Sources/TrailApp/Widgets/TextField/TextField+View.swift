import Localization
import TermUI

extension TextField {
    /// One piece of a drawn field.
    public enum Piece: Sendable, Equatable {
        /// A character of the text (selected or not).
        case character(Character, selected: Bool)
        /// The cursor, a "▏" one column wide.
        case cursor
        /// "…" where the text goes on beyond the field's edge.
        case more
    }

    /// The cursor as drawn.
    public static let cursorGlyph: Character = "▏"

    /// What `width` columns show: the text with the cursor in it; when it is wider, a window
    /// on it that holds the cursor, with "…" at the edge where text is hidden. The window starts
    /// at the text's start while the cursor fits there, else it ends just after the cursor (so
    /// typing and pasting show the newest characters, Home shows the start). A wide character
    /// never straddles the edge.
    public func pieces(width: Int) -> [Piece] {
        guard width > 0 else { return [] }
        var items: [(piece: Piece, width: Int)] = text.map { (Piece.character($0, selected: isSelected), DisplayWidth.of($0)) }
        let bar = min(max(0, cursor), items.count)
        items.insert((.cursor, 1), at: bar)
        let total = items.reduce(0) { $0 + $1.width }
        if total <= width { return items.map(\.piece) }
        // The window from item `start`: a "…" first when start > 0, items while they fit, and a
        // "…" last when items remain (taking the last column).
        func window(from start: Int) -> [Piece]? {
            var out: [Piece] = start > 0 ? [.more] : []
            var used = start > 0 ? 1 : 0
            var i = start
            while i < items.count {
                let restAfter = i + 1 < items.count ? 1 : 0
                if used + items[i].width + restAfter > width { break }
                out.append(items[i].piece)
                used += items[i].width
                i += 1
            }
            guard i > bar else { return nil }  // the cursor did not fit
            if i < items.count && used < width { out.append(.more) }
            return out
        }
        var start = 0
        while start <= bar {
            if let w = window(from: start) { return w }
            start += 1
        }
        return [.cursor]
    }

    /// The field as text in `width` columns (``pieces(width:)`` joined; the selection not marked).
    public func line(width: Int) -> String {
        String(pieces(width: width).map { piece -> Character in
            switch piece {
            case .character(let c, _): return c
            case .cursor: return TextField.cursorGlyph
            case .more: return "…"
            }
        })
    }

    /// Draws the field at `x`,`y` in `width` columns: the text in `style`, a selected value in
    /// `selectionStyle`, the cursor and the "…" markers in `style`. Returns the columns used.
    @discardableResult
    public func render(x: Int, y: Int, width: Int, style: Style, selectionStyle: Style, into buffer: inout Buffer) -> Int {
        var column = x
        for piece in pieces(width: width) {
            switch piece {
            case .character(let c, let selected):
                column = buffer.setString(x: column, y: y, String(c), style: selected ? selectionStyle : style)
            case .cursor:
                column = buffer.setString(x: column, y: y, String(TextField.cursorGlyph), style: style)
            case .more:
                column = buffer.setString(x: column, y: y, "…", style: style)
            }
        }
        return column - x
    }
}

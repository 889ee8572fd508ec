import TermUI

/// Places map labels greedily without collisions, in a grid of cells.
///
/// Labels are offered most important first (``MapBasemap/LabelCandidate/rank``); each takes
/// the first of its candidate positions where every cell is free — not blocked (route line,
/// symbols, markers, the attribution) and not taken by an earlier label, with one free column
/// kept between two labels on a row; positions whose cells hold no basemap line are tried
/// before those that would hide part of one. Symbols are labelled to their right, then left, above,
/// below; lines on the row above or below their anchor, then beside it, then on it; places centred on their
/// anchor, then the rows above and below. When no
/// position fits the whole text, the longest free run (at least ``minimumWidth`` columns)
/// right or left of the anchor gets the text cut with "…". A label never covers a blocked cell:
/// when that is unavoidable the label is left out.
public struct MapLabelPlacer: Sendable {
    /// Width of the grid in cells.
    public let width: Int
    /// Height of the grid in cells.
    public let height: Int
    private var blocked: [Bool]
    private var labelled: [Bool]
    private var drawn: [Bool]
    private var symbol: [Bool]
    /// The labels placed so far: text (sanitised and cut) and the cells it covers.
    public private(set) var placed: [(text: String, rect: Rect)] = []

    /// Shortest cut label worth showing, columns (four characters and "…").
    public static let minimumWidth = 5

    /// An empty grid.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        blocked = [Bool](repeating: false, count: self.width * self.height)
        labelled = blocked
        drawn = blocked
        symbol = blocked
    }

    /// Marks cell (`x`, `y`) as holding a map symbol (▲, ⌂): blocked, and no label may end
    /// right beside it, so a name never runs into the next summit ("Pic Negre▲▲Pic …").
    public mutating func markSymbol(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        blocked[y * width + x] = true
        symbol[y * width + x] = true
    }

    /// Marks the cells of `rect` (clipped) as not available for labels.
    public mutating func block(_ rect: Rect) {
        let r = rect.intersection(Rect(x: 0, y: 0, width: width, height: height))
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY { for x in r.x..<r.maxX { blocked[y * width + x] = true } }
    }

    /// Marks cell (`x`, `y`) as not available.
    public mutating func block(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        blocked[y * width + x] = true
    }

    /// Marks cell (`x`, `y`) as holding basemap lines: labels may cover it, but only when no
    /// position with clear cells exists.
    public mutating func markDrawn(x: Int, y: Int) {
        guard x >= 0, y >= 0, x < width, y < height else { return }
        drawn[y * width + x] = true
    }

    /// True when cell (`x`, `y`) is blocked or labelled (outside counts as not free).
    public func isTaken(x: Int, y: Int) -> Bool {
        guard x >= 0, y >= 0, x < width, y < height else { return true }
        return blocked[y * width + x] || labelled[y * width + x]
    }

    /// True when `w` cells from (`x`, `y`) are free and the cells just left and right of them
    /// hold no label and no symbol.
    func fits(x: Int, y: Int, w: Int, clear: Bool = false) -> Bool {
        guard w > 0, y >= 0, y < height, x >= 0, x + w <= width else { return false }
        for i in x..<(x + w) where blocked[y * width + i] || labelled[y * width + i] || (clear && drawn[y * width + i]) {
            return false
        }
        if x > 0 && (labelled[y * width + x - 1] || symbol[y * width + x - 1]) { return false }
        if x + w < width && (labelled[y * width + x + w] || symbol[y * width + x + w]) { return false }
        return true
    }

    /// Free columns from (`x`, `y`) going right (stops before a cell next to a label).
    func freeRun(fromX x: Int, y: Int) -> Int {
        guard y >= 0, y < height, x >= 0, x < width, !(x > 0 && labelled[y * width + x - 1]) else { return 0 }
        var n = 0
        while x + n < width, !blocked[y * width + x + n], !labelled[y * width + x + n] { n += 1 }
        if x + n < width, labelled[y * width + x + n] { n = max(0, n - 1) }
        return n
    }

    /// Free columns ending at (`x`, `y`) going left.
    func freeRun(toX x: Int, y: Int) -> Int {
        guard y >= 0, y < height, x >= 0, x < width, !(x + 1 < width && labelled[y * width + x + 1]) else { return 0 }
        var n = 0
        while x - n >= 0, !blocked[y * width + x - n], !labelled[y * width + x - n] { n += 1 }
        if x - n >= 0, labelled[y * width + x - n] { n = max(0, n - 1) }
        return n
    }

    /// What a label names, which decides where it may go.
    public enum AnchorKind: Sendable {
        /// A symbol in the anchor cell: right of it, left, above, below.
        case symbol
        /// A line through the anchor cell: the rows above and below it, then on it.
        case line
        /// A place name (no symbol): centred on the anchor, then above and below.
        case place
    }

    /// Places `text` for an anchor at cell (`x`, `y`).
    /// - Returns: where the label went and its (sanitised, possibly cut) text, or nil.
    @discardableResult
    public mutating func place(_ text: String, anchorX x: Int, anchorY y: Int, kind: AnchorKind) -> (text: String, rect: Rect)? {
        let clean = TextFit.truncate(text, toWidth: width)
        let w = DisplayWidth.of(clean)
        guard w > 0 else { return nil }
        let besideSymbol = kind == .symbol
        let positions: [(Int, Int)]
        switch kind {
        case .symbol: positions = [(x + 2, y), (x - 1 - w, y), (x - w / 2, y - 1), (x - w / 2, y + 1)]
        case .line: positions = [(x - w / 2, y - 1), (x - w / 2, y + 1), (x + 2, y), (x - 1 - w, y), (x - w / 2, y)]
        case .place: positions = [(x - w / 2, y), (x - w / 2, y - 1), (x - w / 2, y + 1)]
        }
        // First where no basemap line would be hidden, then anywhere free.
        for clear in [true, false] {
            for (px, py) in positions where fits(x: px, y: py, w: w, clear: clear) {
                return commit(clean, x: px, y: py)
            }
        }
        // Cut to the longest free run beside the anchor.
        let right = freeRun(fromX: besideSymbol ? x + 2 : x, y: y)
        let left = freeRun(toX: besideSymbol ? x - 2 : x - 1, y: y)
        let best = max(right, left)
        guard best >= MapLabelPlacer.minimumWidth else { return nil }
        let cut = TextFit.truncate(clean, toWidth: best)
        let cw = DisplayWidth.of(cut)
        let px = right >= left ? (besideSymbol ? x + 2 : x) : (besideSymbol ? x - 2 : x - 1) - cw + 1
        guard fits(x: px, y: y, w: cw) else { return nil }
        return commit(cut, x: px, y: y)
    }

    private mutating func commit(_ text: String, x: Int, y: Int) -> (text: String, rect: Rect) {
        let w = DisplayWidth.of(text)
        for i in x..<(x + w) { labelled[y * width + i] = true }
        let r = Rect(x: x, y: y, width: w, height: 1)
        placed.append((text, r))
        return (text, r)
    }
}

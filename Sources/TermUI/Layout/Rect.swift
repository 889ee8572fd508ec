/// A rectangle of terminal cells: `x`, `y` of the top-left cell (column, row; y grows
/// downward) and a size in cells. Width and height are never negative.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// Left column.
    public var x: Int
    /// Top row.
    public var y: Int
    /// Width in cells (≥ 0).
    public var width: Int
    /// Height in cells (≥ 0).
    public var height: Int

    /// Creates a rectangle; negative sizes become 0.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// First column to the right of the rectangle (`x + width`).
    public var maxX: Int { x + width }
    /// First row below the rectangle (`y + height`).
    public var maxY: Int { y + height }
    /// Number of cells.
    public var area: Int { width * height }
    /// True when the rectangle holds no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    public var description: String { "Rect(x: \(x), y: \(y), \(width)x\(height))" }

    /// True when cell (`x`, `y`) lies inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    /// The cells in both rectangles. When they do not overlap the result is empty (size 0,
    /// placed at the clamped corner).
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// True when the two rectangles share at least one cell.
    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The rectangle shrunk by `n` cells on every side (never below size 0).
    public func inset(by n: Int) -> Rect { inset(top: n, left: n, bottom: n, right: n) }

    /// The rectangle shrunk by the given margins (never below size 0).
    public func inset(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) -> Rect {
        let w = max(0, width - left - right), h = max(0, height - top - bottom)
        return Rect(x: x + min(left, width), y: y + min(top, height), width: w, height: h)
    }

    /// Splits off the top `n` rows (clamped to the height): (top, rest).
    public func splitTop(_ n: Int) -> (top: Rect, rest: Rect) {
        let k = min(max(0, n), height)
        return (Rect(x: x, y: y, width: width, height: k), Rect(x: x, y: y + k, width: width, height: height - k))
    }

    /// Splits off the bottom `n` rows (clamped): (rest, bottom).
    public func splitBottom(_ n: Int) -> (rest: Rect, bottom: Rect) {
        let k = min(max(0, n), height)
        return (Rect(x: x, y: y, width: width, height: height - k), Rect(x: x, y: maxY - k, width: width, height: k))
    }

    /// Splits off the left `n` columns (clamped): (left, rest).
    public func splitLeft(_ n: Int) -> (left: Rect, rest: Rect) {
        let k = min(max(0, n), width)
        return (Rect(x: x, y: y, width: k, height: height), Rect(x: x + k, y: y, width: width - k, height: height))
    }

    /// Splits off the right `n` columns (clamped): (rest, right).
    public func splitRight(_ n: Int) -> (rest: Rect, right: Rect) {
        let k = min(max(0, n), width)
        return (Rect(x: x, y: y, width: width - k, height: height), Rect(x: maxX - k, y: y, width: k, height: height))
    }

    /// Splits along `direction` by `constraints`, like ratatui's `Layout` (see ``Layout``).
    public func split(_ direction: Layout.Direction, _ constraints: [Layout.Constraint], spacing: Int = 0) -> [Rect] {
        Layout(direction, constraints, spacing: spacing).split(self)
    }
}

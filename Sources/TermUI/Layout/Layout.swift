/// Splits a ``Rect`` into a row or column of parts by fixed lengths, percentages and fills,
/// like ratatui's `Layout` (without its constraint solver).
///
/// The rule, in order:
/// 1. `spacing` cells go between neighbouring parts (reduced when the space is too small).
/// 2. `.length(n)` gets `n` cells and `.percentage(p)` gets `⌊available · p / 100⌋` cells,
///    handed out from first to last; when they do not all fit, later ones get what is left
///    (possibly 0).
/// 3. The remaining cells go to the `.fill(weight)` parts in proportion to their weights
///    (rounded down, the leftover cells one each to the first fills). With no fill the
///    remainder stays unused at the end.
/// Every part lies inside the parent; parts never overlap; sizes are never negative.
public struct Layout: Hashable, Sendable {
    /// Which way the parts run.
    public enum Direction: Hashable, Sendable {
        /// Parts side by side, left to right (splits the width).
        case horizontal
        /// Parts stacked, top to bottom (splits the height).
        case vertical
    }

    /// How big one part wants to be along the direction.
    public enum Constraint: Hashable, Sendable {
        /// Exactly this many cells (or what is left).
        case length(Int)
        /// This percentage (0-100) of the space available after spacing.
        case percentage(Int)
        /// A share of what the lengths and percentages leave, by weight (≥ 1 counts).
        case fill(Int)
    }

    /// Which way the parts run.
    public var direction: Direction
    /// One constraint per part.
    public var constraints: [Constraint]
    /// Cells between neighbouring parts.
    public var spacing: Int

    /// Creates a layout.
    public init(_ direction: Direction, _ constraints: [Constraint], spacing: Int = 0) {
        self.direction = direction
        self.constraints = constraints
        self.spacing = max(0, spacing)
    }

    /// The sizes of the parts along the direction for a total of `total` cells.
    public func sizes(total: Int) -> [Int] {
        let n = constraints.count
        guard n > 0 else { return [] }
        let total = max(0, total)
        let gaps = min(spacing * (n - 1), total)
        let available = total - gaps
        var sizes = [Int](repeating: 0, count: n)
        var left = available
        for (i, c) in constraints.enumerated() {
            let want: Int
            switch c {
            case .length(let l): want = max(0, l)
            case .percentage(let p): want = available * min(100, max(0, p)) / 100
            case .fill: continue
            }
            sizes[i] = min(want, left)
            left -= sizes[i]
        }
        let weights = constraints.map { c -> Int in if case .fill(let w) = c { return max(1, w) } else { return 0 } }
        let totalWeight = weights.reduce(0, +)
        if totalWeight > 0 {
            var handed = 0
            for i in 0..<n where weights[i] > 0 {
                sizes[i] = left * weights[i] / totalWeight
                handed += sizes[i]
            }
            var extra = left - handed
            for i in 0..<n where weights[i] > 0 && extra > 0 {
                sizes[i] += 1
                extra -= 1
            }
        }
        return sizes
    }

    /// The parts of `rect`, one per constraint, in order.
    public func split(_ rect: Rect) -> [Rect] {
        let total = direction == .horizontal ? rect.width : rect.height
        let sizes = sizes(total: total)
        var gapBudget = min(spacing * max(0, sizes.count - 1), total)
        var offset = 0
        var parts: [Rect] = []
        parts.reserveCapacity(sizes.count)
        for (i, s) in sizes.enumerated() {
            if i > 0 {
                let g = min(spacing, gapBudget)
                offset += g
                gapBudget -= g
            }
            switch direction {
            case .horizontal: parts.append(Rect(x: rect.x + offset, y: rect.y, width: s, height: rect.height))
            case .vertical: parts.append(Rect(x: rect.x, y: rect.y + offset, width: rect.width, height: s))
            }
            offset += s
        }
        return parts
    }
}

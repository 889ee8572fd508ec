/// What a canvas draw call paints with: a style for the cells it touches and a priority.
///
/// Each cell of a ``BrailleCanvas`` shows one style. The draw call with the highest
/// `priority` that set a dot in the cell owns it; between equal priorities the later call
/// wins (painter's order). So a route drawn at a higher priority than the basemap keeps its
/// colour wherever the two share a cell, whatever order they were drawn in.
public struct Ink: Hashable, Sendable {
    /// Style given to the cells this ink owns (usually just a foreground colour).
    public var style: Style
    /// Higher wins.
    public var priority: Int

    /// Creates an ink from a style.
    public init(_ style: Style, priority: Int = 0) {
        self.style = style
        self.priority = priority
    }

    /// Creates an ink from a foreground colour.
    public init(color: Color, priority: Int = 0) {
        self.init(Style(fg: color), priority: priority)
    }
}

/// How wide ``BrailleCanvas/line(from:to:ink:weight:)`` draws, in dots, always inside the
/// cells a thin line takes.
public enum LineWeight: Hashable, Sendable {
    /// One dot per step (Bresenham).
    case thin
    /// Each dot with its partner in the same cell: the dot below or above it (rows 0-1 and 2-3
    /// pair up) on a line flatter than 45°, the one beside it on a steeper one. Two dots wide,
    /// and a dash pattern's one-dot gaps along the line stay open.
    case double
    /// Each dot as the 2 × 2 block of the cell half it lies in (rows 0-1 or 2-3, both columns):
    /// a horizontal line is two dot rows, a vertical one both columns (⣿), a diagonal a chain
    /// of blocks. Every cell it crosses holds 4 or 8 dots where a thin line's hold 1 to 4.
    case heavy
}

/// Filled marker shapes for ``BrailleCanvas/marker(at:shape:radius:ink:)``.
public enum MarkerShape: Hashable, Sendable {
    /// Dots whose centres lie within `radius` of the centre (Euclidean).
    case disc
    /// Dots with |dx| + |dy| ≤ `radius`.
    case diamond
    /// Dots with max(|dx|, |dy|) ≤ `radius`.
    case square
}

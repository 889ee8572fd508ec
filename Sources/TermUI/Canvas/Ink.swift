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

/// Filled marker shapes for ``BrailleCanvas/marker(at:shape:radius:ink:)``.
public enum MarkerShape: Hashable, Sendable {
    /// Dots whose centres lie within `radius` of the centre (Euclidean).
    case disc
    /// Dots with |dx| + |dy| ≤ `radius`.
    case diamond
    /// Dots with max(|dx|, |dy|) ≤ `radius`.
    case square
}

/// One terminal cell: a grapheme cluster with colours and attributes.
///
/// A character two columns wide (East Asian wide, most emoji) sits in its left cell; the
/// cell to its right is a *continuation* cell, whose `symbol` is empty and which draws nothing.
public struct Cell: Hashable, Sendable {
    /// One grapheme cluster, or "" for the right half of a wide character.
    public var symbol: String
    /// Foreground colour.
    public var fg: Color
    /// Background colour.
    public var bg: Color
    /// Attributes (bold, dim, …).
    public var attributes: Attributes

    /// Creates a cell. `symbol` should be one grapheme cluster; ``Buffer`` sanitises and
    /// measures it when the cell is set.
    public init(_ symbol: String = " ", fg: Color = .default, bg: Color = .default, attributes: Attributes = []) {
        self.symbol = symbol
        self.fg = fg
        self.bg = bg
        self.attributes = attributes
    }

    /// A space in the terminal's default colours.
    public static let blank = Cell()

    /// True for the right half of a wide character.
    public var isContinuation: Bool { symbol.isEmpty }

    /// The cell's colours and attributes as a ``Style`` that sets all of them.
    public var style: Style {
        Style(fg: fg, bg: bg, attributes: attributes, removedAttributes: Attributes.all.subtracting(attributes))
    }

    /// Applies `style`: its colours replace ours where set; attributes are added and removed.
    public mutating func apply(_ style: Style) {
        if let f = style.fg { fg = f }
        if let b = style.bg { bg = b }
        attributes = attributes.subtracting(style.removedAttributes).union(style.attributes)
    }

    /// A copy with `style` applied.
    public func applying(_ style: Style) -> Cell {
        var c = self
        c.apply(style)
        return c
    }
}

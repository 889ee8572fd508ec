/// How to paint a cell: an optional foreground and background colour and attribute changes.
///
/// A `Style` is a *change* to apply, as in ratatui: `nil` colours leave the cell's colour as
/// it is, `attributes` are switched on and `removedAttributes` switched off. Styles combine
/// with ``patched(with:)`` (the argument wins where it says something).
public struct Style: Hashable, Sendable {
    /// Foreground colour, or nil to keep the existing one.
    public var fg: Color?
    /// Background colour, or nil to keep the existing one.
    public var bg: Color?
    /// Attributes to switch on.
    public var attributes: Attributes
    /// Attributes to switch off.
    public var removedAttributes: Attributes

    /// Creates a style. All parameters default to "no change".
    public init(fg: Color? = nil, bg: Color? = nil, attributes: Attributes = [], removedAttributes: Attributes = []) {
        self.fg = fg
        self.bg = bg
        self.attributes = attributes
        self.removedAttributes = removedAttributes
    }

    /// The style that changes nothing.
    public static let plain = Style()

    /// This style with `other` laid on top: `other`'s colours win where they are set;
    /// attributes are `(self.attributes − other.removed) ∪ other.attributes`, and removals
    /// `(self.removed − other.attributes) ∪ other.removed` (ratatui's `Style::patch`).
    public func patched(with other: Style) -> Style {
        Style(fg: other.fg ?? fg,
              bg: other.bg ?? bg,
              attributes: attributes.subtracting(other.removedAttributes).union(other.attributes),
              removedAttributes: removedAttributes.subtracting(other.attributes).union(other.removedAttributes))
    }

    /// A copy with the foreground set.
    public func fg(_ color: Color) -> Style { var s = self; s.fg = color; return s }
    /// A copy with the background set.
    public func bg(_ color: Color) -> Style { var s = self; s.bg = color; return s }
    /// A copy that also switches `attributes` on.
    public func adding(_ attributes: Attributes) -> Style {
        var s = self
        s.attributes.formUnion(attributes)
        s.removedAttributes.subtract(attributes)
        return s
    }
    /// A copy that also switches `attributes` off.
    public func removing(_ attributes: Attributes) -> Style {
        var s = self
        s.removedAttributes.formUnion(attributes)
        s.attributes.subtract(attributes)
        return s
    }
}

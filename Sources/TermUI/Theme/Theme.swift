/// A colour theme: a name and a style for each semantic role ("route", "water", "muted", …).
///
/// Roles are plain strings chosen by the application; TermUI gives them no meaning. A role
/// the theme does not define falls back to the `text` role, and when `text` is missing too,
/// to ``Style/plain`` (the terminal's own colours). Themes are loaded from JSON files by
/// ``ThemeLoader``; the format is documented there and in `Themes/README.md`.
public struct Theme: Hashable, Sendable {
    /// The role every missing role falls back to.
    public static let fallbackRole = "text"

    /// The theme's name: its file name without `.json`.
    public var name: String
    /// A one-line description for theme pickers ("" when the file has none).
    public var description: String
    /// Style per role name.
    public var styles: [String: Style]

    /// Creates a theme.
    public init(name: String, description: String = "", styles: [String: Style]) {
        self.name = name
        self.description = description
        self.styles = styles
    }

    /// The style for `role`, else the `text` role's, else ``Style/plain``.
    public func style(_ role: String) -> Style {
        styles[role] ?? styles[Theme.fallbackRole] ?? .plain
    }

    /// The roles of `required` this theme does not define, in the order given (for an
    /// application to warn about, or a test to check shipped themes with).
    public func missingRoles(_ required: [String]) -> [String] {
        required.filter { styles[$0] == nil }
    }

    /// A theme with no styles at all: everything in the terminal's default colours. For use
    /// when no theme file can be found.
    public static let plain = Theme(name: "plain", description: "terminal defaults", styles: [:])
}

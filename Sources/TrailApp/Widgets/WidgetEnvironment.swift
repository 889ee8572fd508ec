import TermUI
import TrailCore

/// What every hike widget draws with: the theme, the value formatter (the user's units and
/// time zone) and how braille is drawn (braille, or ASCII when the locale is not UTF-8).
public struct WidgetEnvironment: Sendable {
    /// Styles by role (``ThemeRole``).
    public var theme: Theme
    /// Turns measurements into text in the user's units.
    public var format: UnitFormatter
    /// Braille or the ASCII fallback.
    public var canvasMode: CanvasMode

    /// Creates an environment.
    public init(theme: Theme, format: UnitFormatter, canvasMode: CanvasMode = .braille) {
        self.theme = theme
        self.format = format
        self.canvasMode = canvasMode
    }

    /// The theme's style for `role`.
    @inline(__always)
    public func style(_ role: String) -> Style { theme.style(role) }
}

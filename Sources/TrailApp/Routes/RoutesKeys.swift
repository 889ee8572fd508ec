import Localization
import TermUI

/// What a key does on the Routes screen.
public enum RoutesAction: Sendable, Equatable {
    case move(Int), open, toggleAll, zoom(Double), help, back
}

extension RoutesAction {
    /// The Routes screen's keys: the update, the `?` help and the hints read this.
    public static let keyMap = KeyMap<RoutesAction>([
        KeyBinding("↑ ↓  j k", N("select a route (the map shows it, walked parts in the covered style)"),
                   keys: [(.up, .move(-1)), (.down, .move(1)), (.character("k"), .move(-1)), (.character("j"), .move(1)),
                          (.pageUp, .move(-10)), (.pageDown, .move(10))]),
        KeyBinding("Enter  o", N("open the route as a hike (stored, with terrain heights; stats, profile, follow, export)"),
                   hint: N("Enter open"), keys: [(.enter, .open), (.character("o"), .open)]),
        KeyBinding("a", N("long-distance paths too (longer than a day's walk) / not"), hint: N("a all"),
                   keys: [.character("a")], action: .toggleAll),
        KeyBinding("+ -", N("zoom the route's map in / out"), keys: [(.character("+"), .zoom(1)), (.character("="), .zoom(1)),
                                                                  (.character("-"), .zoom(-1))]),
        KeyBinding("?  F1", N("this help"), hint: N("? keys"), keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", N("back"), hint: N("q back"), keys: [.escape, .character("q")], action: .back),
    ])
}

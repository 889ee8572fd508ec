import TermUI

/// What a key does on the Routes screen.
public enum RoutesAction: Sendable, Equatable {
    case move(Int), open, toggleAll, zoom(Double), help, back
}

extension RoutesAction {
    /// The Routes screen's keys: the update, the `?` help and the hints read this.
    public static let keyMap = KeyMap<RoutesAction>([
        KeyBinding("↑ ↓  j k", "select a route (the map shows it, walked parts in the covered style)",
                   keys: [(.up, .move(-1)), (.down, .move(1)), (.character("k"), .move(-1)), (.character("j"), .move(1)),
                          (.pageUp, .move(-10)), (.pageDown, .move(10))]),
        KeyBinding("Enter  o", "open the route as a hike (stored, with terrain heights; stats, profile, follow, export)",
                   hint: "Enter open", keys: [(.enter, .open), (.character("o"), .open)]),
        KeyBinding("a", "long-distance paths too (longer than a day's walk) / not", hint: "a all",
                   keys: [.character("a")], action: .toggleAll),
        KeyBinding("+ -", "zoom the route's map in / out", keys: [(.character("+"), .zoom(1)), (.character("="), .zoom(1)),
                                                                  (.character("-"), .zoom(-1))]),
        KeyBinding("?  F1", "this help", hint: "? keys", keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", "back", hint: "q back", keys: [.escape, .character("q")], action: .back),
    ])
}

import Localization
import TermUI

/// What a key does on the recording screen.
public enum RecordAction: Sendable, Equatable {
    case map(MapNavigation)
    case centre, pause, finish, backtrack, labels, help, back
    /// A place of one's own where one stands (name, then note), added to the recording's hike.
    case ownPlace
    /// A "photo here" mark where one stands, filled later by `cairn photos add`.
    case photoHere
}

extension RecordAction {
    /// The recording screen's keys: the update, the `?` help and the status-line hints read this.
    public static let keyMap = KeyMap<RecordAction>([
        MapNavigation.stepBinding("↑ ↓ ← →  h j k l", N("pan the map away from the position"), big: N("a whole view"),
                                  RecordAction.map),
        KeyBinding("c", N("centre the map on the position again (and follow it)"), hint: N("c centre on you"),
                   keys: [.character("c")], action: .centre),
        KeyBinding("p", N("pause / resume (written to the store first; a new segment only after a ride)"), hint: N("p pause"),
                   keys: [.character("p")], action: .pause),
        KeyBinding("x", N("finish: pause, name the hike, save it and open it (Esc goes on recording)"), hint: N("x finish"), keys: [.character("x")],
                   action: .finish),
        KeyBinding("b", N("backtrack: follow the walk so far back to its start, with the off-route alert"),
                   hint: N("b backtrack"), keys: [.character("b")], action: .backtrack),
        MapNavigation.zoomBinding(hint: N("+ - zoom"), RecordAction.map),
        KeyBinding("L", N("map labels on / off"), keys: [.character("L")], action: .labels),
        KeyBinding("a", N("a place of your own where you stand (asks for a name and a note), saved with the hike"),
                   keys: [.character("a")], action: .ownPlace),
        KeyBinding("i", N("photo here: note where and when you took a picture; `cairn photos add` puts the photo there"),
                   hint: N("i photo here"), keys: [.character("i")], action: .photoHere),
        KeyBinding("?  F1", N("this help"), hint: N("? keys"), keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", N("how to finish and quit"), keys: [.escape, .character("q")], action: .back),
    ])
}

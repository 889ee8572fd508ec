import TermUI

/// What a key does on the recording screen.
public enum RecordAction: Sendable, Equatable {
    case map(MapNavigation)
    case centre, pause, finish, backtrack, labels, help, back
    /// A place of one's own where one stands (name, then note), added to the recording's hike.
    case ownPlace
}

extension RecordAction {
    /// The recording screen's keys: the update, the `?` help and the status-line hints read this.
    public static let keyMap = KeyMap<RecordAction>([
        MapNavigation.stepBinding("↑ ↓ ← →  h j k l", "pan the map away from the position", big: "a whole view",
                                  RecordAction.map),
        KeyBinding("c", "centre the map on the position again (and follow it)", hint: "c centre on you",
                   keys: [.character("c")], action: .centre),
        KeyBinding("p", "pause / resume (written to the store first; a new segment only after a ride)", hint: "p pause",
                   keys: [.character("p")], action: .pause),
        KeyBinding("x", "finish: pause, name the hike, save it and open it (Esc goes on recording)", hint: "x finish", keys: [.character("x")],
                   action: .finish),
        KeyBinding("b", "backtrack: follow the walk so far back to its start, with the off-route alert",
                   hint: "b backtrack", keys: [.character("b")], action: .backtrack),
        MapNavigation.zoomBinding(hint: "+ - zoom", RecordAction.map),
        KeyBinding("L", "map labels on / off", keys: [.character("L")], action: .labels),
        KeyBinding("a", "a place of your own where you stand (asks for a name and a note), saved with the hike",
                   keys: [.character("a")], action: .ownPlace),
        KeyBinding("?  F1", "this help", hint: "? keys", keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", "how to finish and quit", keys: [.escape, .character("q")], action: .back),
    ])
}

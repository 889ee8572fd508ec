import TermUI

/// What a key does on the follow screen.
public enum FollowAction: Sendable, Equatable {
    case map(MapNavigation)
    case centre, pause, backtrack, voice, stop, labels, help, back
    /// A place of one's own where one stands (name, then note), added to the hike followed.
    case ownPlace
    /// Once stopped: close the summary.
    case close
}

extension FollowAction {
    /// The follow screen's keys while following: the update, the `?` help and the status-line
    /// hints all read this.
    public static let keyMap = KeyMap<FollowAction>([
            MapNavigation.stepBinding("↑ ↓ ← →  h j k l", "pan the map away from the position", big: "a whole view",
                                      FollowAction.map),
            KeyBinding("c", "centre the map on the position again", hint: "c centre on you", keys: [.character("c")],
                       action: .centre),
            KeyBinding("p", "pause / resume (a paused walk adds no distance, time or coverage)", hint: "p pause",
                       keys: [.character("p")], action: .pause),
            KeyBinding("b", "backtrack: follow the walk so far back to its start", hint: "b backtrack",
                       keys: [.character("b")], action: .backtrack),
            KeyBinding("x", "stop: show the summary and save it in the hike's history", hint: "x stop",
                       keys: [.character("x")], action: .stop),
            KeyBinding("v", "spoken alerts on / off (needs espeak-ng)", hint: "v voice", keys: [.character("v")],
                       action: .voice),
            MapNavigation.zoomBinding(hint: "+ - zoom", FollowAction.map),
            KeyBinding("L", "map labels on / off", keys: [.character("L")], action: .labels),
            KeyBinding("a", "a place of your own where you stand (asks for a name and a note), added to the hike",
                       keys: [.character("a")], action: .ownPlace),
            KeyBinding("?  F1", "this help", hint: "? keys", keys: [.character("?"), .function(1)], action: .help),
            KeyBinding("Esc  q", "how to stop and quit", keys: [.escape, .character("q")], action: .back),
    ])

    /// The keys once stopped, while the summary shows.
    public static let stoppedKeyMap = KeyMap<FollowAction>([
        KeyBinding("Enter  Esc  q  x  Space", "close the summary, back to the hike", hint: "Enter back to the hike",
                   keys: [.enter, .escape, .character("q"), .character("x"), .character(" ")], action: .close),
    ])
}

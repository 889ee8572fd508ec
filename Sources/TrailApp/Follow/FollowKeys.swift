import Localization
import TermUI

/// What a key does on the follow screen.
public enum FollowAction: Sendable, Equatable {
    case map(MapNavigation)
    case centre, pause, backtrack, voice, stop, labels, help, back
    /// A place of one's own where one stands (name, then note), added to the hike followed.
    case ownPlace
    /// A "photo here" mark where one stands, filled later by `cairn photos add`.
    case photoHere
    /// Once stopped: close the summary.
    case close
}

extension FollowAction {
    /// The follow screen's keys while following: the update, the `?` help and the status-line
    /// hints all read this.
    public static let keyMap = KeyMap<FollowAction>([
            MapNavigation.stepBinding("↑ ↓ ← →  h j k l", N("pan the map away from the position"), big: N("a whole view"),
                                      FollowAction.map),
            KeyBinding("c", N("centre the map on the position again"), hint: N("c centre on you"), keys: [.character("c")],
                       action: .centre),
            KeyBinding("p", N("pause / resume (a paused walk adds no distance, time or coverage)"), hint: N("p pause"),
                       keys: [.character("p")], action: .pause),
            KeyBinding("b", N("backtrack: follow the walk so far back to its start"), hint: N("b backtrack"),
                       keys: [.character("b")], action: .backtrack),
            KeyBinding("x", N("stop: show the summary and save it in the hike's history"), hint: N("x stop"),
                       keys: [.character("x")], action: .stop),
            KeyBinding("v", N("spoken alerts on / off (needs espeak-ng)"), hint: N("v voice"), keys: [.character("v")],
                       action: .voice),
            MapNavigation.zoomBinding(hint: N("+ - zoom"), FollowAction.map),
            KeyBinding("L", N("map labels on / off"), keys: [.character("L")], action: .labels),
            KeyBinding("a", N("a place of your own where you stand (asks for a name and a note), added to the hike"),
                       keys: [.character("a")], action: .ownPlace),
            KeyBinding("i", N("photo here: note where and when you took a picture; `cairn photos add` puts the photo there"),
                       hint: N("i photo here"), keys: [.character("i")], action: .photoHere),
            KeyBinding("?  F1", N("this help"), hint: N("? keys"), keys: [.character("?"), .function(1)], action: .help),
            KeyBinding("Esc  q", N("how to stop and quit"), keys: [.escape, .character("q")], action: .back),
    ])

    /// The keys once stopped, while the summary shows.
    public static let stoppedKeyMap = KeyMap<FollowAction>([
        KeyBinding("Enter  Esc  q  x  Space", N("close the summary, back to the hike"), hint: N("Enter back to the hike"),
                   keys: [.enter, .escape, .character("q"), .character("x"), .character(" ")], action: .close),
    ])
}

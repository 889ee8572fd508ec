import Localization
import TermUI

/// What a key does on the match review screen.
public enum ReviewAction: Sendable, Equatable {
    case move(Int), keepMatched, keepRaw, keepAlternative, allMatched, allRaw, save, undo, zoom(Int), fit, help, back
}

extension ReviewAction {
    /// The review screen's keys: the update, the `?` help and the hints read this.
    public static let keyMap = KeyMap<ReviewAction>([
        KeyBinding("↑ ↓  j k", N("select a section (the map shows it)"), hint: N("j k section"),
                   keys: [(.up, .move(-1)), (.down, .move(1)), (.character("k"), .move(-1)), (.character("j"), .move(1))]),
        KeyBinding("m  r  a", N("keep the matched line / the recording / the other way for this section"),
                   hint: N("m r a keep"), keys: [(.character("m"), .keepMatched), (.character("r"), .keepRaw),
                                              (.character("a"), .keepAlternative)]),
        KeyBinding("M  R", N("every section matched / every section as recorded"),
                   keys: [(.character("M"), .allMatched), (.character("R"), .allRaw)]),
        KeyBinding("s  Enter", N("save: store the line as a new version of the hike's line (the recording is kept)"),
                   hint: N("s save"), keys: [(.character("s"), .save), (.enter, .save)]),
        KeyBinding("u", N("undo: the hike shows its recorded line again"), hint: N("u raw"), keys: [.character("u")], action: .undo),
        KeyBinding("+ -  0", N("zoom in / out / the whole hike"),
                   keys: [(.character("+"), .zoom(1)), (.character("="), .zoom(1)), (.character("-"), .zoom(-1)),
                          (.character("0"), .fit)]),
        KeyBinding("?  F1", N("this help"), hint: N("? keys"), keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", N("back to the hike"), hint: N("q back"), keys: [.escape, .character("q")], action: .back),
    ])
}

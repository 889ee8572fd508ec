import TermUI

/// What a key does on the Places screen.
public enum PlacesAction: Sendable, Equatable {
    case move(Int), chip(Int), toggleChip, onlyChip, allChips, widen, narrow, add, own, rename, note, kind,
         remove, area, back, help
}

extension PlacesAction {
    /// The Places screen's keys: the update, the `?` help and the hints read this.
    public static let keyMap = KeyMap<PlacesAction>([
        KeyBinding("↑ ↓  j k", "select a place", keys: [(.up, .move(-1)), (.down, .move(1)),
                                                        (.character("k"), .move(-1)), (.character("j"), .move(1)),
                                                        (.pageUp, .move(-10)), (.pageDown, .move(10))]),
        KeyBinding("← →", "move along the kind chips", keys: [(.left, .chip(-1)), (.right, .chip(1))]),
        KeyBinding("Space", "kind under the chip cursor on / off", hint: "Space kind",
                   keys: [.character(" ")], action: .toggleChip),
        KeyBinding("1  *", "only the kind under the cursor / every kind",
                   keys: [(.character("1"), .onlyChip), (.character("*"), .allChips)]),
        KeyBinding("+ -", "widen / narrow the search off the line", hint: "+ - radius",
                   keys: [(.character("+"), .widen), (.character("="), .widen), (.character("-"), .narrow)]),
        KeyBinding("Enter  a", "add the selected place to the hike", hint: "a add",
                   keys: [(.enter, .add), (.character("a"), .add)]),
        KeyBinding("o", "a place of your own at the profile's cursor (asks for a name, then a note)", keys: [.character("o")], action: .own),
        KeyBinding("r  N  K", "rename / note / next kind of the selected place of the hike",
                   keys: [(.character("r"), .rename), (.character("N"), .note), (.character("K"), .kind)]),
        KeyBinding("x", "remove the selected place from the hike", keys: [.character("x")], action: .remove),
        KeyBinding("v", "search this area: everything in the hike map's view / the line again", keys: [.character("v")], action: .area),
        KeyBinding("?  F1", "this help", hint: "? keys", keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", "back to the hike", hint: "q back", keys: [.escape, .character("q")], action: .back),
    ])
}

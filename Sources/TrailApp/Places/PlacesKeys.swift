import Localization
import TermUI

/// What a key does on the Places screen.
public enum PlacesAction: Sendable, Equatable {
    case move(Int), chip(Int), toggleChip, onlyChip, allChips, widen, narrow, add, own, rename, note, kind,
         remove, area, back, help
}

extension PlacesAction {
    /// The Places screen's keys: the update, the `?` help and the hints read this.
    public static let keyMap = KeyMap<PlacesAction>([
        KeyBinding("↑ ↓  j k", N("select a place"), keys: [(.up, .move(-1)), (.down, .move(1)),
                                                        (.character("k"), .move(-1)), (.character("j"), .move(1)),
                                                        (.pageUp, .move(-10)), (.pageDown, .move(10))]),
        KeyBinding("← →", N("move along the kind chips"), keys: [(.left, .chip(-1)), (.right, .chip(1))]),
        KeyBinding("Space", N("kind under the chip cursor on / off"), hint: N("Space kind"),
                   keys: [.character(" ")], action: .toggleChip),
        KeyBinding("1  *", N("only the kind under the cursor / every kind"),
                   keys: [(.character("1"), .onlyChip), (.character("*"), .allChips)]),
        KeyBinding("+ -", N("widen / narrow the search off the line"), hint: N("+ - radius"),
                   keys: [(.character("+"), .widen), (.character("="), .widen), (.character("-"), .narrow)]),
        KeyBinding("Enter  a", N("add the selected place to the hike"), hint: N("a add"),
                   keys: [(.enter, .add), (.character("a"), .add)]),
        KeyBinding("o", N("a place of your own at the profile's cursor (asks for a name, then a note)"), keys: [.character("o")], action: .own),
        KeyBinding("r  N  K", N("rename / note / next kind of the selected place of the hike"),
                   keys: [(.character("r"), .rename), (.character("N"), .note), (.character("K"), .kind)]),
        KeyBinding("x", N("remove the selected place from the hike"), keys: [.character("x")], action: .remove),
        KeyBinding("v", N("search this area: everything in the hike map's view / the line again"), keys: [.character("v")], action: .area),
        KeyBinding("?  F1", N("this help"), hint: N("? keys"), keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", N("back to the hike"), hint: N("q back"), keys: [.escape, .character("q")], action: .back),
    ])
}

import Localization
import TermUI

/// What a key does on the route-drawing screen. The screen has modes, each with its map:
/// the map focused (``mapKeyMap``), the stop list focused (``listKeyMap``), a stop being moved
/// (``movingKeyMap``); ``commonKeyMap`` works on the map and in the list alike. The pin card's
/// keys come from its choices (``PinChoice/key``); the search panel takes typing.
public enum DrawAction: Sendable, Equatable {
    /// Map focus: move the cursor (a step) or zoom around it.
    case map(MapNavigation)
    case dropPin, toList, leave
    case routing, search, save, saveCopy, fit, labels, contours, hillshade, help
    /// Places along the route being drawn; a place of one's own at the map cursor.
    case places, ownPlace
    // The stop list.
    case select(Int), selectFirst, selectLast, reorder(Int), moveStop, deleteStop, goToStop, toMap
    // Moving a stop.
    case putStop, cancelMove
}

extension DrawAction {
    /// Keys with the map focused.
    public static let mapKeyMap = KeyMap<DrawAction>([
                MapNavigation.stepBinding("← → ↑ ↓  h j k l", N("move the cursor, faster while held (the map scrolls at the edges)"),
                                          big: N("eight cells at a time"), DrawAction.map),
                KeyBinding("Enter", N("drop a pin: make it the start, the destination, a stop between, or leave it"),
                           hint: N("Arrows + Enter: pin"), keys: [.enter], action: .dropPin),
                KeyBinding("Tab", N("switch to the stop list"), hint: N("Tab stops"), keys: [.tab, .backTab], action: .toList),
                KeyBinding("q  Esc", N("back to the library (the drawing is kept)"), hint: N("q back"),
                           keys: [.character("q"), .escape], action: .leave),
    ])

    /// Keys with the stop list focused.
    public static let listKeyMap = KeyMap<DrawAction>([
        KeyBinding("↑ ↓  j k  Home End  g G", N("select a stop (Home End, g G: the first / the last)"), hint: N("↑ ↓ select"),
                   keys: [(.up, .select(-1)), (.down, .select(1)), (.character("k"), .select(-1)),
                          (.character("j"), .select(1)), (.home, .selectFirst), (.end, .selectLast),
                          (.character("g"), .selectFirst), (.character("G"), .selectLast)]),
        KeyBinding("K J  Shift+↑ ↓", N("move the selected stop up / down in the order"), hint: N("K J reorder"),
                   keys: [(.character("K"), .reorder(-1)), (.shiftUp, .reorder(-1)),
                          (.character("J"), .reorder(1)), (.shiftDown, .reorder(1))]),
        KeyBinding("m", N("move the selected stop on the map (Enter puts it, Esc cancels)"), hint: N("m move"),
                   keys: [.character("m")], action: .moveStop),
        KeyBinding("x  Delete", N("delete the selected stop"), hint: N("x delete"),
                   keys: [.character("x"), .delete, .backspace], action: .deleteStop),
        KeyBinding("Enter", N("put the cursor on the selected stop"), keys: [.enter], action: .goToStop),
        KeyBinding("Tab  Esc  q", N("back to the map (q: to the library, the drawing is kept)"), hint: N("Tab map"),
                   keys: [(.tab, .toMap), (.backTab, .toMap), (.escape, .toMap), (.character("q"), .leave)]),
    ])

    /// Keys on the map and in the list alike.
    public static let commonKeyMap = KeyMap<DrawAction>([
        MapNavigation.zoomBinding(N("zoom in / out around the cursor"), DrawAction.map),
        KeyBinding("s", N("routing on / off for new legs (off: straight lines)"), hint: N("s routing"),
                   keys: [.character("s")], action: .routing),
        KeyBinding("/", N("search named places; Enter adds the chosen one as a stop"), hint: N("/ search"),
                   keys: [.character("/")], action: .search),
        KeyBinding("w  W", N("save the route (asks for a name); editing a saved route, w updates it and W saves a copy as a new hike"),
                   hint: N("w save"), keys: [(.character("w"), .save), (.character("W"), .saveCopy)]),
        KeyBinding("f", N("fit the map over the stops"), keys: [.character("f")], action: .fit),
        KeyBinding("p  a", N("places along the route (kept and saved with it) / a place of your own at the cursor"),
                   hint: N("p places"), keys: [(.character("p"), .places), (.character("a"), .ownPlace)]),
        KeyBinding("L  C  H", N("map labels / contour lines / hillshade (imported terrain) on / off"),
                   keys: [(.character("L"), .labels), (.character("C"), .contours), (.character("H"), .hillshade)]),
        KeyBinding("?  F1", N("this help"), hint: N("? keys"), keys: [.character("?"), .function(1)], action: .help),
    ])

    /// Keys while a stop is being moved.
    public static let movingKeyMap = KeyMap<DrawAction>([
            MapNavigation.stepBinding("← → ↑ ↓  h j k l", N("move the cursor, faster while held"), big: N("eight cells at a time"),
                                      hint: N("arrows move"), DrawAction.map),
            KeyBinding("Enter", N("put the stop at the cursor"), hint: N("Enter puts it here"), keys: [.enter],
                       action: .putStop),
            KeyBinding("Esc", N("leave the stop where it was"), hint: N("Esc cancels"), keys: [.escape], action: .cancelMove),
            MapNavigation.zoomBinding(N("zoom in / out around the cursor"), DrawAction.map),
            KeyBinding("?  F1", N("this help"), keys: [.character("?"), .function(1)], action: .help),
    ])

    /// The pin card's status line: one hint per choice it offers, then Esc.
    public static func pinCardHints(_ card: PinCard) -> [String] {
        card.choices.map { "\($0.key) \($0.hint)" } + [L("Esc cancels")]
    }
}

extension PinChoice {
    /// The choice's word in the status line ("s start").
    public var hint: String {
        switch self {
        // TRANSLATORS: one word each, after the key in the pin card's status line ("s start").
        case .start: return Lc("pin choice", "start")
        case .destination: return Lc("pin choice", "destination")
        case .between: return Lc("pin choice", "between")
        case .pin: return Lc("pin choice", "pin")
        }
    }
}

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
                MapNavigation.stepBinding("← → ↑ ↓  h j k l", "move the cursor, faster while held (the map scrolls at the edges)",
                                          big: "eight cells at a time", DrawAction.map),
                KeyBinding("Enter", "drop a pin: make it the start, the destination, a stop between, or leave it",
                           hint: "Arrows + Enter: pin", keys: [.enter], action: .dropPin),
                KeyBinding("Tab", "switch to the stop list", hint: "Tab stops", keys: [.tab, .backTab], action: .toList),
                KeyBinding("q  Esc", "back to the library (the drawing is kept)", hint: "q back",
                           keys: [.character("q"), .escape], action: .leave),
    ])

    /// Keys with the stop list focused.
    public static let listKeyMap = KeyMap<DrawAction>([
        KeyBinding("↑ ↓  j k  Home End  g G", "select a stop (Home End, g G: the first / the last)", hint: "↑ ↓ select",
                   keys: [(.up, .select(-1)), (.down, .select(1)), (.character("k"), .select(-1)),
                          (.character("j"), .select(1)), (.home, .selectFirst), (.end, .selectLast),
                          (.character("g"), .selectFirst), (.character("G"), .selectLast)]),
        KeyBinding("K J  Shift+↑ ↓", "move the selected stop up / down in the order", hint: "K J reorder",
                   keys: [(.character("K"), .reorder(-1)), (.shiftUp, .reorder(-1)),
                          (.character("J"), .reorder(1)), (.shiftDown, .reorder(1))]),
        KeyBinding("m", "move the selected stop on the map (Enter puts it, Esc cancels)", hint: "m move",
                   keys: [.character("m")], action: .moveStop),
        KeyBinding("x  Delete", "delete the selected stop", hint: "x delete",
                   keys: [.character("x"), .delete, .backspace], action: .deleteStop),
        KeyBinding("Enter", "put the cursor on the selected stop", keys: [.enter], action: .goToStop),
        KeyBinding("Tab  Esc  q", "back to the map (q: to the library, the drawing is kept)", hint: "Tab map",
                   keys: [(.tab, .toMap), (.backTab, .toMap), (.escape, .toMap), (.character("q"), .leave)]),
    ])

    /// Keys on the map and in the list alike.
    public static let commonKeyMap = KeyMap<DrawAction>([
        MapNavigation.zoomBinding("zoom in / out around the cursor", DrawAction.map),
        KeyBinding("s", "routing on / off for new legs (off: straight lines)", hint: "s routing",
                   keys: [.character("s")], action: .routing),
        KeyBinding("/", "search named places; Enter adds the chosen one as a stop", hint: "/ search",
                   keys: [.character("/")], action: .search),
        KeyBinding("w  W", "save the route (asks for a name); editing a saved route, w updates it and W saves a copy as a new hike",
                   hint: "w save", keys: [(.character("w"), .save), (.character("W"), .saveCopy)]),
        KeyBinding("f", "fit the map over the stops", keys: [.character("f")], action: .fit),
        KeyBinding("p  a", "places along the route (kept and saved with it) / a place of your own at the cursor",
                   hint: "p places", keys: [(.character("p"), .places), (.character("a"), .ownPlace)]),
        KeyBinding("L  C  H", "map labels / contour lines / hillshade (imported terrain) on / off",
                   keys: [(.character("L"), .labels), (.character("C"), .contours), (.character("H"), .hillshade)]),
        KeyBinding("?  F1", "this help", hint: "? keys", keys: [.character("?"), .function(1)], action: .help),
    ])

    /// Keys while a stop is being moved.
    public static let movingKeyMap = KeyMap<DrawAction>([
            MapNavigation.stepBinding("← → ↑ ↓  h j k l", "move the cursor, faster while held", big: "eight cells at a time",
                                      hint: "arrows move", DrawAction.map),
            KeyBinding("Enter", "put the stop at the cursor", hint: "Enter puts it here", keys: [.enter],
                       action: .putStop),
            KeyBinding("Esc", "leave the stop where it was", hint: "Esc cancels", keys: [.escape], action: .cancelMove),
            MapNavigation.zoomBinding("zoom in / out around the cursor", DrawAction.map),
            KeyBinding("?  F1", "this help", keys: [.character("?"), .function(1)], action: .help),
    ])

    /// The pin card's status line: one hint per choice it offers, then Esc.
    public static func pinCardHints(_ card: PinCard) -> [String] {
        card.choices.map { "\($0.key) \($0.hint)" } + ["Esc cancels"]
    }
}

extension PinChoice {
    /// The choice's word in the status line ("s start").
    public var hint: String {
        switch self {
        case .start: return "start"
        case .destination: return "destination"
        case .between: return "between"
        case .pin: return "pin"
        }
    }
}

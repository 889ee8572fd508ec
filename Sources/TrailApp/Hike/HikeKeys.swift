import TermUI

/// What a key does on the hike screen.
public enum HikeAction: Sendable, Equatable {
    /// Move the cursor along the profile by this many steps (a big step is ten).
    case scrub(Int)
    case toStart, toEnd, markStart, markEnd, clearRange, nextFocus, previousFocus
    case map(MapNavigation)
    case fit, centre, follow, labels, contours, terrainLine, hillshade, edit, help, back
    /// Cycle the line colouring: plain, slope, SAC grade.
    case lineColouring
    /// The Places screen; the cursor to the next / previous place of the hike.
    case places, nextPlace, previousPlace
    /// A place of one's own at the map cursor (map focus) or the profile's cursor.
    case ownPlace
    /// The match review screen.
    case review
    /// The Routes screen near the map's view.
    case routes
    /// Open the photo strip (the hike's photos in walking order).
    case photos
}

extension HikeAction {
    /// Chart columns moved by one scrub step; a big step (Shift, PageUp/PageDown) is ten.
    public static let bigStep = 10

    /// Keys that act on the map while it has the focus (looked up before ``keyMap``).
    public static let mapFocusKeyMap = KeyMap<HikeAction>([
        MapNavigation.stepBinding("↑ ↓ ← →  h j k l", "pan the map", big: "a whole view", hint: "← → ↑ ↓ pan",
                                  HikeAction.map),
    ])

    /// The hike screen's keys: the update, the `?` help and the status-line hints all read this.
    public static let keyMap = KeyMap<HikeAction>([
        KeyBinding("← →  h l", "move the cursor along the profile (map focus: pan)", hint: "← → scrub",
                   keys: [(.left, .scrub(-1)), (.right, .scrub(1)), (.character("h"), .scrub(-1)),
                          (.character("l"), .scrub(1))]),
        KeyBinding("Shift+← →  PgUp PgDn", "move the cursor ten times as far",
                   keys: [(.shiftLeft, .scrub(-bigStep)), (.shiftRight, .scrub(bigStep)),
                          (.pageUp, .scrub(-bigStep)), (.pageDown, .scrub(bigStep))]),
        KeyBinding("Home End", "cursor to the start / the finish", keys: [(.home, .toStart), (.end, .toEnd)]),
        KeyBinding("[  ]", "mark the start / end of a range (statistics of the range)", hint: "[ ] range",
                   keys: [(.character("["), .markStart), (.character("]"), .markEnd)]),
        KeyBinding("u", "clear the range marks", keys: [.character("u")], action: .clearRange),
        KeyBinding("Tab", "switch focus between profile and map", keys: [(.tab, .nextFocus), (.backTab, .previousFocus)]),
        MapNavigation.zoomBinding(hint: "+ - zoom", HikeAction.map),
        KeyBinding("0", "fit the whole hike on the map", hint: "0 fit", keys: [.character("0")], action: .fit),
        KeyBinding("c", "centre the map on the cursor", keys: [.character("c")], action: .centre),
        KeyBinding("f", "follow this hike live (asks for the position source)", hint: "f follow",
                   keys: [.character("f")], action: .follow),
        // One help line for both, so the hike's help stays short.
        KeyBinding("m", "review the line matched onto the mapped paths",
                   hint: "m match", keys: [.character("m")], action: .review),
        KeyBinding("e  p  w  > <", "edit (drawn) / places / routes nearby / next, previous place", hint: "p places",
                   keys: [(.character("e"), .edit), (.character("p"), .places), (.character("w"), .routes), (.character(">"), .nextPlace),
                          (.character("<"), .previousPlace),
                          (.character("."), .nextPlace), (.character(","), .previousPlace)]),
        KeyBinding("i", "photos: the strip of the hike's photos (▣ / # on the map and the profile); ↑ ↓ step, Enter shows one",
                   hint: "i photos", keys: [.character("i")], action: .photos),
        KeyBinding("a", "a place of your own at the map cursor (map focus: the ╋ in the middle) or the profile's cursor",
                   keys: [.character("a")], action: .ownPlace),
        KeyBinding("L  C  H", "map labels / contour lines / hillshade (imported terrain) on / off", hint: "C contours",
                   keys: [(.character("L"), .labels), (.character("C"), .contours), (.character("H"), .hillshade)]),
        KeyBinding("t", "terrain line beside the GPS profile (imported terrain), with both gains", hint: "t terrain",
                   keys: [.character("t")], action: .terrainLine),
        KeyBinding("o", "colour the line: plain / by slope / by SAC grade / walked by other hikes (legend on the map)",
                   keys: [.character("o")], action: .lineColouring),
        .mouse("click", "profile: move the cursor there; map: focus it"),
        KeyBinding("?  F1", "this help", hint: "? keys", keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", "back to the library", hint: "q back", keys: [.escape, .character("q")], action: .back),
    ])
}

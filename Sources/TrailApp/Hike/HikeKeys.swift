import Localization
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
        MapNavigation.stepBinding("↑ ↓ ← →  h j k l", N("pan the map"), big: N("a whole view"), hint: N("← → ↑ ↓ pan"),
                                  HikeAction.map),
    ])

    /// The hike screen's keys: the update, the `?` help and the status-line hints all read this.
    public static let keyMap = KeyMap<HikeAction>([
        KeyBinding("← →  h l", N("move the cursor along the profile (map focus: pan)"), hint: N("← → scrub"),
                   keys: [(.left, .scrub(-1)), (.right, .scrub(1)), (.character("h"), .scrub(-1)),
                          (.character("l"), .scrub(1))]),
        KeyBinding("Shift+← →  PgUp PgDn", N("move the cursor ten times as far"),
                   keys: [(.shiftLeft, .scrub(-bigStep)), (.shiftRight, .scrub(bigStep)),
                          (.pageUp, .scrub(-bigStep)), (.pageDown, .scrub(bigStep))]),
        KeyBinding("Home End", N("cursor to the start / the finish"), keys: [(.home, .toStart), (.end, .toEnd)]),
        KeyBinding("[  ]", N("mark the start / end of a range (statistics of the range)"), hint: N("[ ] range"),
                   keys: [(.character("["), .markStart), (.character("]"), .markEnd)]),
        KeyBinding("u", N("clear the range marks"), keys: [.character("u")], action: .clearRange),
        KeyBinding("Tab", N("switch focus between profile and map"), keys: [(.tab, .nextFocus), (.backTab, .previousFocus)]),
        MapNavigation.zoomBinding(hint: N("+ - zoom"), HikeAction.map),
        KeyBinding("0", N("fit the whole hike on the map"), hint: N("0 fit"), keys: [.character("0")], action: .fit),
        KeyBinding("c", N("centre the map on the cursor"), keys: [.character("c")], action: .centre),
        KeyBinding("f", N("follow this hike live (asks for the position source)"), hint: N("f follow"),
                   keys: [.character("f")], action: .follow),
        // One help line for both, so the hike's help stays short.
        KeyBinding("m", N("review the line matched onto the mapped paths"),
                   hint: N("m match"), keys: [.character("m")], action: .review),
        KeyBinding("e  p  w  > <", N("edit (drawn) / places / routes nearby / next, previous place"), hint: N("p places"),
                   keys: [(.character("e"), .edit), (.character("p"), .places), (.character("w"), .routes), (.character(">"), .nextPlace),
                          (.character("<"), .previousPlace),
                          (.character("."), .nextPlace), (.character(","), .previousPlace)]),
        KeyBinding("i", N("photos: the strip of the hike's photos (pinned on the map and the profile: see the map legend); ↑ ↓ step, Enter shows one"),
                   hint: N("i photos"), keys: [.character("i")], action: .photos),
        KeyBinding("a", N("a place of your own at the map cursor (map focus: the ╋ in the middle) or the profile's cursor"),
                   keys: [.character("a")], action: .ownPlace),
        KeyBinding("L  C  H", N("map labels / contour lines / hillshade (imported terrain) on / off"), hint: N("C contours"),
                   keys: [(.character("L"), .labels), (.character("C"), .contours), (.character("H"), .hillshade)]),
        KeyBinding("t", N("terrain line beside the GPS profile (imported terrain), with both gains"), hint: N("t terrain"),
                   keys: [.character("t")], action: .terrainLine),
        KeyBinding("o", N("colour the line: plain / by slope / by SAC grade / walked by other hikes (legend on the map)"),
                   keys: [.character("o")], action: .lineColouring),
        .mouse(N("click"), N("profile: move the cursor there; map: focus it")),
        KeyBinding("?  F1", N("this help"), hint: N("? keys"), keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", N("back to the library"), hint: N("q back"), keys: [.escape, .character("q")], action: .back),
    ])
}

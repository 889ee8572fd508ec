import Localization
import TermUI
import TrailCore
import TrailMap

/// The `?` help's legend of the map (issue 36: the live screens' markers were explained
/// nowhere): one help line per mark the screen's map draws, its glyph the one drawn in the
/// canvas mode shown (braille or ASCII). Every glyph comes from what draws it (``MapMark``,
/// ``MapWidget/chevron(dx:dy:)``, ``PlaceMarks/glyph(_:mode:)``, ``MapFeatureStyle``), never a
/// copy, so the legend cannot drift from the map.
enum MapLegend {
    /// The screens with a map and a legend.
    enum Screen: Sendable { case hike, follow, record }

    /// The legend of `screen`'s map in `mode`: a heading line, then the marks in the order of
    /// their importance (position, the line's ends and arrows, photo pins, the cursor, places,
    /// the map data's symbols).
    static func lines(_ screen: Screen, mode: CanvasMode) -> [HelpLine] {
        func g(_ m: MapMark) -> String { m.shown(in: mode) }
        var out = [HelpLine(keys: L("Map legend"), what: L("what each mark on the map means"))]
        switch screen {
        case .hike:
            out.append(HelpLine(keys: g(.position), what: L("the hike's point at the profile cursor")))
            out.append(HelpLine(keys: g(.start), what: L("the hike's start")))
            out.append(HelpLine(keys: g(.finish), what: L("the hike's finish")))
        case .follow:
            out.append(HelpLine(keys: g(.position), what: L("you: the last GPS fix used")))
            out.append(HelpLine(keys: g(.start), what: L("the route's start (backtracking: where you turned back)")))
            out.append(HelpLine(keys: g(.finish), what: L("the route's finish (backtracking: the hike's start)")))
        case .record:
            out.append(HelpLine(keys: g(.position), what: L("you: the last GPS fix used")))
            out.append(HelpLine(keys: g(.start), what: L("where the recording began (after b: where you turned back)")))
            out.append(HelpLine(keys: g(.finish), what: L("the last point recorded, under your position while you walk (after b: where the recording began)")))
        }
        // Both ends in one cell (a loop; any line zoomed out far enough): one mark for both.
        out.append(HelpLine(keys: g(.startAndFinish), what: L("start and finish in one place (a loop, or zoomed out)")))
        let arrows = [(1.0, 0.0), (0.0, -1.0), (-1.0, 0.0), (0.0, 1.0)].map { dx, dy in
            let c = MapWidget.chevron(dx: dx, dy: dy)
            return mode == .braille ? c.glyph : String(c.ascii)
        }
        out.append(HelpLine(keys: arrows.joined(separator: " "), what: L("arrows along the line: the way it goes")))
        out.append(HelpLine(keys: g(.photo), what: screen == .hike
            ? L("a photo (the one in the strip in the selection colour) or a \"photo here\" mark; also on the profile's bottom row")
            : L("a photo of the hike or a \"photo here\" mark; also on the profile's bottom row")))
        if screen == .hike {
            out.append(HelpLine(keys: g(.cursor), what: L("the map's centre while the map has the focus: where a adds a place")))
        }
        let places = PlaceKind.allCases.map { PlaceMarks.glyph($0, mode: mode) + " " + $0.label }
        out.append(HelpLine(keys: L("Places"), what: L("the hike's places, in the marker colour; also on the profile's top row: %s",
                                                      places.joined(separator: ", "))))
        out.append(HelpLine(keys: L("Map symbols"), what: L("from the map data: %s", mapSymbols(mode).joined(separator: clauseSeparator))))
        return out
    }

    /// The basemap's symbols in `mode` with the classes each stands for, in the order of
    /// ``FeatureClass/allCases``, classes of one glyph together ("⌂ hut, shelter"; in ASCII
    /// "H hut", "h shelter").
    static func mapSymbols(_ mode: CanvasMode) -> [String] {
        var order: [String] = []
        var classes: [String: [String]] = [:]
        for c in FeatureClass.allCases {
            guard case .symbol(let glyph, let ascii) = MapFeatureStyle.of(c).drawing else { continue }
            let shown = mode == .braille ? glyph : String(ascii)
            if classes[shown] == nil { order.append(shown) }
            classes[shown, default: []].append(c.label)
        }
        return order.map { $0 + " " + (classes[$0] ?? []).joined(separator: ", ") }
    }
}

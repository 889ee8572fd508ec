import Localization
import TermUI

/// What a key does on the library screen.
public enum LibraryAction: Sendable, Equatable {
    case move(Int), page(Int), first, last, open, filter, sort, newDrawing, importFile, rename, delete, help, record
    case clearFilter, quit, totals, routes
}

extension LibraryAction {
    /// The library's keys: the update, the `?` help and the status-line hints all read this.
    public static let keyMap = KeyMap<LibraryAction>([
        KeyBinding("↑ ↓  j k", N("select a hike"), keys: [(.up, .move(-1)), (.down, .move(1)),
                                                        (.character("k"), .move(-1)), (.character("j"), .move(1))]),
        KeyBinding("PgUp PgDn  Home End  g G", N("move by a page / to the ends"),
                   keys: [(.pageUp, .page(-1)), (.pageDown, .page(1)), (.shiftUp, .page(-1)), (.shiftDown, .page(1)),
                          (.home, .first), (.end, .last), (.character("g"), .first), (.character("G"), .last)]),
        KeyBinding("Enter  → l", N("open the selected hike"), hint: N("Enter open"),
                   keys: [.enter, .right, .character("l")], action: .open),
        KeyBinding("/", N("filter by name (Enter keeps it, Esc puts the last one back)"), hint: N("/ filter"),
                   keys: [.character("/")], action: .filter),
        KeyBinding("s", N("sort: date, distance, gain, name"), keys: [.character("s")], action: .sort),
        KeyBinding("i", N("import a track file: GPX, FIT, TCX, KML, KMZ, GeoJSON (then tick its tracks)"), hint: N("i import"), keys: [.character("i")],
                   action: .importFile),
        KeyBinding("n", N("draw a new route (or continue the unfinished one)"), hint: N("n draw"), keys: [.character("n")],
                   action: .newDrawing),
        KeyBinding("T", N("totals: this year against last, month by month, and records"),
                   keys: [.character("T")], action: .totals),
        KeyBinding("w", N("waymarked routes near the selected hike (all the map has when none)"),
                   keys: [.character("w")], action: .routes),
        KeyBinding("r", N("rename the selected hike"), keys: [.character("r")], action: .rename),
        KeyBinding("R", N("record a hike live (asks for the position source; resumes an unfinished recording)"),
                   hint: N("R record"), keys: [.character("R")], action: .record),
        KeyBinding("d  Delete", N("delete the selected hike (asks first)"), keys: [.character("d"), .delete], action: .delete),
        KeyBinding("?  F1", N("this help"), hint: N("? keys"), keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc", N("clear the filter"), keys: [.escape], action: .clearFilter),
        KeyBinding("q", N("quit"), keys: [.character("q")], action: .quit),
    ])
}

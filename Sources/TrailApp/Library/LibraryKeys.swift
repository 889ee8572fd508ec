import TermUI

/// What a key does on the library screen.
public enum LibraryAction: Sendable, Equatable {
    case move(Int), page(Int), first, last, open, filter, sort, newDrawing, importFile, rename, delete, help, record
    case clearFilter, quit, totals, routes
}

extension LibraryAction {
    /// The library's keys: the update, the `?` help and the status-line hints all read this.
    public static let keyMap = KeyMap<LibraryAction>([
        KeyBinding("↑ ↓  j k", "select a hike", keys: [(.up, .move(-1)), (.down, .move(1)),
                                                        (.character("k"), .move(-1)), (.character("j"), .move(1))]),
        KeyBinding("PgUp PgDn  Home End  g G", "move by a page / to the ends",
                   keys: [(.pageUp, .page(-1)), (.pageDown, .page(1)), (.shiftUp, .page(-1)), (.shiftDown, .page(1)),
                          (.home, .first), (.end, .last), (.character("g"), .first), (.character("G"), .last)]),
        KeyBinding("Enter  → l", "open the selected hike", hint: "Enter open",
                   keys: [.enter, .right, .character("l")], action: .open),
        KeyBinding("/", "filter by name (Enter keeps it, Esc puts the last one back)", hint: "/ filter",
                   keys: [.character("/")], action: .filter),
        KeyBinding("s", "sort: date, distance, gain, name", keys: [.character("s")], action: .sort),
        KeyBinding("i", "import a track file: GPX, FIT, TCX, KML, KMZ, GeoJSON (then tick its tracks)", hint: "i import", keys: [.character("i")],
                   action: .importFile),
        KeyBinding("n", "draw a new route (or continue the unfinished one)", hint: "n draw", keys: [.character("n")],
                   action: .newDrawing),
        KeyBinding("T", "totals: this year against last, month by month, and records",
                   keys: [.character("T")], action: .totals),
        KeyBinding("w", "waymarked routes near the selected hike (all the map has when none)",
                   keys: [.character("w")], action: .routes),
        KeyBinding("r", "rename the selected hike", keys: [.character("r")], action: .rename),
        KeyBinding("R", "record a hike live (asks for the position source; resumes an unfinished recording)",
                   hint: "R record", keys: [.character("R")], action: .record),
        KeyBinding("d  Delete", "delete the selected hike (asks first)", keys: [.character("d"), .delete], action: .delete),
        KeyBinding("?  F1", "this help", hint: "? keys", keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc", "clear the filter", keys: [.escape], action: .clearFilter),
        KeyBinding("q", "quit", keys: [.character("q")], action: .quit),
    ])
}

import TermUI

/// What a key does on the Totals screen.
public enum TotalsAction: Sendable, Equatable {
    case month(Int), year(Int), record(Int), measure, records, open, help, back
}

extension TotalsAction {
    /// The Totals screen's keys: the update, the `?` help and the status-line hints all read this.
    public static let keyMap = KeyMap<TotalsAction>([
        KeyBinding("← →  h l", "select a month", hint: "← → month",
                   keys: [(.left, .month(-1)), (.right, .month(1)), (.character("h"), .month(-1)),
                          (.character("l"), .month(1))]),
        KeyBinding("[ ]  PgUp PgDn", "the year before / after", hint: "[ ] year",
                   keys: [(.character("["), .year(-1)), (.character("]"), .year(1)), (.pageUp, .year(-1)),
                          (.pageDown, .year(1))]),
        KeyBinding("c", "chart distance, climb, moving time or walks", hint: "c chart", keys: [.character("c")],
                   action: .measure),
        KeyBinding("r", "records: longest, highest, most climb, steepest, fastest (again: back)", hint: "r records",
                   keys: [.character("r")], action: .records),
        KeyBinding("↑ ↓  k j", "select a record", keys: [(.up, .record(-1)), (.down, .record(1)),
                                                         (.character("k"), .record(-1)), (.character("j"), .record(1))]),
        KeyBinding("Enter", "open the selected record's hike", keys: [.enter], action: .open),
        KeyBinding("?  F1", "this help", hint: "? keys", keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", "back to the library", hint: "q back", keys: [.escape, .character("q")], action: .back),
    ])
}

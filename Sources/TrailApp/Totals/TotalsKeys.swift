import Localization
import TermUI

/// What a key does on the Totals screen.
public enum TotalsAction: Sendable, Equatable {
    case month(Int), year(Int), record(Int), measure, records, open, help, back
}

extension TotalsAction {
    /// The Totals screen's keys: the update, the `?` help and the status-line hints all read this.
    public static let keyMap = KeyMap<TotalsAction>([
        KeyBinding("← →  h l", N("select a month"), hint: N("← → month"),
                   keys: [(.left, .month(-1)), (.right, .month(1)), (.character("h"), .month(-1)),
                          (.character("l"), .month(1))]),
        KeyBinding("[ ]  PgUp PgDn", N("the year before / after"), hint: N("[ ] year"),
                   keys: [(.character("["), .year(-1)), (.character("]"), .year(1)), (.pageUp, .year(-1)),
                          (.pageDown, .year(1))]),
        KeyBinding("c", N("chart distance, climb, moving time or walks"), hint: N("c chart"), keys: [.character("c")],
                   action: .measure),
        KeyBinding("r", N("records: longest, highest, most climb, steepest, fastest (again: back)"), hint: N("r records"),
                   keys: [.character("r")], action: .records),
        KeyBinding("↑ ↓  k j", N("select a record"), keys: [(.up, .record(-1)), (.down, .record(1)),
                                                         (.character("k"), .record(-1)), (.character("j"), .record(1))]),
        KeyBinding("Enter", N("open the selected record's hike"), keys: [.enter], action: .open),
        KeyBinding("?  F1", N("this help"), hint: N("? keys"), keys: [.character("?"), .function(1)], action: .help),
        KeyBinding("Esc  q", N("back to the library"), hint: N("q back"), keys: [.escape, .character("q")], action: .back),
    ])
}

import Localization
import TrailFormats

/// Turns a GPX reader's warnings into a few lines for stderr: identical messages are folded
/// into one line with a count and the first line number ("… (183 times, first at line 22)"),
/// and at most `limit` lines are printed, the rest counted.
public enum ReaderWarnings {
    /// One message with how often it came and the line of its first time (0: no line).
    struct Group {
        var message: String
        var first: Int
        var count: Int

        /// "(183 times, first at line 22)" after a repeated message; "" for a single one.
        var times: String { count > 1 ? " (\(count) times\(first > 0 ? ", first at line \(first)" : ""))" : "" }

        /// ``times`` in the user's language, for stderr (``times`` stays English for JSON).
        var timesText: String {
            guard count > 1 else { return "" }
            return " (" + (first > 0 ? Ln("%d time, first at line %d", "%d times, first at line %d", count, count, first)
                                     : Ln("%d time", "%d times", count, count)) + ")"
        }
    }

    /// `warnings` folded by message, in the order each first came.
    static func groups(_ warnings: [GPXWarning]) -> [Group] {
        var order: [Group] = []
        var index: [String: Int] = [:]
        for w in warnings {
            if let i = index[w.message] {
                order[i].count += 1
            } else {
                index[w.message] = order.count
                order.append(Group(message: w.message, first: w.line, count: 1))
            }
        }
        return order
    }

    /// `listedBy`: the option that lists every warning (`--all-warnings`), said after the count
    /// of those not printed; nil says nothing more.
    public static func lines(fileName: String, _ warnings: [GPXWarning], omitted: Int = 0, limit: Int = 5,
                             listedBy: String? = nil) -> [String] {
        let groups = groups(warnings)
        let name = TerminalText.clean(fileName)
        var out: [String] = []
        for g in groups.prefix(limit) {
            // TRANSLATORS: a warning on stderr, as a compiler writes one: "FILE:LINE: warning: MESSAGE".
            out.append(L("%s: warning: %s", name + (g.first > 0 ? ":\(g.first)" : ""), TerminalText.clean(g.message)) + g.timesText)
        }
        let hidden = groups.dropFirst(limit).reduce(0) { $0 + $1.count } + omitted
        if hidden > 0 {
            if let listedBy {
                out.append(Ln("%s: %d more warning (%s lists it)", "%s: %d more warnings (%s lists them)", hidden, name, hidden, listedBy))
            } else {
                out.append(Ln("%s: %d more warning", "%s: %d more warnings", hidden, name, hidden))
            }
        }
        return out
    }

    /// The same folding for a JSON document's `warnings` array: one string per distinct
    /// message, "line 14: … (100 times, first at line 14)", then "84 more warnings" for those
    /// the reader counted without keeping. Not cleaned (JSON escapes control characters).
    public static func folded(_ warnings: [GPXWarning], omitted: Int = 0) -> [String] {
        groups(warnings).map { ($0.first > 0 ? "line \($0.first): " : "") + $0.message + $0.times }
            + (omitted > 0 ? ["\(omitted) more warning\(omitted == 1 ? "" : "s")"] : [])
    }
}

import TrailFormats

/// Turns a GPX reader's warnings into a few lines for stderr: identical messages are folded
/// into one line with a count and the first line number ("… (183 times, first at line 22)"),
/// and at most `limit` lines are printed, the rest counted.
public enum ReaderWarnings {
    public static func lines(fileName: String, _ warnings: [GPXWarning], omitted: Int = 0, limit: Int = 5) -> [String] {
        var order: [String] = []
        var groups: [String: (first: Int, count: Int)] = [:]
        for w in warnings {
            if let g = groups[w.message] {
                groups[w.message] = (g.first, g.count + 1)
            } else {
                groups[w.message] = (w.line, 1)
                order.append(w.message)
            }
        }
        let name = TerminalText.clean(fileName)
        var out: [String] = []
        for message in order.prefix(limit) {
            let g = groups[message]!
            let times = g.count > 1 ? " (\(g.count) times\(g.first > 0 ? ", first at line \(g.first)" : ""))" : ""
            out.append("\(name)\(g.first > 0 ? ":\(g.first)" : ""): warning: \(TerminalText.clean(message))\(times)")
        }
        let hidden = order.dropFirst(limit).reduce(0) { $0 + groups[$1]!.count } + omitted
        if hidden > 0 { out.append("\(name): \(hidden) more warning\(hidden == 1 ? "" : "s")") }
        return out
    }
}

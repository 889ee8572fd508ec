import TermUI

/// A plain-text table with a header row, columns padded to their widest cell, two spaces
/// apart, some columns right-aligned. Widths are terminal columns (``DisplayWidth``: a CJK
/// ideograph or an emoji takes two), so columns stay aligned with any names.
struct TextTable {
    let headers: [String]
    let rightAligned: Set<Int>
    private(set) var rows: [[String]] = []

    init(headers: [String], rightAligned: Set<Int> = []) {
        self.headers = headers
        self.rightAligned = rightAligned
    }

    mutating func add(_ row: [String]) { rows.append(row) }

    /// The table as lines ending with newlines; trailing spaces trimmed.
    func render() -> String {
        let all = [headers] + rows
        let cellWidths = all.map { $0.map(DisplayWidth.of) }
        let widths = headers.indices.map { c in cellWidths.map { $0[c] }.max() ?? 0 }
        var out = ""
        for (r, row) in all.enumerated() {
            var line = ""
            for (c, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: max(0, widths[c] - cellWidths[r][c]))
                if c > 0 { line += "  " }
                line += rightAligned.contains(c) ? pad + cell : cell + pad
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// `s` cut to at most `n` terminal columns, ending with "…" when cut (a wide character
    /// that would straddle the limit goes too, so the result may be one column short).
    static func truncate(_ s: String, to n: Int) -> String {
        guard DisplayWidth.of(s) > n else { return s }
        guard n > 0 else { return "" }
        var out = "", used = 0
        for g in s {
            let w = DisplayWidth.of(g)
            if used + w > n - 1 { break }
            out.append(g)
            used += w
        }
        return out + "…"
    }
}

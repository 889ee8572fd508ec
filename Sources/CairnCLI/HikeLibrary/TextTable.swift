/// A plain-text table with a header row, columns padded to their widest cell (counted in
/// Characters), two spaces apart, some columns right-aligned.
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
        let widths = headers.indices.map { c in all.map { $0[c].count }.max() ?? 0 }
        var out = ""
        for row in all {
            var line = ""
            for (c, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                if c > 0 { line += "  " }
                line += rightAligned.contains(c) ? pad + cell : cell + pad
            }
            while line.hasSuffix(" ") { line.removeLast() }
            out += line + "\n"
        }
        return out
    }

    /// `s` cut to `n` characters, the last one an ellipsis when cut.
    static func truncate(_ s: String, to n: Int) -> String {
        s.count <= n ? s : String(s.prefix(n - 1)) + "…"
    }
}

/// Plain-text views of a ``Buffer``, for tests, snapshots and `cairn render`.
extension Buffer {
    /// Each row as plain text: the symbols of its cells left to right (a wide character once,
    /// its continuation cell adds nothing), colours and attributes dropped. With
    /// `trimTrailingSpaces` (the default) trailing U+0020 spaces are removed from each row;
    /// the empty braille cell U+2800 is not a space and is kept.
    public func textLines(trimTrailingSpaces: Bool = true) -> [String] {
        (0..<height).map { y in
            var line = ""
            line.reserveCapacity(width)
            for x in 0..<width { line += cells[y * width + x].symbol }
            if trimTrailingSpaces {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }

    /// ``textLines(trimTrailingSpaces:)`` joined with "\n" (no final newline; "" for a
    /// buffer with no rows). A failed test comparing dumps reads like a screenshot.
    public func textDump(trimTrailingSpaces: Bool = true) -> String {
        textLines(trimTrailingSpaces: trimTrailingSpaces).joined(separator: "\n")
    }
}

/// A box with a one-cell border, a title in its top edge and lines of text inside, placed in
/// the middle of an area (a third of the way down): the frame of dialogs and summaries.
///
/// Its width is the widest line plus four (border and one space each side), at least
/// `minimumWidth`, at most the area's width; its height the lines plus two, at most the area's
/// height. Lines that do not fit are cut at the bottom, after the first `firstLine`.
public struct BorderedBox: Sendable {
    /// The title shown in the top edge (" Title "), from the third column.
    public var title: String
    /// The lines inside, each with its style.
    public var lines: [(text: String, style: Style)]
    /// The narrowest the box gets.
    public var minimumWidth: Int
    /// The first line shown (to scroll long lists).
    public var firstLine: Int
    public var borderStyle: Style
    public var titleStyle: Style
    /// The style of the cleared inside.
    public var fillStyle: Style
    /// `+ - |` instead of box-drawing characters.
    public var ascii: Bool

    public init(title: String, lines: [(text: String, style: Style)], minimumWidth: Int = 0, firstLine: Int = 0,
                borderStyle: Style, titleStyle: Style, fillStyle: Style, ascii: Bool) {
        self.title = title
        self.lines = lines
        self.minimumWidth = minimumWidth
        self.firstLine = firstLine
        self.borderStyle = borderStyle
        self.titleStyle = titleStyle
        self.fillStyle = fillStyle
        self.ascii = ascii
    }

    /// Where the box goes inside `area`.
    public func frame(in area: Rect) -> Rect {
        let widest = lines.map { DisplayWidth.of($0.text) }.max() ?? 0
        let width = min(area.width, max(minimumWidth, widest + 4))
        let height = min(area.height, lines.count + 2)
        return Rect(x: area.x + (area.width - width) / 2, y: area.y + max(0, (area.height - height) / 3),
                    width: width, height: height)
    }

    /// Draws the box inside `area` of `buffer` and returns where it went.
    @discardableResult
    public func render(in area: Rect, into buffer: inout Buffer) -> Rect {
        let box = frame(in: area)
        guard !box.isEmpty else { return box }
        buffer.fill(box, with: Cell(" ").applying(fillStyle))
        let (h, v, tl, tr, bl, br) = ascii ? ("-", "|", "+", "+", "+", "+") : ("─", "│", "┌", "┐", "└", "┘")
        for x in box.x..<box.maxX {
            buffer.set(x: x, y: box.y, Cell(h).applying(borderStyle))
            buffer.set(x: x, y: box.maxY - 1, Cell(h).applying(borderStyle))
        }
        for y in box.y..<box.maxY {
            buffer.set(x: box.x, y: y, Cell(v).applying(borderStyle))
            buffer.set(x: box.maxX - 1, y: y, Cell(v).applying(borderStyle))
        }
        buffer.set(x: box.x, y: box.y, Cell(tl).applying(borderStyle))
        buffer.set(x: box.maxX - 1, y: box.y, Cell(tr).applying(borderStyle))
        buffer.set(x: box.x, y: box.maxY - 1, Cell(bl).applying(borderStyle))
        buffer.set(x: box.maxX - 1, y: box.maxY - 1, Cell(br).applying(borderStyle))
        buffer.setString(x: box.x + 2, y: box.y, " \(title) ", style: titleStyle, maxWidth: max(0, box.width - 4))
        let room = max(0, box.height - 2)
        for (i, line) in lines.dropFirst(max(0, firstLine)).prefix(room).enumerated() {
            buffer.setString(x: box.x + 2, y: box.y + 1 + i, line.text, style: line.style, maxWidth: max(0, box.width - 4))
        }
        return box
    }
}

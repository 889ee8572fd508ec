import Testing
@testable import TermUI

@Suite struct LayoutTests {
    @Test func rectHelpers() {
        let r = Rect(x: 2, y: 3, width: 10, height: 4)
        #expect(r.intersection(Rect(x: 0, y: 0, width: 5, height: 5)) == Rect(x: 2, y: 3, width: 3, height: 2))
        #expect(r.intersection(Rect(x: 20, y: 0, width: 5, height: 5)).isEmpty)
        #expect(!r.intersects(Rect(x: 12, y: 3, width: 1, height: 1)))
        #expect(r.inset(by: 1) == Rect(x: 3, y: 4, width: 8, height: 2))
        #expect(r.inset(by: 3).isEmpty)
        #expect(Rect(x: 0, y: 0, width: -3, height: 2).width == 0)
        #expect(r.splitTop(1) == (Rect(x: 2, y: 3, width: 10, height: 1), Rect(x: 2, y: 4, width: 10, height: 3)))
        #expect(r.splitBottom(9).bottom == r)
        #expect(r.splitLeft(4).rest == Rect(x: 6, y: 3, width: 6, height: 4))
        #expect(r.splitRight(4).right == Rect(x: 8, y: 3, width: 4, height: 4))
        #expect(r.contains(x: 11, y: 6) && !r.contains(x: 12, y: 6))
        #expect(Rect.zero.inset(by: 2) == Rect.zero)
    }

    @Test func lengthsPercentagesAndFills() {
        let r = Rect(x: 0, y: 0, width: 100, height: 10)
        let parts = r.split(.horizontal, [.length(10), .percentage(25), .fill(1), .fill(2)])
        // 10 + 25 = 35; 65 left: fills 21 and 43 (65·1/3 = 21, 65·2/3 = 43), 1 leftover to the first.
        #expect(parts.map(\.width) == [10, 25, 22, 43])
        #expect(parts.map(\.x) == [0, 10, 35, 57])
        let v = Rect(x: 5, y: 5, width: 3, height: 7).split(.vertical, [.length(2), .fill(1), .length(1)], spacing: 1)
        #expect(v.map(\.y) == [5, 8, 11] && v.map(\.height) == [2, 2, 1])
    }

    @Test func tooLittleSpace() {
        #expect(Layout(.horizontal, [.length(5), .length(5), .fill(1)]).sizes(total: 7) == [5, 2, 0])
        #expect(Layout(.horizontal, [.percentage(50), .percentage(80)]).sizes(total: 10) == [5, 5])
        for total in [0, 1, 2] {
            let parts = Rect(x: 0, y: 0, width: total, height: 1)
                .split(.horizontal, [.fill(1), .length(3), .percentage(30)], spacing: 2)
            #expect(parts.count == 3)
            #expect(parts.allSatisfy { $0.x >= 0 && $0.maxX <= total && $0.width >= 0 })
        }
        #expect(Layout(.vertical, []).split(Rect(x: 0, y: 0, width: 4, height: 4)).isEmpty)
        // Without a fill, what is left stays unused.
        #expect(Layout(.horizontal, [.length(3)]).sizes(total: 10) == [3])
    }
}

@Suite struct BorderedBoxTests {
    func box(_ lines: [String], title: String = "T", minimumWidth: Int = 0, ascii: Bool = false) -> BorderedBox {
        BorderedBox(title: title, lines: lines.map { (text: $0, style: .plain) }, minimumWidth: minimumWidth,
                    borderStyle: .plain, titleStyle: .plain, fillStyle: .plain, ascii: ascii)
    }

    @Test func sizesToTheWidestLineAndSitsAThirdDown() {
        // Widest line 5 + 4 = 9 wide, 2 lines + 2 high; (20 - 9) / 2 = 5 across, (10 - 4) / 3 = 2 down.
        let b = box(["abc", "abcde"])
        #expect(b.frame(in: Rect(x: 0, y: 0, width: 20, height: 10)) == Rect(x: 5, y: 2, width: 9, height: 4))
        #expect(box(["a"], minimumWidth: 12).frame(in: Rect(x: 0, y: 0, width: 20, height: 10)).width == 12)
        #expect(box(["a"], minimumWidth: 40).frame(in: Rect(x: 0, y: 0, width: 20, height: 10)).width == 20)
    }

    @Test func drawsBorderTitleAndLines() {
        var buffer = Buffer(width: 12, height: 4)
        box(["one!", "two"], title: "Hi").render(in: buffer.area, into: &buffer)
        // 8 wide (4 + 4), centred: x = 2; the title from the third column.
        #expect(buffer.textLines() == ["  ┌─ Hi ─┐", "  │ one! │", "  │ two  │", "  └──────┘"])
        var ascii = Buffer(width: 7, height: 3)
        box(["abc", "x", "cut"], title: "", ascii: true).render(in: ascii.area, into: &ascii)
        #expect(ascii.textLines() == ["+-  --+", "| abc |", "+-----+"])
    }
}

import Testing
@testable import TermUI

@Suite struct BufferDiffTests {
    @Test func diffListsChangedCellsOnly() {
        let old = Buffer(lines: ["abc", "def"])
        var new = old
        new.set(x: 1, y: 0, Cell("X"))
        new.setStyle(Style(fg: .red), in: Rect(x: 2, y: 1, width: 1, height: 1))
        let d = new.diff(from: old)
        #expect(d.map { "\($0.x),\($0.y),\($0.cell.symbol)" } == ["1,0,X", "2,1,f"])
        #expect(d[1].cell.fg == .red)
        #expect(old.diff(from: old).isEmpty)
    }

    @Test func diffSkipsContinuationsButCatchesWideChanges() {
        let old = Buffer(lines: ["abcd"])
        var new = old
        new.setString(x: 1, y: 0, "日")
        #expect(new.diff(from: old).map(\.x) == [1])       // one write covers columns 1 and 2
        var back = new
        back.setString(x: 1, y: 0, "xy")
        #expect(back.diff(from: new).map { $0.cell.symbol } == ["x", "y"])
    }

    @Test func diffOfDifferentSizesIsEverything() {
        let a = Buffer(width: 2, height: 2), b = Buffer(width: 3, height: 1)
        #expect(b.diff(from: a).count == 3)
        #expect(Buffer(width: 0, height: 0).diff(from: a).isEmpty)
        #expect(a.diff(from: Buffer(width: 0, height: 0)).count == 4)
    }

    @Test func blitCopiesAndClips() {
        var dst = Buffer(lines: ["......", "......", "......"])
        let src = Buffer(lines: ["ab", "cd"])
        dst.blit(src, toX: 1, y: 1)
        dst.blit(src, toX: 5, y: -1)
        #expect(dst.textDump() == ".....c\n.ab...\n.cd...")
        var part = Buffer(lines: ["....", "...."])
        part.blit(Buffer(lines: ["abc", "def"]), from: Rect(x: 1, y: 1, width: 9, height: 9), toX: 0, y: 0)
        #expect(part.textDump() == "ef..\n....")
    }

    @Test func blitKeepsWideCharactersWhole() {
        let src = Buffer(lines: ["日本x"])
        var a = Buffer(lines: ["....."])
        a.blit(src, from: Rect(x: 1, y: 0, width: 3, height: 1), toX: 0, y: 0)   // starts on 日's right half
        #expect(a.textDump() == " 本..")
        var b = Buffer(lines: ["....."])
        b.blit(src, from: Rect(x: 0, y: 0, width: 3, height: 1), toX: 0, y: 0)   // ends on 本's left half
        #expect(b.textDump() == "日 ..")
        var c = Buffer(lines: ["...."])
        c.blit(src, toX: -1, y: 0)                                                  // 日 half off the left
        #expect(c.textDump() == " 本x")
        var d = Buffer(lines: ["...."])
        d.blit(src, toX: 3, y: 0)                                                   // 日 half off the right
        #expect(d.textDump(trimTrailingSpaces: false) == "... ")
    }

    @Test func ansiTextEncodesStylesAtTheGivenDepth() {
        var b = Buffer(width: 3, height: 1)
        b.setString(x: 0, y: 0, "ab", style: Style(fg: .rgb(255, 95, 175), attributes: [.bold]))
        let e = "\u{1b}["
        #expect(b.ansiText(depth: .trueColor) == "\(e)0;1;38;2;255;95;175;49mab\(e)0;39;49m \(e)0m\n")
        #expect(b.ansiText(depth: .indexed256) == "\(e)0;1;38;5;205;49mab\(e)0;39;49m \(e)0m\n")
        #expect(b.ansiText(depth: .none) == "\(e)0;1;39;49mab\(e)0;39;49m \(e)0m\n")
        var c = Buffer(width: 2, height: 1)
        c.setString(x: 0, y: 0, "x", style: Style(fg: .brightRed, bg: .blue, attributes: [.reverse, .underline]))
        #expect(c.ansiText(depth: .ansi16).hasPrefix("\(e)0;4;7;91;44mx"))
    }
}

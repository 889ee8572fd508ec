import Testing
@testable import TrailMap

/// `osmc:symbol` decoding for the forms the waymarks use (OSM wiki, Key:osmc:symbol).
@Suite struct OSMCSymbolTests {
    typealias S = OSMCSymbol

    @Test func barOnWhite() throws {
        let s = try #require(S("red:white:red_bar"))
        #expect(s.wayColour == .red)
        #expect(s.background == S.Layer(colour: .white, shape: .fill))
        #expect(s.foregrounds == [S.Layer(colour: .red, shape: .bar)])
        #expect(s.text == nil)
    }

    @Test func dotWithoutBackground() throws {
        let s = try #require(S("yellow::yellow_dot"))
        #expect(s.background == nil)
        #expect(s.foregrounds == [S.Layer(colour: .yellow, shape: .dot)])
    }

    @Test func textAndItsColour() throws {
        let s = try #require(S("red:white:red_lower:11:green"))
        #expect(s.foregrounds == [S.Layer(colour: .red, shape: .lower)])
        #expect(s.text == "11")
        #expect(s.textColour == .green)
        // Text without a foreground, grey spelt the British way.
        let t = try #require(S("blue:white::PR:grey"))
        #expect(t.foregrounds.isEmpty)
        #expect(t.text == "PR")
        #expect(t.textColour == .gray)
    }

    @Test func twoForegroundsShapedBackgroundsAndSymbols() throws {
        let s = try #require(S("blue:white_circle:blue_stripe:red_dot"))
        #expect(s.background == S.Layer(colour: .white, shape: .frame))
        #expect(s.foregrounds == [S.Layer(colour: .blue, shape: .stripe), S.Layer(colour: .red, shape: .dot)])
        #expect(s.text == nil)
        let h = try #require(S("green:white:hiker"))
        #expect(h.foregrounds == [S.Layer(colour: .black, shape: .other("hiker"))])
        let odd = try #require(S("Pink:magenta:pink_bar"))
        #expect(odd.wayColour == .other)
        #expect(odd.foregrounds.first?.shape == .bar)
    }

    @Test func emptyIsNil() {
        #expect(S(nil) == nil)
        #expect(S("  ") == nil)
    }
}

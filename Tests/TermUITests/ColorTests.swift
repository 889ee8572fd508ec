import Testing
@testable import TermUI

/// Expected values are worked out by hand in the comments from the method documented in
/// Color+Downgrade.swift (squared RGB distance; cube levels 0,95,135,175,215,255; greys 8+10k;
/// xterm default 16-colour values).
@Suite struct ColorTests {
    @Test func trueColorOnTheCubeMapsExactly() {
        // 255→level 5, 95→level 1, 175→level 3: 16 + 36·5 + 6·1 + 3 = 205.
        #expect(Color.rgb(255, 95, 175).downgraded(to: .indexed256) == .indexed(205))
    }

    @Test func midGreyPrefersTheGreyRamp() {
        // Cube: 135 on each channel (index 102), distance 3·7² = 147. Ramp: 8 + 10·12 = 128,
        // distance 0, index 232 + 12 = 244.
        #expect(Color.rgb(128, 128, 128).downgraded(to: .indexed256) == .indexed(244))
    }

    @Test func darkColourNearTheGreyRamp() {
        // Cube: (0,0,0) index 16, distance 10²+20²+30² = 1400. Greys 18 and 28 around the mean
        // 20: 8²+2²+12² = 212 and 18²+8²+2² = 392, so 18 = index 233.
        #expect(Color.rgb(10, 20, 30).downgraded(to: .indexed256) == .indexed(233))
    }

    @Test func navyTo256And16() {
        // 256: (0,0,135) = 16 + 2 = 18, distance 49 (best grey 38: 38²+38²+90² = 10988).
        #expect(Color.rgb(0, 0, 128).downgraded(to: .indexed256) == .indexed(18))
        // 16: blue (0,0,238) at 110² = 12100 beats black at 128² = 16384.
        #expect(Color.rgb(0, 0, 128).downgraded(to: .ansi16) == .blue)
    }

    @Test func orangeTo16And8And256() {
        // yellow (205,205,0): 50²+77² = 8429; red 50²+128² = 18884; bright red 128² = 16384;
        // bright yellow 127² = 16129.
        #expect(Color.rgb(255, 128, 0).downgraded(to: .ansi16) == .yellow)
        #expect(Color.rgb(255, 128, 0).downgraded(to: .ansi8) == .yellow)
        // 255→5, 128→level 2 (135), 0→0: 16 + 180 + 12 = 208.
        #expect(Color.rgb(255, 128, 0).downgraded(to: .indexed256) == .indexed(208))
    }

    @Test func paletteIndexesTo16And8() {
        // 196 = 16 + 36·5: (255,0,0) = bright red exactly; to 8 colours: red.
        #expect(Color.indexed(196).downgraded(to: .ansi16) == .brightRed)
        #expect(Color.indexed(196).downgraded(to: .ansi8) == .red)
        // 244 = grey 128: bright black (127) at distance 3.
        #expect(Color.indexed(244).downgraded(to: .ansi16) == .brightBlack)
        // 250 = grey 188: white (229) at 3·41² = 5043 beats bright black at 3·61² = 11163.
        #expect(Color.indexed(250).downgraded(to: .ansi16) == .white)
        // 0-15 are the ANSI colours themselves.
        #expect(Color.indexed(12).downgraded(to: .ansi16) == .brightBlue)
    }

    @Test func brightColoursFoldForEightColourTerminals() {
        #expect(Color.brightBlue.downgraded(to: .ansi8) == .blue)
        #expect(Color.brightBlack.downgraded(to: .ansi8) == .white)
        #expect(Color.black.downgraded(to: .ansi8) == .black)
    }

    @Test func noneAndDefaultAndTrueColour() {
        for c in [Color.rgb(1, 2, 3), .indexed(100), .red, .default] {
            #expect(c.downgraded(to: .none) == .default)
            #expect(c.downgraded(to: .trueColor) == c)
        }
        for d in ColorDepth.allCases { #expect(Color.default.downgraded(to: d) == .default) }
        #expect(Color.red.downgraded(to: .indexed256) == .red)
    }

    @Test func everyPaletteIndexHasTheXtermValue() {
        // Spot checks against xterm's 256colres.h: 16 = black, 21 = (0,0,255), 231 = white,
        // 232 = grey 8, 255 = grey 238.
        #expect(Color.paletteValue(ofIndex: 16) == (0, 0, 0))
        #expect(Color.paletteValue(ofIndex: 21) == (0, 0, 255))
        #expect(Color.paletteValue(ofIndex: 231) == (255, 255, 255))
        #expect(Color.paletteValue(ofIndex: 232) == (8, 8, 8))
        #expect(Color.paletteValue(ofIndex: 255) == (238, 238, 238))
        // Every downgrade of every index lands in range.
        for i in 0...255 {
            guard case .ansi(let n) = Color.indexed(UInt8(i)).downgraded(to: .ansi16) else { Issue.record("not ansi"); continue }
            #expect(n < 16)
        }
    }

    @Test func depthFromColourCount() {
        #expect(ColorDepth(colorCount: 0) == .none)
        #expect(ColorDepth(colorCount: 8) == .ansi8)
        #expect(ColorDepth(colorCount: 16) == .ansi16)
        #expect(ColorDepth(colorCount: 256) == .indexed256)
        #expect(ColorDepth(colorCount: 16_777_216) == .trueColor)
    }

    @Test func stylePatchLetsTheTopWin() {
        let base = Style(fg: .red, bg: .blue, attributes: [.bold, .underline])
        let top = Style(fg: .green, attributes: [.italic], removedAttributes: [.bold])
        let p = base.patched(with: top)
        #expect(p.fg == .green)
        #expect(p.bg == .blue)
        #expect(p.attributes == [.underline, .italic])
        #expect(p.removedAttributes == [.bold])
        // Patching with .plain changes nothing; re-adding removes the removal.
        #expect(base.patched(with: .plain) == base)
        #expect(p.patched(with: Style(attributes: [.bold])).removedAttributes == [])
        var cell = Cell("x", fg: .yellow, attributes: [.bold, .dim])
        cell.apply(top)
        #expect(cell == Cell("x", fg: .green, bg: .default, attributes: [.dim, .italic]))
    }

    @Test func themeColourValuesRoundTrip() throws {
        #expect(try Color(themeValue: "#1E90ff") == .rgb(0x1e, 0x90, 0xff))
        #expect(try Color(themeValue: "bright-blue") == .brightBlue)
        #expect(try Color(themeValue: "ansi:9") == .brightRed)
        #expect(try Color(themeValue: "256:208") == .indexed(208))
        #expect(try Color(themeValue: " default ") == .default)
        #expect(try Color(themeValue: "grey") == .brightBlack)
        for bad in ["#12345", "#gggggg", "ansi:16", "256:256", "256:-1", "purple", ""] {
            #expect(throws: ColorParseError.self) { try Color(themeValue: bad) }
        }
        for c in [Color.default, .rgb(1, 2, 255), .indexed(17), .brightCyan] {
            #expect(try Color(themeValue: c.themeValue) == c)
        }
    }

    /// The --ansi depth follows the variables' documented meanings (no-color.org: any non-empty
    /// NO_COLOR; COLORTERM truecolor/24bit; a TERM ending in 256color), NO_COLOR first.
    @Test func ansiTextDepthFromTheEnvironment() {
        #expect(ColorDepth.forANSIText(environment: [:]) == .ansi16)
        #expect(ColorDepth.forANSIText(environment: ["TERM": "xterm-256color"]) == .indexed256)
        #expect(ColorDepth.forANSIText(environment: ["COLORTERM": "TrueColor", "TERM": "xterm"]) == .trueColor)
        #expect(ColorDepth.forANSIText(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorDepth.forANSIText(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"]) == ColorDepth.none)
        #expect(ColorDepth.forANSIText(environment: ["NO_COLOR": "", "TERM": "xterm-256color"]) == .indexed256)
    }
}

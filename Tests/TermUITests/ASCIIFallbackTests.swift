import Testing
@testable import TermUI

@Suite struct ASCIIFallbackTests {
    @Test func symbolsBecomeOneASCIICharacterEach() {
        var b = Buffer(width: 12, height: 1)
        b.setString(x: 0, y: 0, "▸ 3 km · ©→", style: .plain, maxWidth: 12)
        b.applyASCIIFallback()
        #expect(b.textDump() == "> 3 km - c>")
    }

    @Test func lettersOfOtherScriptsAreLeftAlone() {
        var b = Buffer(width: 10, height: 1)
        b.setString(x: 0, y: 0, "Vršič│", style: .plain, maxWidth: 10)
        b.applyASCIIFallback()
        #expect(b.textDump() == "Vršič|")
        #expect(ASCIIFallback.replacement(for: "š") == nil)
        #expect(ASCIIFallback.replacement(for: "a") == nil)
    }

    @Test func scrollHintsAndBarsHaveStandIns() {
        var b = Buffer(width: 24, height: 1)
        b.setString(x: 0, y: 0, "▼ 3 more · ↑↓ ▆ ███▌ ▁▄█", style: .plain, maxWidth: 24)
        b.applyASCIIFallback()
        #expect(b.textDump() == "v 3 more - ^v # ###| _=#")
    }

    @Test func everyStandInIsOnePrintableASCIICharacter() {
        for (symbol, standIn) in ASCIIFallback.table {
            #expect(standIn.count == 1 && standIn.unicodeScalars.allSatisfy { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F },
                    "\(symbol) → \(standIn)")
        }
    }
}

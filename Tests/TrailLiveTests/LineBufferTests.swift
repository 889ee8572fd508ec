import Foundation
import Testing
@testable import TrailLive

@Suite struct LineBufferTests {
    @Test func joinsLinesSplitAcrossReadsAndDropsCR() {
        var b = LineBuffer()
        #expect(b.append(Array("{\"class\":\"TP".utf8)).isEmpty)
        #expect(b.append(Array("V\"}\r\n{\"a\"".utf8)) == ["{\"class\":\"TPV\"}"])
        #expect(b.append(Array(":1}\n\nx\n".utf8)) == ["{\"a\":1}", "", "x"])
        #expect(b.flush() == nil)
        _ = b.append(Array("tail".utf8))
        #expect(b.flush() == "tail")
    }

    @Test func discardsOverlongLinesAndRecovers() {
        var b = LineBuffer(maximumLineLength: 8)
        #expect(b.append(Array("0123456789abc".utf8)).isEmpty)
        #expect(b.append(Array("def\nok\n".utf8)) == ["ok"])
        #expect(b.overlongLines == 1)
    }

    @Test func byteAtATimeGivesTheSameLines() {
        let text = "$GPGGA,1*00\r\n$GPRMC,2*00\r\n"
        var b = LineBuffer()
        var out: [String] = []
        for byte in text.utf8 { out += b.append([byte]) }
        #expect(out == ["$GPGGA,1*00", "$GPRMC,2*00"])
    }
}

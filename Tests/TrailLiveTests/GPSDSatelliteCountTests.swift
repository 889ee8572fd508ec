import Testing
@testable import TrailLive

/// fuzz-gpsd's crash: a satellite count too big for an Int (Int(Double) trapped).
@Suite struct GPSDSatelliteCountTests {
    @Test func countsThatAreNoCountsAreUnknown() {
        let line = #"{"class":"SKY","uSat":8,"nSat":99999999999999999999999999999999999999999999999999999999999912}"#
        guard case .sky(let used, let visible)? = GPSDReport(line: line) else { Issue.record("not a SKY"); return }
        #expect(used == 8 && visible == nil)
        guard case .sky(let u2, _)? = GPSDReport(line: #"{"class":"SKY","uSat":-3}"#) else { Issue.record("not a SKY"); return }
        #expect(u2 == nil)
    }
}

import Foundation
import Testing
import TrailCore
@testable import TrailLive

/// Numbers from a receiver or gpsd that Int(_:) or Int arithmetic trapped on (fuzz-gpsd and the
/// audit after it): each input here crashed the process before its fix.
@Suite struct LiveNumberTrapTests {
    /// fuzz-gpsd in CI: `"mode":1e112` trapped in `Int(Double)` (GPSDReport.swift, TPV).
    @Test func gpsdModeOutsideZeroToThreeIsUnknown() {
        for text in ["1e112", "-1e112", "7", "-1"] {
            guard case .tpv(let t)? = GPSDReport(line: #"{"class":"TPV","mode":\#(text)}"#) else {
                Issue.record("not a TPV: \(text)"); continue
            }
            #expect(t.mode == 0, "mode \(text)")
        }
        guard case .tpv(let t)? = GPSDReport(line: #"{"class":"TPV","mode":3}"#) else { Issue.record("not a TPV"); return }
        #expect(t.mode == 3)
        // Through the session: a fix-looking report with such a mode is no fix, and no crash.
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        var session = GPSDSession(startedAt: start)
        let line = #"{"class":"TPV","mode":1e112,"time":"2024-05-01T10:00:01Z","lat":42.5,"lon":1.5}"# + "\n"
        #expect(session.receive(Array(line.utf8), at: start) == [.noFix(mode: .none)])
    }

    @Test func gpsdProtocolVersionsTooBigForAnIntAreUnknown() {
        let line = #"{"class":"VERSION","release":"3.22","proto_major":1e30,"proto_minor":-4e20}"#
        #expect(GPSDReport(line: line) == .version(release: "3.22", protocolMajor: nil, protocolMinor: nil))
        #expect(GPSDReport(line: #"{"class":"VERSION","proto_major":3,"proto_minor":14}"#)
                == .version(release: nil, protocolMajor: 3, protocolMinor: 14))
    }

    /// Two talkers each claiming Int.max satellites in view: their sum overflowed (a trap).
    @Test func nmeaInViewCountsAreBoundedSoTheirSumCannotOverflow() {
        var p = NMEAParser(fallbackDate: Date(timeIntervalSince1970: 0))
        _ = p.parse(line: sentence("GPGSV,1,1,9223372036854775807,01,40,083,46"))
        _ = p.parse(line: sentence("GLGSV,1,1,9223372036854775807,65,40,083,46"))
        _ = p.parse(line: sentence("GAGSV,1,1,-4,65,40,083,46"))
        #expect(p.counters.malformed == 3)
        _ = p.parse(line: sentence("GPGSV,1,1,11,01,40,083,46"))
        _ = p.parse(line: sentence("GPRMC,100001.00,A,4230.0000,N,00130.0000,E,1.0,90.0,010524,,,A"))
        let events = p.parse(line: sentence("GPGGA,100001.00,4230.0000,N,00130.0000,E,1,9223372036854775807,2.0,,,,,,"))
        guard case .fix(let f)? = events.first else { Issue.record("no fix: \(events)"); return }
        #expect(f.satellitesVisible == 11 && f.satellitesUsed == nil)
    }

    /// `Int("-1")` let a negative hour and minute through: "-10000" read as 01:00 before midnight.
    @Test func nmeaTimesAndDatesAreDigitsOnly() {
        var p = NMEAParser(fallbackDate: Date(timeIntervalSince1970: 0))
        _ = p.parse(line: sentence("GPGGA,-10000.00,4230.0000,N,00130.0000,E,1,08,0.9,545.4,M,46.9,M,,"))
        _ = p.parse(line: sentence("GPGGA,10-100.00,4230.0000,N,00130.0000,E,1,08,0.9,545.4,M,46.9,M,,"))
        _ = p.parse(line: sentence("GPRMC,100001.00,A,4230.0000,N,00130.0000,E,1.0,90.0,-10524,,,A"))
        #expect(p.counters.malformed == 3 && p.finish().isEmpty)
        #expect(NMEAFields.timeOfDay("235959.50") == 86_399.5)
        let d = NMEAFields.date("010524")
        #expect(d?.year == 2024 && d?.month == 5 && d?.day == 1)
    }

    func sentence(_ body: String) -> String {
        let h = String(NMEASentence.checksum(of: body), radix: 16, uppercase: true)
        return "$\(body)*\(h.count == 1 ? "0" + h : h)"
    }
}

import Foundation
import Testing
import TrailCore
@testable import TrailLive

/// Lines captured from gpsd 3.22 (Debian 12) under gpsfake, shortened where marked.
enum GPSDLines {
    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#
    static let devices = #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/1","driver":"NMEA0183","bps":4800}]}"#
    static let watch = #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false}"#
    /// gpsd merging its first sentences: position without time (partial).
    static let partialNoTime = #"{"class":"TPV","device":"/dev/pts/1","mode":3,"lat":42.500000000,"lon":1.500000000,"altHAE":1550.0000,"altMSL":1500.0000,"alt":1500.0000,"eph":17.100}"#
    static let full = #"{"class":"TPV","device":"/dev/pts/1","mode":3,"time":"2024-05-01T10:00:01.000Z","ept":0.005,"lat":42.500166667,"lon":1.500000000,"altHAE":1550.0000,"altMSL":1500.0000,"alt":1500.0000,"epv":27.600,"track":45.0000,"magtrack":45.8415,"speed":1.286,"climb":0.000,"eph":17.100,"sep":28.500}"#
    static let modeOnly = #"{"class":"TPV","device":"/dev/pts/1","mode":1}"#
    static let sky = #"{"class":"SKY","device":"/dev/pts/1","hdop":0.90,"satellites":[{"PRN":1,"used":true},{"PRN":2,"used":true},{"PRN":3,"used":false}]}"#
}

@Suite struct GPSDSessionTests {
    let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func parsesVersionSkyAndFullTPV() {
        var s = GPSDSession(startedAt: t0)
        let text = [GPSDLines.version, GPSDLines.devices, GPSDLines.watch, GPSDLines.sky, GPSDLines.full]
            .joined(separator: "\n") + "\n"
        let events = s.receive(Array(text.utf8), at: t0)
        #expect(events.count == 3)
        #expect(events[0] == .connection(.connected(detail: "gpsd 3.22 (protocol 3.14)")))
        #expect(events[1] == .satellites(used: 2, visible: 3))
        guard case .fix(let f) = events[2] else { Issue.record("no fix"); return }
        #expect(f.time == Date(timeIntervalSince1970: 1_714_557_601))  // 2024-05-01T10:00:01Z
        #expect(f.coordinate == Coordinate(latitude: 42.500166667, longitude: 1.5))
        #expect(f.altitude == 1500 && f.horizontalAccuracy == 17.1 && f.verticalAccuracy == 27.6)
        #expect(f.speed == 1.286 && f.course == 45 && f.mode == .threeD)
        #expect(f.satellitesUsed == 2 && f.satellitesVisible == 3 && f.source == .gpsd)
    }

    @Test func toleratesPartialReportsGarbageAndSplitLines() {
        var s = GPSDSession(startedAt: t0)
        let text = GPSDLines.partialNoTime + "\nnot json at all\n{\"no\":\"class\"}\n" + GPSDLines.modeOnly + "\n"
            + #"{"class":"TPV","mode":2,"time":"2024-05-01T10:00:02Z"}"# + "\n" + GPSDLines.full + "\n"
        // Feed in chunks of 7 bytes: every line is split somewhere.
        let bytes = Array(text.utf8)
        var events: [PositionEvent] = []
        for start in stride(from: 0, to: bytes.count, by: 7) {
            events += s.receive(bytes[start..<min(start + 7, bytes.count)], at: t0)
        }
        #expect(events.count == 2)
        #expect(events[0] == .noFix(mode: .none))
        if case .fix(let f) = events[1] { #expect(f.coordinate.latitude == 42.500166667) } else {
            Issue.record("expected a fix")
        }
        #expect(s.garbageLines == 2 && s.partialReports == 2 && s.fixes == 1)
    }

    @Test func epxEpyAndAltFallbacks() {
        let line = #"{"class":"TPV","mode":3,"time":"2024-05-01T10:00:00Z","lat":1,"lon":2,"alt":12.5,"epx":3.0,"epy":4.0}"#
        guard case .tpv(let t)? = GPSDReport(line: line) else { Issue.record("not a TPV"); return }
        #expect(t.horizontalError == 5.0)  // √(3² + 4²)
        #expect(t.altitude == 12.5)
        #expect(t.time == Date(timeIntervalSince1970: 1_714_557_600))
        // Wrong JSON types are treated as absent, not as a failed report.
        guard case .tpv(let u)? = GPSDReport(line: #"{"class":"TPV","mode":"3","lat":true,"lon":2}"#) else {
            Issue.record("not a TPV"); return
        }
        #expect(u.mode == 0 && u.latitude == nil && u.longitude == 2)
    }

    @Test func goesStaleOnceAndRecoversWithTheNextFix() {
        var s = GPSDSession(staleAfter: 10, startedAt: t0)
        #expect(s.tick(at: t0.addingTimeInterval(9.9)).isEmpty)
        #expect(s.tick(at: t0.addingTimeInterval(10)) == [.stale(lastFix: nil)])
        #expect(s.tick(at: t0.addingTimeInterval(30)).isEmpty)  // reported once
        let arrival = t0.addingTimeInterval(31)
        _ = s.receive(Array((GPSDLines.full + "\n").utf8), at: arrival)
        #expect(!s.isStale)
        // Partial reports and sky do not refresh the timer; only fixes do.
        _ = s.receive(Array((GPSDLines.partialNoTime + "\n" + GPSDLines.sky + "\n").utf8), at: arrival.addingTimeInterval(5))
        #expect(s.tick(at: arrival.addingTimeInterval(9)).isEmpty)
        #expect(s.tick(at: arrival.addingTimeInterval(10)) == [.stale(lastFix: arrival)])
    }

    @Test func timestampParserAgreesWithFoundation() {
        var cal = Calendar(identifier: .gregorian)
        cal.timeZone = TimeZone(identifier: "UTC")!
        for (y, m, d) in [(1970, 1, 1), (2000, 2, 29), (2024, 12, 31), (2100, 3, 1), (1999, 12, 31)] {
            let expected = cal.date(from: DateComponents(year: y, month: m, day: d, hour: 23, minute: 59, second: 58))!
            let text = String(format: "%04d-%02d-%02dT23:59:58.250Z", y, m, d)
            #expect(GPSDTime.parse(text) == expected.addingTimeInterval(0.25))
        }
        #expect(GPSDTime.parse("2024-13-01T00:00:00Z") == nil)
        #expect(GPSDTime.parse("2024-05-01 10:00:00") == nil)
    }

    @Test func endpointParsing() throws {
        #expect(try GPSDEndpoint(parsing: "gpsd://") == .local)
        #expect(try GPSDEndpoint(parsing: "gpsd://pi.local") == GPSDEndpoint(host: "pi.local", port: 2947))
        #expect(try GPSDEndpoint(parsing: "gpsd://10.0.0.5:2948") == GPSDEndpoint(host: "10.0.0.5", port: 2948))
        #expect(try GPSDEndpoint(parsing: "gpsd://[::1]:3000") == GPSDEndpoint(host: "::1", port: 3000))
        #expect(try GPSDEndpoint(parsing: "localhost:2950") == GPSDEndpoint(host: "localhost", port: 2950))
        #expect(try GPSDEndpoint(parsing: "gpsd://:2949") == GPSDEndpoint(host: "127.0.0.1", port: 2949))
        #expect(GPSDEndpoint(host: "::1", port: 3000).description == "gpsd://[::1]:3000")
        for bad in ["gpsd://host:0", "gpsd://host:70000", "gpsd://host:x", "gpsd://::1", "gpsd://[::1", "gpsd://a b"] {
            #expect(throws: GPSDEndpoint.ParseError.self) { try GPSDEndpoint(parsing: bad) }
        }
    }

    @Test func backoffDoublesCapsAndResets() {
        var b = ReconnectBackoff(initial: 1, maximum: 30, factor: 2)
        #expect((0..<7).map { _ in b.next() } == [1, 2, 4, 8, 16, 30, 30])
        b.reset()
        #expect(b.next() == 1)
    }
}

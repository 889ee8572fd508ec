import Foundation
import Testing
import TrailCore
@testable import TrailLive

/// Reference sentences: the classic examples of the NMEA 0183 literature (gpsinformation.org,
/// "NMEA data"), whose published checksums (*47, *6A, *39) were re-checked with Python:
/// `functools.reduce(lambda a, c: a ^ ord(c), body, 0)`.
@Suite struct NMEAParserTests {
    static let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
    static let rmc = "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6A"
    static let gsa = "$GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1*39"

    @Test func checksumsOfPublishedExamples() throws {
        #expect(NMEASentence.checksum(of: "GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,") == 0x47)
        #expect(NMEASentence.checksum(of: "GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W") == 0x6A)
        let s = try NMEASentence(line: Self.gga)
        #expect(s.talker == "GP" && s.type == "GGA")
        #expect(s.field(9) == "545.4" && s.field(13) == nil && s.fields.count == 14)
        // Lower-case hex digits are accepted too.
        _ = try NMEASentence(line: "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W*6a")
    }

    @Test func badAndMissingChecksumsAreRejected() {
        #expect(throws: NMEASentence.ParseError.badChecksum(expected: 0x47, found: 0x48)) {
            try NMEASentence(line: "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*48")
        }
        // One digit changed in the body: 4807.038 -> 4807.039 flips the low bits (8 ^ 9 = 1).
        #expect(throws: NMEASentence.ParseError.badChecksum(expected: 0x46, found: 0x47)) {
            try NMEASentence(line: "$GPGGA,123519,4807.039,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47")
        }
        #expect(throws: NMEASentence.ParseError.missingChecksum) {
            try NMEASentence(line: "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        }
        #expect(throws: NMEASentence.ParseError.notASentence) { try NMEASentence(line: "hello*00") }
    }

    @Test func combinesGGAAndRMCOfOneEpoch() throws {
        var p = NMEAParser(fallbackDate: Date(timeIntervalSince1970: 0))
        #expect(p.parse(line: Self.gga).isEmpty)
        #expect(p.parse(line: Self.gsa).isEmpty)
        let events = p.parse(line: Self.rmc)
        guard case .fix(let f)? = events.first else { Issue.record("no fix: \(events)"); return }
        #expect(f.time == Date(timeIntervalSince1970: 764_426_119))  // 1994-03-23 12:35:19 UTC
        #expect(abs(f.coordinate.latitude - 48.1173) < 1e-9)             // 48° 07.038'
        #expect(f.coordinate.longitude == 11.51667)  // 11° 31.000' = 11.516666…°, to 3 + 2 decimals
        #expect(f.altitude == 545.4)
        #expect(abs(f.speed! - 11.523555555555554) < 1e-9)  // 22.4 kn × 1852 / 3600
        #expect(f.course == 84.4)
        #expect(f.mode == .threeD)
        #expect(f.satellitesUsed == 8)
        #expect(abs(f.horizontalAccuracy! - 0.9 * 19) < 1e-9)  // GGA HDOP × gpsd's 19 m
        #expect(abs(f.verticalAccuracy! - 2.1 * 23) < 1e-9)    // GSA VDOP × 23 m
        #expect(f.source == .nmea)
        #expect(events.contains(.satellites(used: 8, visible: nil)))
        #expect(p.counters.fixes == 1 && p.counters.used == 3 && p.counters.rejected == 0)
    }

    @Test func skipsAndCountsBadSentencesWithoutLosingTheEpoch() {
        var p = NMEAParser(fallbackDate: Date(timeIntervalSince1970: 0))
        let lines = [
            Self.gga,
            "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*00",   // bad checksum
            "$GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W",   // no checksum
            "garbage \u{1}\u{2} line",                                               // not a sentence
            "$GPVTG,054.7,T,034.4,M,005.5,N,010.2,K*48",                            // valid, unused
            "$GPRMC,123519,A,48A7.038,N,01131.000,E,022.4,084.4,230394,003.1,W*" + hex("GPRMC,123519,A,48A7.038,N,01131.000,E,022.4,084.4,230394,003.1,W"),
            "",
            Self.rmc,
        ]
        let events = lines.flatMap { p.parse(line: $0) }
        #expect(events.filter { if case .fix = $0 { true } else { false } }.count == 1)
        let c = p.counters
        #expect(c.lines == 7 && c.badChecksum == 1 && c.missingChecksum == 1 && c.malformed == 2)
        #expect(c.unsupported == 1 && c.used == 2 && c.rejected == 4)
    }

    @Test func singleSentenceStreamsEmitOneEpochLateAndOnFinish() {
        var p = NMEAParser(fallbackDate: Date(timeIntervalSince1970: 1_714_557_600 + 5000))  // 2024-05-01
        let a = sentence("GPGGA,100000.00,4230.0000,N,00130.0000,E,1,07,1.0,1500.0,M,50.0,M,,")
        let b = sentence("GPGGA,100001.00,4230.0100,N,00130.0000,E,1,07,1.0,1501.0,M,50.0,M,,")
        #expect(p.parse(line: a).isEmpty)
        let first = p.parse(line: b)
        guard case .fix(let f)? = first.first else { Issue.record("no fix"); return }
        // No RMC yet: the day comes from the fallback date (2024-05-01), time 10:00:00 UTC.
        #expect(f.time == Date(timeIntervalSince1970: 1_714_557_600))
        #expect(f.coordinate.latitude == 42.5 && f.coordinate.longitude == 1.5)
        guard case .fix(let g)? = p.finish().first else { Issue.record("no flushed fix"); return }
        #expect(g.time == Date(timeIntervalSince1970: 1_714_557_601))
        // 42 + 30.0100/60 = 42.50016666…, kept to the 4 + 2 decimals four decimals of minutes carry.
        #expect(g.coordinate.latitude == 42.500167)
    }

    @Test func dateRollsOverAtMidnightForGGAOnlyEpochs() {
        var p = NMEAParser(fallbackDate: Date(timeIntervalSince1970: 0))
        _ = p.parse(line: sentence("GPRMC,235959.00,A,4230.0000,N,00130.0000,E,0.0,0.0,300424,,,A"))
        _ = p.parse(line: sentence("GPGGA,235959.00,4230.0000,N,00130.0000,E,1,07,1.0,1500.0,M,50.0,M,,"))
        _ = p.parse(line: sentence("GPGGA,000000.00,4230.0000,N,00130.0000,E,1,07,1.0,1500.0,M,50.0,M,,"))
        guard case .fix(let f)? = p.finish().first else { Issue.record("no fix"); return }
        #expect(f.time == Date(timeIntervalSince1970: 1_714_521_600))  // 2024-05-01 00:00:00 UTC
    }

    @Test func noFixEpochsAndGSAModes() {
        var p = NMEAParser(fallbackDate: Date(timeIntervalSince1970: 0))
        _ = p.parse(line: sentence("GPGGA,100000.00,,,,,0,00,99.9,,,,,,"))
        let none = p.parse(line: sentence("GPRMC,100000.00,V,,,,,,,010524,,,N"))
        #expect(none == [.noFix(mode: .none)])
        _ = p.parse(line: sentence("GNGSA,A,2,01,02,03,,,,,,,,,,3.0,2.0,2.2"))
        _ = p.parse(line: sentence("GPGSV,3,1,11,01,40,083,46,02,17,308,41,12,07,344,39,14,22,228,45"))
        _ = p.parse(line: sentence("GLGSV,1,1,04,65,40,083,46,66,17,308,41,67,07,344,39,68,22,228,45"))
        _ = p.parse(line: sentence("GPRMC,100001.00,A,4230.0000,N,00130.0000,W,1.0,90.0,010524,,,A"))
        let events = p.parse(line: sentence("GPGGA,100001.00,4230.0000,S,00130.0000,W,2,03,2.0,,,,,,"))
        guard case .fix(let f)? = events.first else { Issue.record("no fix"); return }
        #expect(f.mode == .twoD)
        #expect(f.coordinate.latitude == 42.5 && f.coordinate.longitude == -1.5)  // RMC wins (status A)
        #expect(f.altitude == nil && f.satellitesUsed == 3 && f.satellitesVisible == 15)
        #expect(abs(f.horizontalAccuracy! - 2.0 * 19 / 4) < 1e-9)  // DGPS: a quarter
        #expect(events.contains(.satellites(used: 3, visible: 15)))
    }

    /// A position is kept to the precision its sentence carried: k decimals of minutes give
    /// k + 2 decimals of degrees (DECISIONS.md 496), so an export writes "42.6234598", not
    /// 42.623459833333335. Expected values from Python's decimal module, exact division then
    /// quantize: Decimal(deg) + Decimal(minutes) / 60 to 10^-(k+2).
    @Test func positionsKeepThePrecisionTheSentenceCarried() {
        let cases: [(lat: String, lon: String, latitude: Double, longitude: Double)] = [
            ("4237.40759", "00131.12345", 42.6234598, 1.5187242),  // 5 decimals of minutes: 7 of degrees
            ("4237.4076", "00131.1234", 42.62346, 1.518723),        // 4: 6 (42.62346 exactly; 1.5187233…)
            ("4237.4", "00131.1", 42.623, 1.518),                   // 1: 3 (42.62333…, 1.51833…)
            ("4237", "00131", 42.62, 1.52),                         // none: 2 (42.61666…, 1.51666…)
        ]
        for c in cases {
            var p = NMEAParser(fallbackDate: Date(timeIntervalSince1970: 0))
            _ = p.parse(line: sentence("GPRMC,100001.00,A,\(c.lat),N,\(c.lon),E,1.0,90.0,010524,,,A"))
            let events = p.parse(line: sentence("GPGGA,100001.00,\(c.lat),N,\(c.lon),E,1,08,0.9,1500.0,M,50.0,M,,"))
            guard case .fix(let f)? = events.first else { Issue.record("no fix for \(c.lat)"); continue }
            #expect(f.coordinate.latitude == c.latitude && f.coordinate.longitude == c.longitude, "\(c.lat) \(c.lon)")
            #expect("\(f.coordinate.latitude)" == "\(c.latitude)")
        }
        // Southern and western hemispheres: the same digits, negative.
        var p = NMEAParser(fallbackDate: Date(timeIntervalSince1970: 0))
        _ = p.parse(line: sentence("GPRMC,100001.00,A,4237.40759,S,00131.12345,W,1.0,90.0,010524,,,A"))
        let events = p.parse(line: sentence("GPGGA,100001.00,4237.40759,S,00131.12345,W,1,08,0.9,1500.0,M,50.0,M,,"))
        guard case .fix(let f)? = events.first else { Issue.record("no fix"); return }
        #expect("\(f.coordinate.latitude) \(f.coordinate.longitude)" == "-42.6234598 -1.5187242")
    }

    func sentence(_ body: String) -> String { "$\(body)*\(hex(body))" }
}

/// The NMEA checksum of `body` as two upper-case hex digits (test helper, written from the
/// definition: XOR of the bytes).
func hex(_ body: String) -> String {
    let x = body.utf8.reduce(UInt8(0), ^)
    return String(format: "%02X", x)
}

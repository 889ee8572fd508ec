import Foundation
import Testing
@testable import TrailFormats

/// A tiny deterministic generator (64-bit LCG, Knuth's MMIX constants), so fuzz cases repeat.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state ^ (state >> 29)
    }
}

func parse(_ s: String) -> Double? {
    var s = s
    return s.withUTF8 { DecimalParser.finiteDouble($0) }
}

/// Number and time parsing and formatting. References: Swift's own correctly rounded
/// `Double(String)` and `description` for numbers; `date -u -d … +%s` for epoch seconds.
@Suite struct TextParsingTests {
    @Test func decimalsMatchTheStandardLibrary() {
        var rng = SeededGenerator(state: 42)
        for _ in 0..<20_000 {
            var s = Bool.random(using: &rng) ? "-" : ""
            let digits = Int.random(in: 1...22, using: &rng)
            let point = Int.random(in: 0...digits, using: &rng)
            for i in 0..<digits {
                if i == point && i > 0 { s += "." }
                s += String(Int.random(in: 0...9, using: &rng))
            }
            if Int.random(in: 0..<4, using: &rng) == 0 { s += "e\(Int.random(in: -30...30, using: &rng))" }
            #expect(parse(s) == Double(s), "\(s)")
        }
    }

    @Test func decimalsEdgeCases() {
        #expect(parse(" \n\t12.5\r\n ") == 12.5)
        #expect(parse("+3") == 3)
        #expect(parse(".5") == 0.5)
        #expect(parse("5.") == 5)
        #expect(parse("-0.0")?.sign == .minus)
        #expect(parse("0.000000000000000000000000001") == 1e-27)
        #expect(parse("63.20832534693181514739990234375") == 63.20832534693181514739990234375)
        for bad in ["", "  ", "abc", "1.2.3", "1e", "1e+", "--1", "0x10", "nan", "NaN", "inf", "INF", "1,5", "+",
                    ".", "1 2", "1e400", "-1e400", "１"] {
            #expect(parse(bad) == nil, "\(bad)")
        }
    }

    @Test func integers() {
        func int(_ s: String) -> Int? { var s = s; return s.withUTF8 { DecimalParser.integer($0) } }
        #expect(int(" 42 ") == 42)
        #expect(int("-7") == -7)
        #expect(int("007") == 7)
        #expect(int("1.0") == nil)
        #expect(int("") == nil)
        #expect(int("99999999999999999999") == nil)
    }

    @Test func shortestDecimalRoundTripsWithoutExponent() {
        #expect(DecimalFormatter.shortest(1e-5) == "0.00001")
        #expect(DecimalFormatter.shortest(1.5e-7) == "0.00000015")
        #expect(DecimalFormatter.shortest(1e16) == "10000000000000000")
        #expect(DecimalFormatter.shortest(1.2345678901234568e+20) == "123456789012345680000")
        #expect(DecimalFormatter.shortest(1298) == "1298")
        #expect(DecimalFormatter.shortest(47.12) == "47.12")
        #expect(DecimalFormatter.shortest(-0.0) == "-0")
        var rng = SeededGenerator(state: 7)
        for _ in 0..<20_000 {
            let x = Double(bitPattern: rng.next())
            guard x.isFinite, abs(x) < 1e30, abs(x) > 1e-30 || x == 0 else { continue }
            let s = DecimalFormatter.shortest(x)
            #expect(!s.contains("e") && Double(s) == x, "\(x) -> \(s)")
        }
    }

    @Test func fixedDecimals() {
        #expect(DecimalFormatter.fixed(1.23456789, places: 7) == "1.2345679")
        #expect(DecimalFormatter.fixed(-71.1236, places: 7) == "-71.1236")
        #expect(DecimalFormatter.fixed(-0.00000004, places: 7) == "0")
        #expect(DecimalFormatter.fixed(237.1999969482421875, places: 2) == "237.2")
        #expect(DecimalFormatter.fixed(0.05, places: 1) == "0.1")
        #expect(DecimalFormatter.fixed(2.5, places: 0) == "3")
        #expect(DecimalFormatter.fixed(-0.5, places: 2) == "-0.5")
        #expect(DecimalFormatter.fixed(1e20, places: 7) == "100000000000000000000")
    }

    @Test(arguments: [
        ("2021-06-01T08:00:00Z", 1_622_534_400.0),
        ("2021-06-01T10:00:00+02:00", 1_622_534_400.0),
        ("2021-06-01T02:30:00-05:30", 1_622_534_400.0),
        ("2021-06-01t08:00:00z", 1_622_534_400.0),
        ("2021-06-01 08:00:00", 1_622_534_400.0),
        ("2021-06-01T08:00Z", 1_622_534_400.0),
        ("2021-06-01T08:00:00,25Z", 1_622_534_400.25),
        ("1970-01-01T00:00:00Z", 0.0),
        ("1901-12-13T20:45:52Z", -2_147_483_648.0),
        ("2000-02-29T23:59:59Z", 951_868_799.0),
        ("2016-12-31T23:59:60Z", 1_483_228_800.0),  // leap second: the next minute
        ("2016-12-31T24:00:00Z", 1_483_228_800.0),  // end of day
    ])
    func timestampsParse(text: String, epochSeconds: Double) {
        #expect(ISO8601Timestamp.parse(text)?.timeIntervalSince1970 == epochSeconds, "\(text)")
    }

    @Test func malformedTimestamps() {
        for bad in ["", "2021-06-01", "2021-13-01T00:00:00Z", "2021-06-31T00:00:00Z", "2021-02-29T00:00:00Z",
                    "2021-06-01T25:00:00Z", "2021-06-01T10:60:00Z", "2021-06-01T24:00:01Z", "2021-06-01T10:00:00+24:00",
                    "2021-06-01T10:00:00.Z", "2021-06-01T10:00:00 Z", "21-06-01T10:00:00Z", "2021-06-01T10:00:00Zjunk"] {
            #expect(ISO8601Timestamp.parse(bad) == nil, "\(bad)")
        }
    }

    @Test func timestampsFormat() {
        func f(_ t: Double) -> String { ISO8601Timestamp.format(Date(timeIntervalSince1970: t)) }
        #expect(f(0) == "1970-01-01T00:00:00Z")
        #expect(f(-2_147_483_648) == "1901-12-13T20:45:52Z")
        #expect(f(951_868_799) == "2000-02-29T23:59:59Z")
        #expect(f(1_622_534_400.5) == "2021-06-01T08:00:00.500Z")
        #expect(f(1_622_534_400.123456) == "2021-06-01T08:00:00.123456Z")
        #expect(f(-0.5) == "1969-12-31T23:59:59.500Z")
    }

    /// format → parse gives back exactly the same Date, whatever its fraction (for times at
    /// least 12 days from 2001-01-01, Foundation's zero, where a Double's step is below 1e-10 s).
    @Test func timestampsRoundTripExactly() {
        var rng = SeededGenerator(state: 2024)
        for i in 0..<20_000 {
            var whole = Double(Int.random(in: -2_000_000_000...4_000_000_000, using: &rng))
            if abs(whole) < 1_000_000 { whole += 2_000_000 }
            let fraction: Double
            switch i % 4 {
            case 0: fraction = 0
            case 1: fraction = Double(Int.random(in: 0..<1000, using: &rng)) / 1000
            case 2: fraction = Double(Int.random(in: 0..<1_000_000, using: &rng)) / 1_000_000
            default: fraction = Double.random(in: 0..<1, using: &rng)
            }
            let date = Date(timeIntervalSinceReferenceDate: whole + fraction)
            let text = ISO8601Timestamp.format(date)
            #expect(ISO8601Timestamp.parse(text) == date, "\(text)")
        }
    }
}

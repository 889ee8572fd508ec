import Foundation
import Testing
@testable import TrailCore

struct UnitSystemTests {
    @Test(arguments: [
        ([String: String](), UnitSystem.metric),
        (["LANG": "en_US.UTF-8"], .imperial),
        (["LANG": "en_GB.UTF-8"], .metric),
        (["LANG": "de_CH.UTF-8"], .metric),
        (["LANG": "en_LR"], .imperial),
        (["LANG": "my_MM.UTF-8"], .imperial),
        (["LANG": "en_us.utf8"], .imperial),
        (["LANG": "en_US@custom"], .imperial),
        (["LANG": "C"], .metric),
        (["LANG": "POSIX"], .metric),
        (["LANG": "C.UTF-8"], .metric),
        (["LANG": "sr_RS@latin"], .metric),
        // LC_MEASUREMENT beats LANG; LC_ALL beats both; empty values are unset.
        (["LANG": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"], .metric),
        (["LANG": "de_DE.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8"], .imperial),
        (["LC_ALL": "en_US.UTF-8", "LC_MEASUREMENT": "de_DE.UTF-8"], .imperial),
        (["LC_ALL": "fr_FR.UTF-8", "LC_MEASUREMENT": "en_US.UTF-8", "LANG": "en_US.UTF-8"], .metric),
        (["LC_ALL": "", "LC_MEASUREMENT": "", "LANG": "en_US.UTF-8"], .imperial),
    ])
    func fromEnvironment(_ environment: [String: String], _ expected: UnitSystem) {
        #expect(UnitSystem.fromEnvironment(environment) == expected)
    }

    @Test func overrideAndArgument() {
        #expect(UnitSystem.resolve(override: .metric, environment: ["LANG": "en_US.UTF-8"]) == .metric)
        #expect(UnitSystem.resolve(override: nil, environment: ["LANG": "en_US.UTF-8"]) == .imperial)
        #expect(UnitSystem(argument: "Imperial") == .imperial)
        #expect(UnitSystem(argument: "metric") == .metric)
        #expect(UnitSystem(argument: "feet") == nil)
    }
}

/// Expected strings computed by hand with 1 mi = 1609.344 m and 1 ft = 0.3048 m.
struct UnitFormatterTests {
    let metric = UnitFormatter(system: .metric)
    let imperial = UnitFormatter(system: .imperial)

    /// A GPX file's `<ele>1e300</ele>` is a finite number the reader keeps; Int(_:) trapped on
    /// it in every elevation, climb and grade readout.
    @Test func numbersBeyondAnyRealValueReadAsUnknown() {
        #expect(metric.elevation(1e300) == "--" && metric.elevation(-1e300) == "--")
        #expect(metric.elevationChange(1e300) == "--" && imperial.elevationChange(-1e300) == "--")
        #expect(metric.grade(1e300) == "--" && metric.grade(.infinity) == "--")
        #expect(metric.duration(1e300) == "--" && metric.duration(1e300, style: .clock) == "--")
        #expect(metric.elevation(8848.86) == "8849 m" && metric.grade(-0.25) == "-25 %")
    }

    @Test func metricDistance() {
        #expect(metric.distance(0) == "0 m")
        #expect(metric.distance(849.6) == "850 m")
        #expect(metric.distance(999.4) == "999 m")
        #expect(metric.distance(4250) == "4.25 km")
        #expect(metric.distance(9996) == "10.0 km")      // 9.996 km rounds to 10.00 → one decimal
        #expect(metric.distance(12_345) == "12.3 km")
        #expect(metric.distance(154_400) == "154 km")
        #expect(metric.distance(.nan) == "--")
    }

    @Test func imperialDistance() {
        #expect(imperial.distance(100) == "328 ft")       // 100 / 0.3048 = 328.08
        #expect(imperial.distance(160) == "525 ft")       // 0.0994 mi; 160 / 0.3048 = 524.93
        #expect(imperial.distance(1609.344) == "1.00 mi")
        #expect(imperial.distance(5000) == "3.11 mi")     // 5000 / 1609.344 = 3.1069
        #expect(imperial.distance(42_195) == "26.2 mi")   // 26.219
        #expect(imperial.distance(200_000) == "124 mi")   // 124.27
    }

    @Test func elevations() {
        #expect(metric.elevation(2849.4) == "2849 m")
        #expect(imperial.elevation(2849) == "9347 ft")    // 2849 / 0.3048 = 9347.11
        #expect(imperial.elevation(3048) == "10000 ft")
        #expect(metric.elevation(nil) == "--")
        #expect(metric.elevationChange(467.4) == "+467 m")
        #expect(metric.elevationChange(-438) == "-438 m")
        #expect(metric.elevationChange(0.3) == "0 m")
        #expect(imperial.elevationChange(467.4) == "+1533 ft")  // 467.4 / 0.3048 = 1533.46
    }

    @Test func speedsAndPaces() {
        #expect(metric.speed(1.25) == "4.5 km/h")         // 1.25 × 3.6
        #expect(imperial.speed(1.25) == "2.8 mph")        // 1.25 × 3600 / 1609.344 = 2.796
        #expect(metric.speed(nil) == "--")
        #expect(metric.pace(speed: 1.25) == "13:20 min/km")   // 1000 / 1.25 = 800 s
        #expect(imperial.pace(speed: 1.25) == "21:27 min/mi") // 1609.344 / 1.25 = 1287.5 s → 1287
        #expect(metric.pace(speed: 0) == "--")
        #expect(metric.pace(speed: nil) == "--")
        #expect(metric.pace(speed: 1000.0 / 3599.6) == "60:00 min/km")
    }

    @Test func durations() {
        #expect(metric.duration(11_109, style: .clock) == "3:05:09")
        #expect(metric.duration(11_109) == "3 h 05 min")  // 185.15 min → 185
        #expect(metric.duration(2700) == "45 min")
        #expect(metric.duration(40) == "40 s")
        #expect(metric.duration(3599.7) == "1 h 00 min")
        #expect(metric.duration(90_000, style: .clock) == "25:00:00")
        #expect(metric.duration(90_000) == "25 h 00 min")
        #expect(metric.duration(-1) == "--")
        #expect(metric.duration(nil) == "--")
    }

    @Test func grades() {
        #expect(metric.grade(0.25) == "+25 %")
        #expect(metric.grade(-0.084) == "-8 %")
        #expect(metric.grade(-0.004) == "0 %")
        #expect(metric.grade(nil) == "--")
    }

    /// 1 717 250 700 s = 2024-06-01 14:05:00 UTC; Zurich is UTC+2 in June.
    /// 1 704 065 400 s = 2023-12-31 23:30 UTC = 2024-01-01 00:30 in Zurich (UTC+1).
    @Test func dates() {
        let d = Date(timeIntervalSince1970: 1_717_250_700)
        #expect(metric.date(d) == "2024-06-01")
        #expect(metric.dateTime(d) == "2024-06-01 14:05")
        #expect(metric.time(d) == "14:05")
        let zurich = UnitFormatter(system: .metric, timeZone: TimeZone(identifier: "Europe/Zurich")!)
        #expect(zurich.dateTime(d) == "2024-06-01 16:05")
        #expect(zurich.dateTime(Date(timeIntervalSince1970: 1_704_065_400)) == "2024-01-01 00:30")
        #expect(metric.date(nil) == "--")
    }
}

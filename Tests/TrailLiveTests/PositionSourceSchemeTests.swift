import Testing
@testable import TrailLive

/// An unknown `--gps` scheme is named with the known ones instead of being opened as a device.
@Suite struct PositionSourceSchemeTests {
    private func reason(_ text: String) -> String? {
        do { _ = try PositionSourceSpec(parsing: text); return nil } catch { return error.reason }
    }

    @Test func unknownSchemeIsNamedWithTheKnownOnes() {
        let r = reason("tcp://localhost:2947")
        #expect(r == "unknown scheme 'tcp:'; known: gpsd://HOST:PORT, nmea:DEVICE[@BAUD], replay:FILE.gpx, or a device path")
        #expect(reason("Serial:/dev/ttyUSB0")?.hasPrefix("unknown scheme 'serial:'") == true)
        #expect(reason("file:walk.nmea")?.contains("replay:FILE.gpx") == true)
    }

    @Test func gpsdWithoutSlashesSaysHowToWriteIt() {
        #expect(reason("gpsd:localhost") == "a gpsd address is written gpsd://HOST[:PORT]")
    }

    @Test func pathsAreNotSchemes() throws {
        #expect(try PositionSourceSpec(parsing: "/dev/ttyUSB0") == .nmea(path: "/dev/ttyUSB0", baudRate: nil))
        #expect(try PositionSourceSpec(parsing: "./log:1.nmea") == .nmea(path: "./log:1.nmea", baudRate: nil))
        #expect(try PositionSourceSpec(parsing: "nmea:log:1.nmea") == .nmea(path: "log:1.nmea", baudRate: nil))
        #expect(try PositionSourceSpec(parsing: "walk.nmea@4800") == .nmea(path: "walk.nmea", baudRate: 4800))
        #expect(PositionSourceSpec.scheme(of: "2024:walk") == nil)
    }
}

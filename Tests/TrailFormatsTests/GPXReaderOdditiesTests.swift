import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Real-world oddities, one fixture each (Fixtures/, written for these tests). Expected epoch
/// seconds come from `date -u -d <UTC time> +%s`.
@Suite struct GPXReaderOdditiesTests {
    @Test func utf8ByteOrderMark() throws {
        let d = try readFixture("bom.gpx").document
        #expect(d.tracks.first?.name == "BOM")
        #expect(d.allTrackpoints.map(\.elevation) == [2000, 2100])
    }

    @Test func declaredISOLatin1IsDecoded() throws {
        let d = try readFixture("latin1.gpx").document
        #expect(d.version == "1.0")
        #expect(d.waypoints.first?.name == "Caf\u{E9} H\u{F6}he")
        #expect(d.waypoints.first?.description == "\u{BD} Stunde")
    }

    @Test func timeZonesFractionsAndBadTimes() throws {
        let r = try readFixture("times.gpx")
        let t = r.document.allTrackpoints.map { $0.time?.timeIntervalSince1970 }
        #expect(t.count == 12)
        #expect(t[0] == 1_622_534_400)      // 10:00+02:00 = 08:00Z
        #expect(t[1] == 1_622_561_400)      // 10:00-0530 = 15:30Z
        #expect(t[2] == 1_622_541_600)      // no zone: UTC
        #expect(t[3] == 1_622_534_400.5)    // white space around, half second
        #expect(abs(t[4]! - 1_622_534_400.123456789) < 1e-6)  // 21 fractional digits
        #expect(t[5] == 1_622_534_400.25)   // 10:00:00.250+02
        #expect(t[6] == nil)                // "yesterday"
        #expect(t[7] == nil)                // empty
        #expect(t[8] == nil)                // 29 February 2021 does not exist
        #expect(t[9] == 1_622_534_400)
        #expect(t[10] == 1_622_530_800)     // backwards in time: kept as read
        #expect(t[11] == nil)               // 1901-12-13T20:45:52.2073437Z: 32-bit time_t sentinel
        #expect(r.warnings.map(\.line) == [10, 12, 15])
    }

    @Test func unusableElevationsAreMissing() throws {
        let r = try readFixture("elevations.gpx")
        let e = r.document.allTrackpoints.map(\.elevation)
        #expect(e.count == 10)
        #expect(e[0] == nil && e[1] == nil && e[2] == nil && e[3] == nil)  // empty, abc, NaN, INF
        #expect(e[4] == 12.5)        // white space and newlines around the number
        #expect(e[5] == nil)         // -9999 sentinel
        #expect(e[6] == -430.5)      // Dead Sea shore: real
        #expect(e[7] == nil)         // 1e400 overflows
        #expect(e[8] == Double("237.1999969482421875"))
        let p = r.document.allTrackpoints[9]
        #expect(p.latitude == Double("63.20832534693181514739990234375"))
        #expect(p.longitude == Double("9.1734714992344379425048828125"))
        #expect(r.warnings.count == 5)  // abc, NaN, INF, -9999, 1e400; the empty one is silent
        #expect(r.warnings.contains { $0.message.contains("-9999") && $0.message.contains("sentinel") })
    }

    @Test func outOfRangePointsAreRejectedNeverClamped() throws {
        let r = try readFixture("out-of-range.gpx")
        #expect(r.document.waypoints.map(\.name) == ["fine"])
        #expect(r.document.allTrackpoints.map(\.coordinate) == [
            Coordinate(latitude: 45, longitude: 10), Coordinate(latitude: -90, longitude: -180),
            Coordinate(latitude: 90, longitude: 180),
        ])
        #expect(r.warnings.map(\.line) == [3, 6, 8, 9])
        #expect(r.warnings.allSatisfy { $0.message.contains("rejected") })
    }

    @Test func gpx10MetadataAndPointFields() throws {
        let r = try readFixture("gpx10-metadata.gpx")
        let d = r.document
        let m = d.metadata
        #expect(m.name == "Ten")
        #expect(m.description == "A GPX 1.0 file")
        #expect(m.author == Person(name: "Jane Hiker", email: "jane@example.org"))
        #expect(m.links == [Link(href: "https://example.org/hikes?id=1&v=2", text: "Jane's hikes")])
        #expect(m.time?.timeIntervalSince1970 == 1_292_307_424)
        #expect(m.keywords == "alps, hut")
        #expect(m.bounds == BoundingBox(minLatitude: 46.1, minLongitude: 13.2, maxLatitude: 46.3, maxLongitude: 13.9))
        #expect(d.waypoints == [Waypoint(latitude: 46.2, longitude: 13.5, elevation: 2057, name: "Summit",
                                         comment: "cairn", description: "top", source: "GPS",
                                         links: [Link(href: "https://example.org/summit", text: "Summit page")],
                                         symbol: "Summit", type: "peak")])
        #expect(d.routes.first?.name == "Plan")
        #expect(d.routes.first?.number == 3)
        #expect(d.routes.first?.points.count == 2)
        let t = try #require(d.tracks.first)
        #expect(t.name == "Walk" && t.comment == "c" && t.description == "d" && t.source == "s" && t.number == 7)
        #expect(t.links == [Link(href: "https://example.org/walk")])
        let extras = try #require(t.segments.first?.points.first?.extras)
        #expect(extras == TrackpointExtras(hdop: 1.2, vdop: 1.5, pdop: 1.9, satellites: 7, fix: "3d",
                                           speed: 1.25, course: 123.4))
        #expect(t.segments.first?.points.last?.extras == nil)  // fix 4d and sat -1 are invalid
        #expect(r.warnings.count == 2)
    }

    @Test func gpx11MetadataTextAndLinks() throws {
        let r = try readFixture("gpx11-metadata.gpx")
        let d = r.document
        #expect(d.creator == "Tom & Jerry's \"GPS\"")
        let m = d.metadata
        #expect(m.name == "Blue <Hills> & more")  // CDATA
        #expect(m.description == "line one\r\nline two\twith tab")
        #expect(m.author == Person(name: "Oliver", email: "o.m@example.org",
                                   link: Link(href: "https://example.org/o", text: "Home")))
        #expect(m.copyright == Copyright(author: "OpenStreetMap contributors", year: 2020,
                                         license: "https://www.openstreetmap.org/copyright"))
        #expect(m.links == [Link(href: "https://example.org/a?x=1&y=2&z=3", text: "A & B", type: "text/html"),
                            Link(href: "https://example.org/b")])
        #expect(abs(m.time!.timeIntervalSince1970 - 1_633_859_720.952) < 1e-6)  // no zone: UTC
        #expect(m.keywords == "k1, k2")
        #expect(d.waypoints == [Waypoint(latitude: 42.6, longitude: 1.5, elevation: 2000,
                                         time: Date(timeIntervalSince1970: 1_633_860_000), name: "Hut",
                                         comment: "c", description: "d", source: "s",
                                         links: [Link(href: "https://example.org/hut", text: "hut")],
                                         symbol: "Lodge", type: "hut")])
        let route = try #require(d.routes.first)
        #expect(route.name == "R" && route.comment == "rc" && route.description == "rd" && route.source == "rs")
        #expect(route.links == [Link(href: "https://example.org/r")] && route.number == 2 && route.type == "hiking")
        #expect(route.points.count == 2)
        #expect(d.tracks.first?.name == "T" && d.tracks.first?.type == "hiking")
        #expect(r.warnings.isEmpty)
    }

    @Test func garminAndCluetrustExtensionsUnderAnyPrefix() throws {
        let r = try readFixture("extensions.gpx")
        let p = r.document.allTrackpoints
        #expect(p.count == 6)
        #expect(p[0].extras == TrackpointExtras(heartRate: 142, cadence: 88, airTemperature: 21.5, waterTemperature: 12))
        #expect(p[1].extras == TrackpointExtras(speed: 1.5, course: 270, heartRate: 150))  // v2 as ns3:
        #expect(p[2].extras == TrackpointExtras(heartRate: 120, cadence: 60, airTemperature: -3.5))  // Cluetrust
        #expect(p[3].extras == nil)        // another namespace's hr; GPX names inside extensions
        #expect(p[3].elevation == 10)
        #expect(p[3].time == nil)
        #expect(p[4].extras == nil)        // prefix gpxtpx bound to another namespace
        #expect(p[5].extras == nil)        // Garmin hr outside <extensions>
        #expect(r.warnings.isEmpty)
    }

    @Test func fileWithoutNamespace() throws {
        let d = try readFixture("no-namespace.gpx").document
        #expect(d.version == "1.1" && d.creator == "Xcode")
        #expect(d.waypoints.map(\.coordinate) == [Coordinate(latitude: 51.197953, longitude: 6.679844),
                                                  Coordinate(latitude: 51.195846, longitude: 6.688206)])
        #expect(d.waypoints.first?.name == "A")
    }

    @Test func concatenatedDocumentsKeepTheFirst() throws {
        let r = try readFixture("concatenated.gpx")
        #expect(r.document.creator == "first")
        #expect(r.document.allTrackpoints.map(\.coordinate) == [Coordinate(latitude: 1, longitude: 1)])
        #expect(r.warnings == [GPXWarning(line: 5, message: "extra content after the end of the GPX document (line 5) was ignored")])
    }

    @Test func emptyTracksSegmentsAndRoutesAreKept() throws {
        let r = try readFixture("segments.gpx")
        let d = r.document
        #expect(d.tracks.count == 2)
        #expect(d.tracks[0].name == "empty track" && d.tracks[0].segments.isEmpty)
        #expect(d.tracks[1].segments.map(\.points.count) == [0, 1, 2, 0])
        #expect(d.routes.count == 1 && d.routes[0].points.isEmpty)
        #expect(r.warnings.count == 1)
    }

    /// Text and attribute values split across chunk boundaries: feeding 1 to 13 bytes at a time
    /// gives the same document as one read.
    @Test(arguments: [1, 2, 3, 7, 13])
    func tinyChunksGiveTheSameDocument(chunk: Int) throws {
        for name in ["gpx11-metadata.gpx", "extensions.gpx", "latin1.gpx", "bom.gpx", "times.gpx"] {
            let data = try Data(contentsOf: TestPaths.fixture(name))
            let whole = try GPXReader.read(data: data, fileName: name)
            let parser = GPXPushParser(fileName: name)
            try data.withUnsafeBytes { all in
                var i = 0
                while i < all.count {
                    _ = try parser.feed(UnsafeRawBufferPointer(rebasing: all[i..<min(i + chunk, all.count)]))
                    i += chunk
                }
            }
            let pieces = try parser.finish()
            #expect(pieces.document == whole.document, "\(name)")
            #expect(pieces.warnings == whole.warnings, "\(name)")
        }
    }

    @Test func warningsAreCappedAndCounted() throws {
        var text = "<gpx version=\"1.1\" creator=\"w\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg>\n"
        for _ in 0..<250 { text += "<trkpt lat=\"100\" lon=\"0\"/>\n" }
        text += "</trkseg></trk></gpx>\n"
        let r = try GPXReader.read(data: Data(text.utf8), fileName: "many.gpx")
        #expect(r.warnings.count == GPXReader.maximumWarnings)
        #expect(r.omittedWarningCount == 250 - GPXReader.maximumWarnings)
        #expect(r.document.tracks[0].segments[0].points.isEmpty)
    }
}

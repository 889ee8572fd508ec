import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// GeoJSON output parsed back with Foundation's JSONSerialization (an independent parser) and
/// checked against the GPX it came from.
@Suite struct GeoJSONWriterTests {
    func json(_ doc: GPXDocument) throws -> [String: Any] {
        let data = try GeoJSONWriter().data(for: doc)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func features(_ doc: GPXDocument) throws -> [[String: Any]] {
        let root = try json(doc)
        #expect(root["type"] as? String == "FeatureCollection")
        return try #require(root["features"] as? [[String: Any]])
    }

    /// Positions are [lon, lat, ele], rounded to 7 and 2 decimals.
    func expectPosition(_ value: Any?, _ p: Trackpoint, sourceLocation: SourceLocation = #_sourceLocation) {
        guard let pos = value as? [Double] else {
            Issue.record("not a position: \(String(describing: value))", sourceLocation: sourceLocation)
            return
        }
        #expect(abs(pos[0] - p.longitude) <= 0.5e-7 + 1e-12, sourceLocation: sourceLocation)
        #expect(abs(pos[1] - p.latitude) <= 0.5e-7 + 1e-12, sourceLocation: sourceLocation)
        if let e = p.elevation {
            #expect(pos.count == 3, sourceLocation: sourceLocation)
            if pos.count == 3 { #expect(abs(pos[2] - e) <= 0.05 + 1e-9, sourceLocation: sourceLocation) }
        } else {
            #expect(pos.count == 2, sourceLocation: sourceLocation)
        }
    }

    @Test func multiTrackSampleGivesOneLineStringPerTrack() throws {
        let doc = try GPXReader.read(url: TestPaths.samples.appendingPathComponent("togeojson-multitrackgpx.gpx")).document
        let fs = try features(doc)
        #expect(fs.count == 3)
        for (f, track) in zip(fs, doc.tracks) {
            #expect(f["type"] as? String == "Feature")
            let props = try #require(f["properties"] as? [String: Any])
            #expect(props["kind"] as? String == "track")
            #expect(props["name"] as? String == track.name)
            let first = try #require(track.segments.first?.points.first)
            #expect(props["time"] as? String == ISO8601Timestamp.format(first.time!))
            let geometry = try #require(f["geometry"] as? [String: Any])
            #expect(geometry["type"] as? String == "LineString")
            let coords = try #require(geometry["coordinates"] as? [Any])
            #expect(coords.count == track.pointCount)
            for (c, p) in zip(coords, track.segments[0].points) { expectPosition(c, p) }
        }
    }

    @Test func twoSegmentsGiveAMultiLineString() throws {
        let doc = try GPXReader.read(url: TestPaths.samples.appendingPathComponent("georust-gpx-garmin_with_extensions.gpx")).document
        let f = try #require(try features(doc).first)
        let geometry = try #require(f["geometry"] as? [String: Any])
        #expect(geometry["type"] as? String == "MultiLineString")
        let lines = try #require(geometry["coordinates"] as? [[Any]])
        #expect(lines.map(\.count) == doc.tracks[0].segments.map(\.points.count))
        expectPosition(lines[1].last, doc.tracks[0].segments[1].points.last!)
    }

    @Test func routeAndWaypoints() throws {
        let doc = try readFixture("gpx10-metadata.gpx").document
        let fs = try features(doc)
        #expect(fs.map { ($0["properties"] as? [String: Any])?["kind"] as? String } == ["track", "route", "waypoint"])
        let route = try #require(fs[1]["geometry"] as? [String: Any])
        #expect(route["type"] as? String == "LineString")
        #expect((route["coordinates"] as? [[Double]])?.allSatisfy { $0.count == 2 } == true)  // no ele in the route
        let wpt = fs[2]
        let props = try #require(wpt["properties"] as? [String: Any])
        #expect(props["name"] as? String == "Summit")
        #expect(props["desc"] as? String == "top")
        #expect(props["cmt"] as? String == "cairn")
        #expect(props["sym"] as? String == "Summit")
        #expect(props["type"] as? String == "peak")
        let point = try #require(wpt["geometry"] as? [String: Any])
        #expect(point["type"] as? String == "Point")
        expectPosition(point["coordinates"], Trackpoint(latitude: 46.2, longitude: 13.5, elevation: 2057))
    }

    /// Mixed elevations: the geometry drops to 2D rather than mixing position lengths.
    @Test func partlyMissingElevationGives2D() throws {
        let doc = GPXDocument(tracks: [Track(segments: [TrackSegment(points: [
            Trackpoint(latitude: 1, longitude: 2, elevation: 100), Trackpoint(latitude: 1.1, longitude: 2.1),
        ])])])
        let g = try #require(try features(doc).first?["geometry"] as? [String: Any])
        #expect(g["coordinates"] as? [[Double]] == [[2, 1], [2.1, 1.1]])
    }

    @Test func degenerateTracks() throws {
        let doc = try readFixture("segments.gpx").document
        let fs = try features(doc)
        #expect(fs.count == 3)  // two tracks, one route
        #expect(fs[0]["geometry"] is NSNull)  // no points at all
        let g = try #require(fs[1]["geometry"] as? [String: Any])
        #expect(g["type"] as? String == "LineString")  // the 2-point segment; the 1-point one cannot be a line
        #expect((g["coordinates"] as? [Any])?.count == 2)
        #expect(fs[2]["geometry"] is NSNull)  // the empty route
        let single = GPXDocument(tracks: [Track(segments: [TrackSegment(points: [Trackpoint(latitude: 5, longitude: 6)])])])
        let p = try #require(try features(single).first?["geometry"] as? [String: Any])
        #expect(p["type"] as? String == "Point")
        #expect(p["coordinates"] as? [Double] == [6, 5])
    }

    @Test func stringsAreEscaped() throws {
        let name = "Quote \" backslash \\ slash / tab \t newline \n bell \u{7} é ⛰️"
        let doc = GPXDocument(waypoints: [Waypoint(latitude: 0, longitude: 0, name: name)])
        let props = try #require(try features(doc).first?["properties"] as? [String: Any])
        #expect(props["name"] as? String == name)
    }

    @Test func precisionIsConfigurable() throws {
        let doc = GPXDocument(waypoints: [Waypoint(latitude: 42.123456789, longitude: 1.987654321, elevation: 2345.678)])
        let text = try GeoJSONWriter(coordinateDecimals: 5, elevationDecimals: 0).string(for: doc)
        #expect(text.contains("[1.98765,42.12346,2346]"))
        let defaults = try GeoJSONWriter().string(for: doc)
        #expect(defaults.contains("[1.9876543,42.1234568,2345.7]"))
    }

    @Test func invalidPositionThrows() {
        let doc = GPXDocument(waypoints: [Waypoint(latitude: .nan, longitude: 0)])
        #expect(throws: GPXWriteError.self) { try GeoJSONWriter().data(for: doc) }
    }
}

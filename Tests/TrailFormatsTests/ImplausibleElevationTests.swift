import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// One elevation rule for every reader (``PlausibleElevation``): heights outside -500…9000 m
/// (below the Dead Sea shore, above Everest) are dropped from the point, the position kept, with
/// one warning that counts them and names the first.
@Suite struct ImplausibleElevationTests {
    func read(_ text: String, _ name: String) throws -> GPXReadResult {
        try TrackFileReader.read(data: Data(text.utf8), fileName: name)
    }

    func elevationWarnings(_ r: GPXReadResult) -> [GPXWarning] {
        r.warnings.filter { $0.message.contains("outside -500…9000 m") }
    }

    /// The tester's file: two points with impossible positions (rejected by the reader), two
    /// with impossible heights (kept without elevation).
    @Test func geoJSONHugeElevationsAreDropped() throws {
        let r = try read(#"{"type":"LineString","coordinates":[[1e308,46.0],[7.001,1e308],[7.002,46.0015,1e308],[7.003,46.002,-1e308]]}"#,
                         "g3.geojson")
        let points = r.document.allTrackpoints
        #expect(points.map(\.longitude) == [7.002, 7.003])
        #expect(points.allSatisfy { $0.elevation == nil })
        let w = elevationWarnings(r)
        #expect(w.count == 1)
        #expect(w.first?.message.hasPrefix("2 elevations") == true)
        let s = StatisticsCalculator().statistics(for: try #require(r.document.tracks.first))
        #expect((s.elevationLoss ?? 0).isFinite && (s.elevationGain ?? 0).isFinite && s.maxElevation == nil)
    }

    @Test func gpxElevationsAboveEverestAndSentinelsAreDropped() throws {
        let gpx = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="46" lon="7"><ele>1e308</ele></trkpt>
        <trkpt lat="46.001" lon="7"><ele>100000</ele></trkpt>
        <trkpt lat="46.002" lon="7"><ele>8848.9</ele></trkpt>
        <trkpt lat="46.003" lon="7"><ele>-430.5</ele></trkpt>
        <trkpt lat="46.004" lon="7"><ele>-1e308</ele></trkpt>
        </trkseg></trk></gpx>
        """
        let r = try read(gpx, "e.gpx")
        #expect(r.document.allTrackpoints.map(\.elevation) == [nil, nil, 8848.9, -430.5, nil])
        let w = elevationWarnings(r)
        #expect(w.count == 1)
        #expect(w.first?.line == 3)
        #expect(w.first?.message.hasPrefix("3 elevations") == true)
        #expect(w.first?.message.contains("line 3") == true)
    }

    @Test func kmlAltitudesAreCheckedToo() throws {
        let kml = """
        <?xml version="1.0"?>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Placemark><LineString>
        <coordinates>7,46,100000 7.001,46.001,500 7.002,46.002,9000.5</coordinates>
        </LineString></Placemark></kml>
        """
        let r = try read(kml, "a.kml")
        #expect(r.document.allTrackpoints.map(\.elevation) == [nil, 500, nil])
        #expect(elevationWarnings(r).count == 1)
        #expect(elevationWarnings(r).first?.message.hasPrefix("2 elevations") == true)
    }

    @Test func plausibleElevationsAreUntouched() throws {
        let r = try read(#"{"type":"LineString","coordinates":[[7,46,-500],[7.001,46.001,9000]]}"#, "ok.geojson")
        #expect(r.document.allTrackpoints.map(\.elevation) == [-500, 9000])
        #expect(elevationWarnings(r).isEmpty)
    }
}

import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Expected contents of the real files, copied from the tables of ../shared/data/SOURCES.md
/// (counted there independently of this code, element by element). `ele` and `time` count points
/// (trkpt + rtept + wpt) whose value is non-empty; `bbox` covers every point, rounded to 4
/// decimals as in the table.
struct ExpectedFile: Sendable, CustomTestStringConvertible {
    let name: String
    let version: String
    let tracks: Int, segments: Int, trackpoints: Int
    let routes: Int, routepoints: Int
    let waypoints: Int
    let ele: Int, time: Int
    let bbox: (Double, Double, Double, Double)
    var testDescription: String { name }
}

/// gpxpy-Mojstrovka: the table counts 184 non-empty `<time>`; all 184 are the 1901-12-13T20:45:52
/// no-data value (`grep -c '<time>1901-12-13T20:45:52'` = 184), which the reader treats as
/// missing (DECISIONS.md), hence 0.
let expectedFiles: [ExpectedFile] = [
    .init(name: "GPSTools-Jonsdorfer-Felsenstadt.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 316, routes: 0, routepoints: 0, waypoints: 0, ele: 316, time: 316, bbox: (50.8407, 14.6785, 50.8558, 14.7056)),
    .init(name: "GPSTools-Mount_Rainier_Summit-Camp_Muir-Skyline_Trail.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 497, routes: 0, routepoints: 0, waypoints: 0, ele: 0, time: 0, bbox: (46.7844, -121.7576, 46.8522, -121.7157)),
    .init(name: "GPSTools-Oybin.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 442, routes: 0, routepoints: 0, waypoints: 0, ele: 442, time: 442, bbox: (50.8322, 14.7390, 50.8613, 14.7683)),
    .init(name: "OpenHikes-ThumseeLoopFast.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 330, routes: 0, routepoints: 0, waypoints: 0, ele: 330, time: 330, bbox: (47.7171, 12.7987, 47.7273, 12.8359)),
    .init(name: "georust-gpx-ecology-trail-and-lovers-lane-loop.gpx", version: "1.1", tracks: 0, segments: 0, trackpoints: 0, routes: 1, routepoints: 139, waypoints: 0, ele: 139, time: 0, bbox: (37.7915, -122.4607, 37.7981, -122.4485)),
    .init(name: "georust-gpx-garmin-activity.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 988, routes: 1, routepoints: 0, waypoints: 0, ele: 988, time: 988, bbox: (37.2003, -121.9913, 37.2417, -121.9688)),
    .init(name: "georust-gpx-garmin_with_extensions.gpx", version: "1.1", tracks: 1, segments: 2, trackpoints: 3540, routes: 0, routepoints: 0, waypoints: 0, ele: 3540, time: 3540, bbox: (47.4837, 10.9645, 47.5106, 11.0158)),
    .init(name: "georust-gpx-mousehole_to_paul.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 111, routes: 0, routepoints: 0, waypoints: 2, ele: 0, time: 0, bbox: (50.0835, -5.5468, 50.0898, -5.5391)),
    .init(name: "georust-gpx-outdooractive-export.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 9, routes: 0, routepoints: 0, waypoints: 0, ele: 9, time: 0, bbox: (-3.2195, 37.2386, -3.0668, 37.3782)),
    .init(name: "georust-gpx-strava_route_example.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 113, routes: 0, routepoints: 0, waypoints: 0, ele: 113, time: 0, bbox: (47.6188, -122.3417, 47.6401, -122.3371)),
    .init(name: "gpxgo-iso8859-1encoded.gpx", version: "1.0", tracks: 0, segments: 0, trackpoints: 0, routes: 0, routepoints: 0, waypoints: 8, ele: 0, time: 8, bbox: (44.2522, 20.5403, 44.2805, 20.6775)),
    .init(name: "gpxgo-visnjan.gpx", version: "1.0", tracks: 1, segments: 1, trackpoints: 413, routes: 0, routepoints: 0, waypoints: 2, ele: 413, time: 413, bbox: (45.2713, 13.7139, 45.2792, 13.7293)),
    .init(name: "gpxplotter-example1.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 3181, routes: 0, routepoints: 0, waypoints: 0, ele: 3181, time: 3181, bbox: (63.1732, 9.1409, 63.2084, 9.1741)),
    .init(name: "gpxpy-Mojstrovka.gpx", version: "1.0", tracks: 1, segments: 1, trackpoints: 184, routes: 0, routepoints: 0, waypoints: 0, ele: 184, time: 0, bbox: (46.4303, 13.7388, 46.4356, 13.7483)),
    .init(name: "gpxpy-cerknicko-jezero.gpx", version: "1.0", tracks: 8, segments: 8, trackpoints: 296, routes: 0, routepoints: 0, waypoints: 7, ele: 302, time: 297, bbox: (45.7352, 14.2886, 45.7953, 14.3775)),
    .init(name: "gpxpy-korita-zbevnica.gpx", version: "1.0", tracks: 4, segments: 4, trackpoints: 871, routes: 0, routepoints: 0, waypoints: 2, ele: 871, time: 513, bbox: (45.3678, 14.0040, 45.4631, 14.1680)),
    .init(name: "gpxpy-unicode.gpx", version: "1.0", tracks: 0, segments: 0, trackpoints: 0, routes: 0, routepoints: 0, waypoints: 6, ele: 6, time: 0, bbox: (45.7352, 14.2886, 45.7953, 14.3775)),
    .init(name: "graphhopper-andorra_for_map_matching.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 21, routes: 0, routepoints: 0, waypoints: 0, ele: 21, time: 0, bbox: (42.6213, 1.5329, 42.6236, 1.5401)),
    .init(name: "graphhopper-test1.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 264, routes: 1, routepoints: 34, waypoints: 0, ele: 0, time: 264, bbox: (51.3234, 12.3382, 51.3777, 12.3885)),
    .init(name: "togeojson-blue_hills.gpx", version: "1.0", tracks: 3, segments: 14, trackpoints: 1243, routes: 0, routepoints: 0, waypoints: 46, ele: 1284, time: 1285, bbox: (42.2044, -71.1236, 42.2283, -71.0696)),
    .init(name: "togeojson-empty_ele.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 2, routes: 0, routepoints: 0, waypoints: 0, ele: 0, time: 2, bbox: (38.8921, -77.0106, 38.8921, -77.0106)),
    .init(name: "togeojson-missing_hr.gpx", version: "1.1", tracks: 1, segments: 3, trackpoints: 16, routes: 0, routepoints: 0, waypoints: 0, ele: 16, time: 16, bbox: (47.8724, 13.8154, 47.8729, 13.8155)),
    .init(name: "togeojson-multitrackgpx.gpx", version: "1.1", tracks: 3, segments: 3, trackpoints: 5235, routes: 0, routepoints: 0, waypoints: 0, ele: 5235, time: 5235, bbox: (48.2636, 8.0466, 48.3935, 8.2227)),
    .init(name: "togeojson-osm.gpx", version: "1.0", tracks: 3, segments: 3, trackpoints: 5000, routes: 0, routepoints: 0, waypoints: 0, ele: 0, time: 2395, bbox: (38.8910, -77.0141, 38.9081, -77.0028)),
    .init(name: "togeojson-run_gpxtpx.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 1118, routes: 0, routepoints: 0, waypoints: 0, ele: 1118, time: 1118, bbox: (37.7831, -122.4172, 37.7927, -122.4071)),
    .init(name: "togeojson-style.gpx", version: "1.1", tracks: 21, segments: 21, trackpoints: 362, routes: 0, routepoints: 0, waypoints: 0, ele: 0, time: 0, bbox: (38.8890, -106.4684, 39.0432, -106.1490)),
    .init(name: "togeojson-trek.gpx", version: "1.0", tracks: 0, segments: 0, trackpoints: 0, routes: 1, routepoints: 120, waypoints: 0, ele: 120, time: 0, bbox: (44.8925, 6.0549, 44.9078, 6.0806)),
    .init(name: "togeojson-wpt.gpx", version: "1.1", tracks: 0, segments: 0, trackpoints: 0, routes: 0, routepoints: 0, waypoints: 40, ele: 0, time: 0, bbox: (51.1685, 6.6716, 51.2311, 6.7939)),
]

/// The unlicensed Andorra files (read from ../shared/data at run time only; never copied).
/// picos_y_refugios: the table counts 40 non-empty `<ele>`; three of them are the -9999
/// sentinel, which the reader treats as missing (DECISIONS.md), hence 37.
let expectedUnlicensedFiles: [ExpectedFile] = [
    .init(name: "adrutas-170708_b.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 1466, routes: 0, routepoints: 0, waypoints: 0, ele: 1466, time: 1466, bbox: (42.5795, 1.4422, 42.6016, 1.4795)),
    .init(name: "adrutas-180428_a1.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 500, routes: 0, routepoints: 0, waypoints: 0, ele: 500, time: 500, bbox: (42.5445, 1.5154, 42.5949, 1.5752)),
    .init(name: "adrutas-180429_a2.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 500, routes: 0, routepoints: 0, waypoints: 0, ele: 500, time: 500, bbox: (42.5748, 1.6634, 42.6022, 1.7110)),
    .init(name: "adrutas-180429_b.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 404, routes: 0, routepoints: 0, waypoints: 0, ele: 404, time: 404, bbox: (42.5543, 1.5912, 42.5783, 1.6629)),
    .init(name: "adrutas-180430_a.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 500, routes: 0, routepoints: 0, waypoints: 0, ele: 500, time: 500, bbox: (42.5089, 1.6584, 42.5766, 1.6963)),
    .init(name: "adrutas-180430_b.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 500, routes: 0, routepoints: 0, waypoints: 0, ele: 500, time: 500, bbox: (42.5189, 1.6631, 42.5766, 1.6963)),
    .init(name: "adrutas-180501_a.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 281, routes: 0, routepoints: 0, waypoints: 0, ele: 281, time: 281, bbox: (42.5795, 1.4620, 42.6089, 1.5283)),
    .init(name: "adrutas-180502.gpx", version: "1.1", tracks: 1, segments: 1, trackpoints: 217, routes: 0, routepoints: 0, waypoints: 0, ele: 217, time: 217, bbox: (42.5045, 1.4551, 42.5308, 1.5054)),
    .init(name: "adrutas-picos_y_refugios.gpx", version: "1.1", tracks: 0, segments: 0, trackpoints: 0, routes: 0, routepoints: 0, waypoints: 40, ele: 37, time: 39, bbox: (42.5918, 1.1761, 42.7279, 1.4436)),
]

func check(_ expected: ExpectedFile, in folder: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
    guard let data = TestPaths.sharedData() else { return }
    let url = data.appendingPathComponent(folder).appendingPathComponent(expected.name)
    let result = try GPXReader.read(url: url)
    let d = result.document
    #expect(d.version == expected.version, sourceLocation: sourceLocation)
    #expect(d.tracks.count == expected.tracks, sourceLocation: sourceLocation)
    #expect(d.tracks.map(\.segments.count).reduce(0, +) == expected.segments, sourceLocation: sourceLocation)
    #expect(d.tracks.map(\.pointCount).reduce(0, +) == expected.trackpoints, sourceLocation: sourceLocation)
    #expect(d.routes.count == expected.routes, sourceLocation: sourceLocation)
    #expect(d.routes.map(\.points.count).reduce(0, +) == expected.routepoints, sourceLocation: sourceLocation)
    #expect(d.waypoints.count == expected.waypoints, sourceLocation: sourceLocation)
    let points = d.allTrackpoints + d.routes.flatMap(\.points)
    let ele = points.filter { $0.elevation != nil }.count + d.waypoints.filter { $0.elevation != nil }.count
    let time = points.filter { $0.time != nil }.count + d.waypoints.filter { $0.time != nil }.count
    #expect(ele == expected.ele, sourceLocation: sourceLocation)
    #expect(time == expected.time, sourceLocation: sourceLocation)
    let box = BoundingBox(covering: points.map(\.coordinate) + d.waypoints.map(\.coordinate))
    #expect(box != nil, sourceLocation: sourceLocation)
    if let box {
        let (minLat, minLon, maxLat, maxLon) = expected.bbox
        for (got, want) in [(box.minLatitude, minLat), (box.minLongitude, minLon),
                            (box.maxLatitude, maxLat), (box.maxLongitude, maxLon)] {
            #expect(abs(got - want) <= 0.00005 + 1e-9, "bbox \(got) vs \(want)", sourceLocation: sourceLocation)
        }
    }
}

@Suite struct GPXReaderRealFilesTests {
    @Test(arguments: expectedFiles)
    func licensedFileReadsWithTheCountsOfSourcesMD(_ expected: ExpectedFile) throws {
        try check(expected, in: "gpx")
    }

    @Test(arguments: expectedUnlicensedFiles)
    func unlicensedFileReadsWithTheCountsOfSourcesMD(_ expected: ExpectedFile) throws {
        try check(expected, in: "gpx-unlicensed")
    }

    /// Every file in the two folders has a row above, so a new file cannot go untested.
    @Test func everySharedFileIsInTheTable() throws {
        guard let data = TestPaths.sharedData() else { return }
        let fm = FileManager.default
        let licensed = try fm.contentsOfDirectory(atPath: data.appendingPathComponent("gpx").path)
        let unlicensed = try fm.contentsOfDirectory(atPath: data.appendingPathComponent("gpx-unlicensed").path)
        #expect(Set(licensed.filter { $0.hasSuffix(".gpx") }) == Set(expectedFiles.map(\.name)))
        #expect(Set(unlicensed.filter { $0.hasSuffix(".gpx") }) == Set(expectedUnlicensedFiles.map(\.name)))
    }

    /// Two GPX documents concatenated: the first is read, the rest ignored with a warning naming
    /// the line where the second starts (5890, found with `grep -n '<?xml'`).
    @Test func concatenatedAndorraFileKeepsTheFirstDocument() throws {
        guard let data = TestPaths.sharedData() else { return }
        let r = try GPXReader.read(url: data.appendingPathComponent("gpx-unlicensed/adrutas-170708_b.gpx"))
        #expect(r.warnings.count == 1)
        #expect(r.warnings.first?.line == 5890)
        #expect(r.warnings.first?.message.contains("extra content after the end of the GPX document (line 5890)") == true)
    }

    /// `-9999.0` sentinels (lines 17, 94, 108 of the file, by `grep -n`, all waypoints) are
    /// missing, with one warning counting them (``PlausibleElevation``).
    @Test func sentinelElevationsAreMissing() throws {
        guard let data = TestPaths.sharedData() else { return }
        let r = try GPXReader.read(url: data.appendingPathComponent("gpx-unlicensed/adrutas-picos_y_refugios.gpx"))
        #expect(r.warnings.count == 1)
        #expect(r.warnings.first?.message.hasPrefix("3 elevations") == true)
        #expect(r.document.waypoints.allSatisfy { ($0.elevation ?? 0) > -1000 })
    }

    /// Values checked against the file text by eye: Garmin Connect's 30-digit coordinates and
    /// `ns3:` heart rate/temperature (first trkpt of gpxplotter-example1.gpx).
    @Test func garminConnectFirstPoint() throws {
        guard let data = TestPaths.sharedData() else { return }
        let r = try GPXReader.read(url: data.appendingPathComponent("gpx/gpxplotter-example1.gpx"))
        let p = try #require(r.document.allTrackpoints.first)
        #expect(p.latitude == 63.20832534693181514739990234375)
        #expect(p.longitude == 9.1734714992344379425048828125)
        #expect(p.elevation == 237.1999969482421875)
        let extras = try #require(p.extras)
        let text = try String(contentsOf: data.appendingPathComponent("gpx/gpxplotter-example1.gpx"), encoding: .utf8)
        let firstHR = try #require(text.firstMatch(of: /<ns3:hr>(\d+)<\/ns3:hr>/)).1
        let firstTemp = try #require(text.firstMatch(of: /<ns3:atemp>([-\d.]+)<\/ns3:atemp>/)).1
        #expect(extras.heartRate == Double(firstHR))
        #expect(extras.airTemperature == Double(firstTemp))
    }

    /// ISO-8859-1 file of gpxgo: its bytes are decoded (OziExplorer writes Latin-1).
    @Test func isoLatin1FileFromGpxgo() throws {
        guard let data = TestPaths.sharedData() else { return }
        let r = try GPXReader.read(url: data.appendingPathComponent("gpx/gpxgo-iso8859-1encoded.gpx"))
        #expect(r.document.creator == "OziExplorer Version 3954q - http://www.oziexplorer.com")
        #expect(r.document.metadata.bounds == BoundingBox(minLatitude: 44.252050, minLongitude: 20.545637,
                                                          maxLatitude: 44.280432, maxLongitude: 20.682845))
        // 2013-07-29T23:40:30.453Z: 1375141230 s since 1970 (date -u -d) plus 0.453 s.
        #expect(abs(r.document.waypoints.first!.time!.timeIntervalSince1970 - 1_375_141_230.453) < 1e-6)
    }

    /// Sensor values per file, counted with `grep -o '<ns3:hr>'` etc. on the files.
    @Test(arguments: [
        ("georust-gpx-garmin-activity.gpx", 988, 988, 0),
        ("gpxplotter-example1.gpx", 3181, 0, 3181),
        ("togeojson-missing_hr.gpx", 9, 0, 0),
        ("togeojson-run_gpxtpx.gpx", 1118, 0, 0),
    ])
    func garminSensorValuesAreRead(name: String, hr: Int, cad: Int, atemp: Int) throws {
        guard let data = TestPaths.sharedData() else { return }
        let points = try GPXReader.read(url: data.appendingPathComponent("gpx/" + name)).document.allTrackpoints
        #expect(points.filter { $0.extras?.heartRate != nil }.count == hr)
        #expect(points.filter { $0.extras?.cadence != nil }.count == cad)
        #expect(points.filter { $0.extras?.airTemperature != nil }.count == atemp)
    }

    /// Equal sensor values share one extras object: the distinct (hr, cad, atemp) text
    /// combinations per file, counted with a regular expression over the trkpt elements.
    @Test(arguments: [("gpxplotter-example1.gpx", 399), ("georust-gpx-garmin-activity.gpx", 202),
                      ("togeojson-run_gpxtpx.gpx", 62)])
    func equalExtrasAreShared(name: String, distinct: Int) throws {
        guard let data = TestPaths.sharedData() else { return }
        let points = try GPXReader.read(url: data.appendingPathComponent("gpx/" + name)).document.allTrackpoints
        #expect(Set(points.compactMap { $0.extras.map(ObjectIdentifier.init) }).count == distinct)
    }
}

import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Salvage warnings in correct grammar, waypoints not counted as points.
@Suite struct SalvageWordingTests {
    @Test func keptCountsAreWordedRight() {
        #expect(keptBeforeFault(points: 1, waypoints: 0) == "the 1 complete point before it was kept")
        #expect(keptBeforeFault(points: 3, waypoints: 2) == "the 3 complete points and 2 waypoints before it were kept")
        #expect(keptBeforeFault(points: 0, waypoints: 1) == "the 1 waypoint before it was kept")
    }

    /// A KML cut after two placemarks: one point, one waypoint, each named so.
    @Test func cutKMLCountsWaypointsAsWaypoints() throws {
        let kml = """
        <?xml version="1.0"?>
        <kml xmlns="http://www.opengis.net/kml/2.2"><Document>
        <Placemark><name>hut</name><Point><coordinates>7,46</coordinates></Point></Placemark>
        <Placemark><name>hut 2</name><Point><coordinates>7.1,46</coordinates></Point></Placemark>
        <Placemark><LineString><coordinates>7,46
        """
        let r = try TrackFileReader.read(data: Data(kml.utf8), fileName: "cut.kml")
        let stop = try #require(r.warnings.last)
        #expect(stop.message.contains("the 2 waypoints before it were kept"), "\(stop.message)")
    }
}

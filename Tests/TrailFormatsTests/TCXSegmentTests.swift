import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// TCX: a second `Track` inside a `Lap` is a pause, so a new segment; a new `Lap` is not.
@Suite struct TCXSegmentTests {
    func point(_ lat: Double, _ ele: Double, _ t: Double) -> Trackpoint {
        Trackpoint(latitude: lat, longitude: 7, elevation: ele, time: Date(timeIntervalSince1970: 1_700_000_000 + t))
    }

    /// Two segments with an hour's pause and a climb across the gap: the export writes two
    /// `<Track>`s, the re-import must give the same two segments (points, times, heights).
    @Test func exportedSegmentsSurviveTheRoundTrip() throws {
        let first = [point(46.000, 1000, 0), point(46.001, 1010, 60), point(46.002, 1020, 120)]
        let second = [point(46.010, 1500, 3720), point(46.011, 1490, 3780)]
        var doc = GPXDocument()
        doc.tracks = [Track(name: "two parts", type: "hiking",
                            segments: [TrackSegment(points: first), TrackSegment(points: second)])]
        let data = try TCXWriter().data(for: doc)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.components(separatedBy: "<Track>").count - 1 == 2)
        let back = try TrackFileReader.read(data: data, fileName: "two.tcx").document
        let segments = try #require(back.tracks.first).segments
        #expect(segments.map(\.points.count) == [3, 2])
        #expect(segments.flatMap(\.points).map(\.elevation) == [1000, 1010, 1020, 1500, 1490])
        #expect(segments.flatMap(\.points).map { $0.time!.timeIntervalSince1970 - 1_700_000_000 } == [0, 60, 120, 3720, 3780])
    }

    /// Two laps with one `Track` each (how Garmin devices write lap splits): one segment.
    @Test func lapsWithOneTrackEachStayOneSegment() throws {
        func tp(_ lat: String, _ t: String) -> String {
            "<Trackpoint><Time>2024-05-01T10:\(t):00Z</Time><Position><LatitudeDegrees>\(lat)</LatitudeDegrees>"
                + "<LongitudeDegrees>7</LongitudeDegrees></Position></Trackpoint>"
        }
        let tcx = """
        <?xml version="1.0"?>
        <TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"><Activities>
        <Activity Sport="Running"><Id>2024-05-01T10:00:00Z</Id>
        <Lap StartTime="2024-05-01T10:00:00Z"><Track>\(tp("46.0", "00"))\(tp("46.001", "01"))</Track></Lap>
        <Lap StartTime="2024-05-01T10:02:00Z"><Track>\(tp("46.002", "02"))</Track><Track>\(tp("46.003", "10"))</Track></Lap>
        </Activity></Activities></TrainingCenterDatabase>
        """
        let back = try TrackFileReader.read(data: Data(tcx.utf8), fileName: "laps.tcx").document
        #expect(try #require(back.tracks.first).segments.map(\.points.count) == [3, 1])
    }
}

import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Newcomer 7: a GeoJSON line with only a feature-level "time" (its first point timed, the rest
/// not) showed Elapsed 0:00:00 and Moving 0:00:00. One timed point dates the hike but times
/// nothing: the durations are unknown (nil, shown "--", JSON null), the start and end are that time.
@Suite struct OneTimedPointTests {
    @Test func featureTimeAloneGivesUnknownDurations() throws {
        let json = """
        {"type":"Feature","properties":{"name":"walk","time":"2024-05-01T08:00:00Z"},
         "geometry":{"type":"LineString","coordinates":[[7.0,46.0],[7.001,46.0],[7.002,46.0]]}}
        """
        let doc = try GeoJSONReader.read(data: Data(json.utf8), fileName: "t.geojson").document
        let points = doc.tracks[0].segments[0].points
        #expect(points.map { $0.time != nil } == [true, false, false])
        let s = StatisticsCalculator().statistics(for: doc.tracks[0])
        let t = Date(timeIntervalSince1970: 1_714_550_400)  // 2024-05-01T08:00:00Z
        #expect(s.startTime == t && s.endTime == t)
        #expect(s.elapsedTime == nil && s.totalTime == nil && s.movingTime == nil)
        #expect(s.averageSpeed == nil && s.movingAverageSpeed == nil)
        #expect(s.distance > 0)
    }

    /// Two timed points still time the stretch between them (10 s), and a one-timed-point
    /// segment merged with a timed one leaves the timed one's figures.
    @Test func twoTimedPointsAreTimed() {
        let t0 = Date(timeIntervalSince1970: 1_714_550_400)
        let timed = TrackSegment(points: [Trackpoint(latitude: 46, longitude: 7, time: t0),
                                          Trackpoint(latitude: 46, longitude: 7.0001, time: t0 + 10)])
        let one = TrackSegment(points: [Trackpoint(latitude: 46, longitude: 7.001, time: t0 + 20),
                                        Trackpoint(latitude: 46, longitude: 7.002)])
        let s = StatisticsCalculator().statistics(for: Track(segments: [timed, one]))
        #expect(s.elapsedTime == 10)
        #expect(s.endTime == t0 + 20)
        // Total time, first to last timestamp: 10 s timed + the 10 s pause to the lone point.
        #expect(s.totalTime == 20)
        // Two lone timed points 5 s apart: total time 5 s, elapsed (inside segments) unknown.
        let a = TrackSegment(points: [Trackpoint(latitude: 46, longitude: 7, time: t0), Trackpoint(latitude: 46, longitude: 7.001)])
        let b = TrackSegment(points: [Trackpoint(latitude: 46, longitude: 7.002, time: t0 + 5)])
        let two = StatisticsCalculator().statistics(for: Track(segments: [a, b]))
        #expect(two.totalTime == 5 && two.elapsedTime == nil)
    }
}

import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Newcomer 7: a TCX export wrote one `Lap` (Calories 0) whatever the device's laps were.
/// Now one `Lap` per stored lap; read back, the laps are the source file's own (start time,
/// timer time, distance, calories: laps-reference.json, from python-fitparse and xml.etree,
/// see make-laps-reference.py), and the line is the same points in the same segments.
@Suite struct TCXLapExportTests {
    static let reference = TrackFileLapTests.reference

    /// Reads `url`, writes its first track as TCX, reads that back.
    func roundTrip(_ url: URL) throws -> (source: Track, back: Track, tcx: String) {
        let source = try TrackFileReader.read(url: url).document
        var doc = source
        doc.tracks = [source.tracks[0]]
        let bytes = try TCXWriter().data(for: doc)
        let back = try TCXReader.read(data: bytes, fileName: "back.tcx").document
        return (source.tracks[0], back.tracks[0], String(decoding: bytes, as: UTF8.self))
    }

    func expectLaps(_ laps: [TrackLap], _ refs: [TrackFileLapTests.Lap], _ what: String) {
        #expect(laps.count == refs.count, "\(what): \(laps.count) laps vs \(refs.count)")
        for (i, (lap, ref)) in zip(laps, refs).enumerated() {
            #expect(lap.startTime?.timeIntervalSince1970 == ref.start, "\(what) lap \(i + 1) start")
            // Written to the last digit.
            if let t = ref.timer { #expect(abs((lap.timerTime ?? -1) - t) <= 1e-9, "\(what) lap \(i + 1) timer \(String(describing: lap.timerTime)) vs \(t)") }
            if let d = ref.distance { #expect(abs((lap.distance ?? -1) - d) <= 1e-9, "\(what) lap \(i + 1) distance \(String(describing: lap.distance)) vs \(d)") }
            #expect(lap.calories == (ref.calories ?? 0), "\(what) lap \(i + 1) calories \(String(describing: lap.calories)) vs \(String(describing: ref.calories))")
        }
    }

    @Test func tcxLapsSurviveExport() throws {
        guard let data = TestPaths.sharedData() else { return }
        let name = "tcxparser-test.tcx"
        let (source, back, tcx) = try roundTrip(data.appendingPathComponent("tcx/" + name))
        #expect(tcx.components(separatedBy: "<Lap ").count - 1 == 3)
        expectLaps(back.laps, Self.reference.tcx[name]!, name)
        #expect(back.pointCount == source.pointCount)
        #expect(back.segments.count == source.segments.count)
        #expect(back.segments.flatMap(\.points).map(\.time) == source.segments.flatMap(\.points).map(\.time))
    }

    @Test func fitLapsSurviveExport() throws {
        guard let data = TestPaths.sharedData() else { return }
        for name in ["fitparse-2013-02-06-12-11-14.fit", "fitparse-activity-small-fenix2-run.fit"] {
            let (source, back, _) = try roundTrip(data.appendingPathComponent("fit/" + name))
            let refs = Self.reference.fit[name]!
            #expect(!refs.isEmpty)
            expectLaps(back.laps, refs, name)
            #expect(back.pointCount == source.pointCount, "\(name)")
            #expect(back.segments.count == source.segments.count, "\(name)")
        }
    }

    /// Laps without stored figures: each lap's distance is the geodesic length of its own points
    /// (points 0.001° apart on the equator: a·Δλ = 6378137 m × 0.001 × π/180 = 111.3195 m each
    /// step), its timer time the span to the next lap; a segment break inside a lap is a second
    /// `Track`, read back as a second segment; points before the first lap go to the first.
    @Test func lapsWithoutFiguresAreComputed() throws {
        let t0 = Date(timeIntervalSince1970: 1_700_000_000)
        func p(_ i: Int) -> Trackpoint { Trackpoint(latitude: 0, longitude: Double(i) * 0.001, time: t0 + Double(i) * 10) }
        // Segment 1: points 0...5; segment 2: points 7...9. Laps start at points 1 and 4.
        let track = Track(segments: [TrackSegment(points: (0...5).map(p)), TrackSegment(points: (7...9).map(p))],
                          laps: [TrackLap(startTime: t0 + 10), TrackLap(startTime: t0 + 40)])
        let plans = TCXWriter.lapPlans(track)
        let step = 6_378_137 * 0.001 * Double.pi / 180
        #expect(plans.count == 2)
        #expect(plans[0].tracks.map { $0.count } == [4])        // points 0-3
        #expect(plans[1].tracks.map { $0.count } == [2, 3])     // 4-5, then segment 2
        #expect(abs(plans[0].distance - 3 * step) <= 0.05)  // to 0.1 m
        #expect(abs(plans[1].distance - 4 * step) <= 0.05)       // 3→4 (into lap 2), 4→5, 7→8, 8→9; not 5→7
        #expect(plans[0].timerTime == 30)
        #expect(plans[1].timerTime == 50)
        #expect(plans[0].calories == 0)
        let bytes = try TCXWriter().data(for: GPXDocument(tracks: [track]))
        let back = try TCXReader.read(data: bytes, fileName: "x.tcx").document.tracks[0]
        #expect(back.laps.count == 2)
        #expect(back.segments.map(\.points.count) == [6, 3])
    }
}

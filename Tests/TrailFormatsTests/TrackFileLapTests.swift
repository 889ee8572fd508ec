import Foundation
import Testing
import TrailCore
@testable import TrailFormats

/// Issue 33: FIT `lap` messages and TCX `Lap` elements are kept as the track's ``TrackLap``s.
/// Expected laps: Fixtures/formats/laps-reference.json, made by make-laps-reference.py next to it
/// (python-fitparse 1.2.0 for FIT, xml.etree for TCX).
@Suite struct TrackFileLapTests {
    struct Lap: Decodable { let start: Double?; let elapsed: Double?; let timer: Double?; let distance: Double?; let calories: Double? }
    struct Reference: Decodable { let fit: [String: [Lap]]; let tcx: [String: [Lap]] }

    static let reference: Reference = {
        let url = TestPaths.fixture("formats/laps-reference.json")
        return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
    }()

    func expectSame(_ lap: TrackLap, _ ref: Lap, _ what: String) {
        #expect(lap.startTime?.timeIntervalSince1970 == ref.start, "\(what): start \(String(describing: lap.startTime))")
        func close(_ a: Double?, _ b: Double?, _ field: String) {
            switch (a, b) {
            case let (a?, b?): #expect(abs(a - b) < 1e-6, "\(what) \(field): \(a) vs \(b)")
            default: #expect(a == nil && b == nil, "\(what) \(field): \(String(describing: a)) vs \(String(describing: b))")
            }
        }
        close(lap.elapsedTime, ref.elapsed, "elapsed")
        close(lap.timerTime, ref.timer, "timer")
        close(lap.distance, ref.distance, "distance")
        close(lap.calories, ref.calories, "calories")
    }

    @Test func fitLapsAgreeWithFitparse() throws {
        guard let data = TestPaths.sharedData() else { return }
        var checked = 0
        for (name, laps) in Self.reference.fit {
            guard let result = try? TrackFileReader.read(url: data.appendingPathComponent("fit/" + name)),
                  let track = result.document.tracks.first else { continue }  // monitoring, no positions
            #expect(track.laps.count == laps.count, "\(name): \(track.laps.count) laps vs fitparse \(laps.count)")
            for (i, (lap, ref)) in zip(track.laps, laps).enumerated() { expectSame(lap, ref, "\(name) lap \(i + 1)") }
            checked += 1
        }
        #expect(checked >= 5)
    }

    @Test func tcxLapsAgreeWithTheFile() throws {
        guard let data = TestPaths.sharedData() else { return }
        for (name, laps) in Self.reference.tcx {
            let result = try TrackFileReader.read(url: data.appendingPathComponent("tcx/" + name))
            let all = result.document.tracks.flatMap(\.laps)
            #expect(all.count == laps.count, "\(name): \(all.count) laps vs \(laps.count)")
            for (i, (lap, ref)) in zip(all, laps).enumerated() { expectSame(lap, ref, "\(name) lap \(i + 1)") }
        }
    }

    /// Laps do not cut the line: the fenix 2 run's four laps stay one segment.
    @Test func lapsKeepOneSegment() throws {
        guard let data = TestPaths.sharedData() else { return }
        let result = try TrackFileReader.read(url: data.appendingPathComponent("fit/fitparse-activity-small-fenix2-run.fit"))
        #expect(result.document.tracks[0].segments.count == 1)
        #expect(result.document.tracks[0].laps.count == 4)
    }
}

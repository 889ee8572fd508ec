import Foundation
import Testing
import TrailCore
import TrailFormats
@testable import TrailStore

/// `cairn record` in-process on a fast GPX replay: the recording is an ordinary hike whose
/// numbers equal `cairn stats` of the same accepted points.
@Suite struct RecordCommandTests {
    let sample = "Samples/gpxpy-Mojstrovka.gpx"

    struct StatsFile: Decodable {
        struct T: Decodable { let statistics: TrackStatistics }
        let tracks: [T]
    }

    func decodeStats(_ json: String) throws -> TrackStatistics {
        let d = JSONDecoder()
        d.dateDecodingStrategy = .custom { decoder in
            let s = try decoder.singleValueContainer().decode(String.self)
            guard let date = ISO8601Timestamp.parse(s) else { throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: s)) }
            return date
        }
        return try #require(try d.decode([StatsFile].self, from: Data(json.utf8)).first?.tracks.first?.statistics)
    }

    @Test func replayedWalkBecomesAnOrdinaryHikeMatchingStats() throws {
        let dir = makeTempDirectory("record")
        let store = dir + "/hikes.sqlite", log = dir + "/points.log", gpx = dir + "/out.gpx"
        let run = cairn(["record", "--gps", "replay:" + sample, "--speed", "100000", "--name", "Mojstrovka live",
                         "--store", store, "--point-log", log, "--status-every", "3600"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("finished 'Mojstrovka live' as hike"))
        let hikes = try idsInInsertOrder(store)
        #expect(hikes.count == 1)
        let s = try HikeStore(path: store)
        let summary = try s.summary(hikes[0])
        #expect(summary.kind == .recorded && summary.name == "Mojstrovka live")
        // Every logged (accepted) point is stored, in order.
        let logged = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let stored = try s.tracks(of: hikes[0]).flatMap(\.segments).flatMap(\.points)
        #expect(logged.count == stored.count && stored.count > 20)
        for (line, p) in zip(logged, stored) {
            let f = line.split(separator: " ")
            #expect(Double(f[2]) == p.latitude && Double(f[3]) == p.longitude)
        }
        // Export and `cairn stats` of the file: the same distance and times as the stored hike.
        #expect(cairn(["export", hikes[0].rawValue, "-o", gpx, "--store", store]).status == 0)
        let stats = try decodeStats(cairn(["stats", "--json", gpx]).stdout)
        #expect(stats.distance == summary.statistics.distance)
        #expect(stats.pointCount == summary.statistics.pointCount)
        for (a, b) in [(stats.elapsedTime, summary.statistics.elapsedTime), (stats.movingTime, summary.statistics.movingTime)] {
            #expect(abs((a ?? -1) - (b ?? -2)) < 0.01)
        }
        // And it counts in the list like any hike.
        #expect(cairn(["list", "--store", store]).stdout.contains("Mojstrovka live"))
    }

    @Test func withoutASourceNothingIsRecordedAndItSaysWhy() {
        let dir = makeTempDirectory("record")
        let run = cairn(["record", "--store", dir + "/hikes.sqlite"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("needs --gps") && run.stderr.contains("nothing was recorded"))
        let bad = cairn(["record", "--gps", "replay:/nonexistent.gpx", "--store", dir + "/hikes.sqlite"])
        #expect(bad.status == 1 && bad.stderr.contains("no such file"))
        #expect((try? idsInInsertOrder(dir + "/hikes.sqlite"))?.isEmpty ?? true)
    }

    @Test func filterThresholdsAreOptions() {
        let dir = makeTempDirectory("record")
        let run = cairn(["record", "--gps", "replay:" + sample, "--speed", "100000", "--store", dir + "/h.sqlite",
                         "--min-distance", "50m", "--max-speed", "20km/h", "--status-every", "3600"])
        #expect(run.status == 0, "\(run.stderr)")
        // The final status line counts the 50 m spacing's rejections by name.
        #expect(run.stdout.contains("tooClose"))
        let wrong = cairn(["record", "--gps", "replay:" + sample, "--max-accuracy", "fast", "--store", dir + "/h.sqlite"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--max-accuracy needs a value such as"))
    }
}

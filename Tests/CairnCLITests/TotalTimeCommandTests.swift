import Foundation
import Testing
import TrailCore

/// The elapsed and total time rows of `cairn stats` and `cairn show` (moved here from
/// TrailStoreTests' TimeLineStatisticsTests with the other command-line tests).
@Suite struct TotalTimeCommandTests {
    /// The values of Tools/reference/stats_reference.py that these rows show.
    struct Reference: Decodable {
        struct Stats: Decodable { let elapsed: Double?, totalTime: Double? }
        struct Part: Decodable { let total: Stats }
        struct File: Decodable { let parts: [Part] }
        let files: [String: File]
    }

    /// `cairn stats` and `cairn show` label the recording's elapsed time and add the total time
    /// (first to last point) only when it differs: togeojson-missing_hr's three segments give
    /// 0:00:42 and 0:02:02 (the reference's 42 s and 122 s); a one-segment file has no total
    /// row.
    @Test func statsAndShowPrintTotalTimeWhenItDiffers() throws {
        let u = UnitFormatter(system: .metric, timeZone: TimeZone(identifier: "UTC")!)
        let single = cairn(["stats", repoRoot + "/Samples/GPSTools-Oybin.gpx", "--units", "metric"]).stdout
        #expect(single.contains("    Elapsed time (recording)  "))
        #expect(!single.contains("Total time"))
        guard let dir = sharedData("gpx") else { return }
        let url = URL(fileURLWithPath: repoRoot + "/Tests/TrailCoreTests/Fixtures/reference-stats.json")
        let reference = try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
        let r = try #require(reference.files["shared/gpx/togeojson-missing_hr.gpx"]?.parts.first?.total)
        let elapsed = u.duration(r.elapsed, style: .clock)
        let total = u.duration(r.totalTime, style: .clock)
        #expect(elapsed == "0:00:42" && total == "0:02:02")
        let file = dir + "/togeojson-missing_hr.gpx"
        let lines = cairn(["stats", file, "--units", "metric"]).stdout.split(separator: "\n")
        #expect(lines.contains { $0.hasPrefix("    Elapsed time (recording) ") && $0.hasSuffix("  \(elapsed)") })
        #expect(lines.contains { $0.hasPrefix("    Total time (first to last point) ") && $0.hasSuffix("  \(total)") })
        let store = makeTempDirectory("total") + "/hikes.sqlite"
        #expect(cairn(["import", file, "--store", store]).status == 0)
        let id = try idsInInsertOrder(store)[0]
        let show = cairn(["show", id.rawValue, "--units", "metric", "--store", store]).stdout.split(separator: "\n")
        #expect(show.contains { $0.hasPrefix("  Total time (first to last point) ") && $0.hasSuffix("  \(total)") })
    }
}

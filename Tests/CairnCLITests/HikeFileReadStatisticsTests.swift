import Foundation
import HikeServices
import Testing
import TrailCore
import TrailStore

/// `cairn import` computes each track's statistics once (DECISIONS 741): the plausibility pass
/// of `HikeFileRead` feeds `HikeImportPlan.hikes(selecting:statistics:)`, with the figures a
/// fresh `StatisticsCalculator()` gives, and routes are still computed by the closure.
@Suite struct HikeFileReadStatisticsTests {
    @Test func plausibilityStatisticsFeedTheHikes() throws {
        for sample in ["togeojson-multitrackgpx.gpx", "gpxpy-Mojstrovka.gpx", "GPSTools-Oybin.gpx"] {
            let read = try HikeFileRead.read(path: repoRoot + "/Samples/" + sample)
            let plan = read.plan
            let calculator = StatisticsCalculator()
            let fresh = plan.document.tracks.map { calculator.statistics(for: $0) }
            #expect(plan.trackStatistics == fresh, "\(sample)")
            var calls = 0
            let hikes = try plan.hikes(selecting: nil) { calls += 1; return calculator.statistics(for: $0) }
            let trackCandidates = plan.candidates.filter { if case .track = $0.source { return !$0.isEmpty }; return false }
            let routeCandidates = plan.candidates.filter { $0.source.isRoute && !$0.isEmpty }
            #expect(calls == routeCandidates.count, "\(sample): the closure ran for routes only")
            for (hike, c) in zip(hikes, plan.candidates.filter { !$0.isEmpty }) {
                guard case .track(let i) = c.source else { continue }
                #expect(hike.statistics == fresh[i], "\(sample) track \(i)")
            }
            #expect(!trackCandidates.isEmpty, "\(sample) has tracks")
        }
    }

    @Test func planWithoutKnownStatisticsComputesThem() throws {
        let read = try HikeFileRead.read(path: repoRoot + "/Samples/gpxpy-Mojstrovka.gpx")
        let plan = HikeImportPlan(document: read.plan.document, fileName: read.plan.fileName)
        var calls = 0
        let calculator = StatisticsCalculator()
        let hikes = try plan.hikes(selecting: nil) { calls += 1; return calculator.statistics(for: $0) }
        #expect(calls == hikes.count)
        #expect(hikes.first?.statistics == read.plan.trackStatistics?.first)
    }
}

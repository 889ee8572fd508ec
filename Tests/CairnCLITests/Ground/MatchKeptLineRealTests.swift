import CairnTestSupport
@testable import CairnCLI
import Foundation
import Testing
import TrailCore
import TrailFormats
import TrailStore
@testable import TrailMap

/// The tester's findings on real hikes over the east Andorra clip (issue 16; DECISIONS
/// 470-472): keeping the matched line of 180429_a2 cut its 2594 m summit (gain 1395 → 1243 m),
/// a section of 180429_b whose points all matched to one spot deleted 41 m walked, and the
/// exported kept line had nanosecond times and sub-millimetre heights. Skipped with a notice
/// when ../shared/data is absent.
@Suite struct MatchKeptLineRealTests {
    static func gpx(_ name: String) -> String? {
        let path = TestSupport.repoRoot.deletingLastPathComponent().appendingPathComponent("shared/data/gpx-unlicensed/\(name)").path
        guard FileManager.default.fileExists(atPath: path) else {
            print("skipped: \(name) not found (../shared/data)")
            return nil
        }
        return path
    }

    /// Imports `name` into a new store in a new directory: (directory, store path, hike id).
    static func imported(_ name: String) throws -> (URL, String, HikeID)? {
        guard GroundSharesTests.eastMap != nil, let gpx = gpx(name) else { return nil }
        let dir = TestSupport.tempDirectory()
        #expect(GroundSharesTests().run(["import", gpx, "--store", "h.sqlite"], dir: dir).code == 0)
        let path = dir.appendingPathComponent("h.sqlite").path
        let id = try #require(try HikeStore(path: path).summaries(sortedBy: .name, reversed: false).first?.id)
        return (dir, path, id)
    }

    /// The kept matched line of 180429_a2 has the recording's highest point, gain and loss
    /// (every recorded height is on it), and so its DIN walking time changes only with the
    /// shorter length: never more than the length's share (DIN 33466: the larger of the
    /// horizontal and vertical times plus half the smaller, the horizontal one at 4 km/h).
    @Test func keepingTheMatchOf180429a2KeepsItsSummitAndClimb() throws {
        guard let (dir, path, id) = try Self.imported("adrutas-180429_a2.gpx"), let map = GroundSharesTests.eastMap else { return }
        let before = try HikeStore(path: path).summary(id).statistics
        #expect(before.maxElevation.map { abs($0 - 2593.8) < 1e-9 } == true, "\(before.maxElevation ?? 0)")
        let r = GroundSharesTests().run(["match", id.rawValue, "--keep", "matched", "--store", "h.sqlite", "--map", map], dir: dir)
        #expect(r.code == 0, "\(r.err)")
        let kept = try HikeStore(path: path).summary(id).statistics
        #expect(kept.maxElevation == before.maxElevation)
        #expect(kept.minElevation == before.minElevation)
        #expect(kept.elevationGain == before.elevationGain, "gain \(kept.elevationGain ?? 0) vs \(before.elevationGain ?? 0)")
        #expect(kept.elevationLoss == before.elevationLoss, "loss \(kept.elevationLoss ?? 0) vs \(before.elevationLoss ?? 0)")
        let walk = kept.estimatedWalkingTime, walkBefore = before.estimatedWalkingTime
        // At most the time the lost length takes at 4 km/h, and never more than before.
        #expect(walk <= walkBefore && walkBefore - walk <= (before.distance - kept.distance) / (4000.0 / 3600) + 1e-6,
                "DIN \(walk) s vs \(walkBefore) s; length \(kept.distance) vs \(before.distance) m")
        print("180429_a2 kept: gain \(kept.elevationGain ?? 0) m, top \(kept.maxElevation ?? 0) m, DIN \(walk) s (recorded \(walkBefore) s)")
    }

    /// 180429_b: the sections whose points all matched to one spot are listed as unmatched,
    /// with a note, "collapsed" in the JSON, and the kept matched line has their recorded
    /// points as recorded.
    @Test func aCollapsedSectionOf180429bStaysAsRecorded() throws {
        guard let (dir, path, id) = try Self.imported("adrutas-180429_b.gpx"), let map = GroundSharesTests.eastMap else { return }
        let args = ["match", id.rawValue, "--store", "h.sqlite", "--map", map]
        let json = GroundSharesTests().run(args + ["--json"], dir: dir)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.out.utf8)) as? [String: Any])
        let sections = try #require(object["sections"] as? [[String: Any]])
        let collapsed = sections.enumerated().filter { $0.element["collapsed"] as? Bool == true }
        try #require(!collapsed.isEmpty, "no collapsed section: \(json.out)")
        for (_, s) in collapsed {
            #expect(s["kind"] as? String == "unmatched")
            #expect((s["matchedLength"] as? Double ?? 99) < 5 && (s["rawLength"] as? Double ?? 0) > 20, "\(s)")
        }
        let text = GroundSharesTests().run(args, dir: dir)
        for (k, _) in collapsed { #expect(text.out.contains("\(k + 1): every point matched to one spot"), "\(text.out)") }
        let keep = GroundSharesTests().run(args + ["--keep", "matched"], dir: dir)
        #expect(keep.code == 0)
        let n = collapsed.count
        #expect(keep.out.contains("; \(n) section\(n == 1 ? "" : "s") whose points all matched to one spot stay"), "\(keep.out)")
        let store = try HikeStore(path: path)
        let line = try store.tracks(of: id).flatMap(\.segments).flatMap(\.points)
        let recorded = try store.tracks(of: id, line: .raw).flatMap(\.segments).flatMap(\.points)
        for (_, s) in collapsed {
            let first = try #require(s["firstPoint"] as? Int), last = try #require(s["lastPoint"] as? Int)
            let stretch = Array(recorded[first...last])
            let found = line.indices.contains { i in i + stretch.count <= line.count && Array(line[i..<i + stretch.count]) == stretch }
            #expect(found, "points \(first)-\(last) as recorded on the kept line")
        }
    }

    /// The exported kept line of 180429_a2: the recording has whole-second times and heights to
    /// 0.1 m, so every time in the file is a whole second, never going backwards, and every
    /// height a multiple of 0.1 m; read back, its statistics are the kept line's (distance,
    /// gain, loss, highest point, walking time equal to `show`'s).
    @Test func theExportedKeptLineHasTheRecordingsPrecision() throws {
        guard let (dir, path, id) = try Self.imported("adrutas-180429_a2.gpx"), let map = GroundSharesTests.eastMap else { return }
        #expect(GroundSharesTests().run(["match", id.rawValue, "--keep", "matched", "--store", "h.sqlite", "--map", map], dir: dir).code == 0)
        #expect(GroundSharesTests().run(["export", id.rawValue, "--store", "h.sqlite", "-o", "kept.gpx"], dir: dir).code == 0)
        let file = try String(contentsOf: dir.appendingPathComponent("kept.gpx"), encoding: .utf8)
        // The text itself: no fractional seconds, at most one decimal in a height.
        let times = file.components(separatedBy: "<time>").dropFirst().map { $0.prefix { $0 != "<" } }
        let heights = file.components(separatedBy: "<ele>").dropFirst().map { $0.prefix { $0 != "<" } }
        #expect(times.count > 1000 && heights.count > 1000)
        #expect(times.allSatisfy { !$0.contains(".") }, "\(times.filter { $0.contains(".") }.prefix(3))")
        #expect(heights.allSatisfy { ($0.split(separator: ".").dropFirst().first?.count ?? 0) <= 1 },
                "\(heights.filter { ($0.split(separator: ".").dropFirst().first?.count ?? 0) > 1 }.prefix(3))")
        let points = try GPXReader.read(url: dir.appendingPathComponent("kept.gpx")).document.tracks.flatMap(\.segments).flatMap(\.points)
        let stamps = points.compactMap(\.time)
        #expect(stamps.count == points.count && zip(stamps, stamps.dropFirst()).allSatisfy { $0 <= $1 })
        let shown = try HikeStore(path: path).summary(id).statistics
        let read = StatisticsCalculator().statistics(for: TrackSegment(points: points))
        // Positions are written to 7 decimals (DECISIONS 722): each point moves ≤ 7.9 mm, so the
        // length by at most 1.6 cm a step, and DIN 33466's time (4 km/h on the flat) 0.9 s a metre.
        let bound = Double(points.count) * 0.016
        #expect(abs(read.distance - shown.distance) <= bound)
        #expect(read.elevationGain == shown.elevationGain && read.elevationLoss == shown.elevationLoss)
        #expect(read.maxElevation == shown.maxElevation)
        #expect(abs(read.estimatedWalkingTime - shown.estimatedWalkingTime) <= bound * 0.9)
        print("180429_a2 exported kept line: moving \(read.movingTime ?? 0) s measured on the file, "
              + "\(shown.movingTime ?? 0) s shown (the recording's, DECISIONS 350)")
    }
}

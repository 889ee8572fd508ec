import Foundation
import Testing
import TrailMap
@testable import CairnCLI

/// The time left on `cairn map import`'s progress line (DECISIONS 513), on the timing of a
/// real import of a 144 MB PBF (big-82, debug build): the relations pass read every byte in
/// 1 s, the nodes (the first 73 % of the bytes) took 8 s, the ways 31 s, finishing 10 s.
@Suite struct MapImportProgressLineTests {
    static let size: Int64 = 144_000_000

    static func progress(_ pass: Int, percent: Int64, ways: Int = 0) -> MapImportProgress {
        MapImportProgress(pass: pass, bytesRead: size * percent / 100, fileSize: size, objectsRead: 1_000, waysRead: ways)
    }

    /// The lines drawn for `steps` (seconds since the start, progress), one per step.
    static func lines(_ steps: [(TimeInterval, MapImportProgress)]) -> [String] {
        let sink = StringSink()
        var clock = Date(timeIntervalSince1970: 0)
        let line = MapImportProgressLine(enabled: true, label: "big.osm.pbf", sink: sink, now: { clock }, columns: { nil })
        var out: [String] = []
        for (t, p) in steps {
            clock = Date(timeIntervalSince1970: t)
            let before = sink.text.count
            line.update(p)
            out.append(String(sink.text.dropFirst(before)))
        }
        return out
    }

    @Test func noTimeLeftUntilTheWaysHaveARate() {
        let l = Self.lines([(1, Self.progress(1, percent: 100)), (9, Self.progress(2, percent: 73)),
                            (9.5, Self.progress(2, percent: 73, ways: 10)), (10.5, Self.progress(2, percent: 74, ways: 5_000))])
        // The old estimate said "1 s left" here (both passes' bytes at the rate of the first).
        for s in l { #expect(!s.contains("left"), "\(s)") }
    }

    @Test func timeLeftIsTheRestOfTheFileAtTheWaysByteRate() {
        let l = Self.lines([(1, Self.progress(1, percent: 100)), (9, Self.progress(2, percent: 73, ways: 10)),
                            (16, Self.progress(2, percent: 78, ways: 90_000)), (39.4, Self.progress(3, percent: 100))])
        // 5 % of the file in 7 s: the other 22 % in 22 / 5 × 7 = 30.8 s.
        #expect(l[2].contains("78% 112.3 MB/144.0 MB") && l[2].contains(", 31 s left to read, then finishing"), "\(l[2])")
        #expect(l[3].contains("big.osm.pbf finishing [####################] 100%: assembling routes"), "\(l[3])")
        #expect(!l[3].contains("left"))
    }

    /// A line wider than the terminal less three columns (room for an echoed `^C`) is cut to
    /// that, so it never wraps (a wrapped line is not redrawn by a carriage return); a narrower
    /// one is left whole.
    @Test func aLineIsCutToTheTerminalsWidth() {
        let text = String(repeating: "x", count: 137)
        #expect(MapImportProgressLine.clipped(text, columns: 120) == String(repeating: "x", count: 117))
        #expect(MapImportProgressLine.clipped(text, columns: 139) == String(repeating: "x", count: 136))
        #expect(MapImportProgressLine.clipped(text, columns: 140) == text)
        #expect(MapImportProgressLine.clipped(text, columns: nil) == text)
        let sink = StringSink()
        let line = MapImportProgressLine(enabled: true, label: "big.osm.pbf", sink: sink, now: { Date(timeIntervalSince1970: 0) },
                                         columns: { 40 })
        line.update(Self.progress(3, percent: 100))
        let drawn = sink.text.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\u{1B}[K", with: "")
        #expect(drawn.count == 37 && drawn.hasPrefix("big.osm.pbf finishing"), "\(drawn)")
    }

    /// A re-import that took features out because their copy in the file lost the tags that
    /// made them map features says how many (newcomer 10: it said "0 … were removed").
    @Test func theSummarySaysFeaturesRemovedByTheirTags() {
        var report = MapImportReport(file: "area.osm")
        #expect(!MapImportCommand.describe(report, shown: "area.osm").contains("removed:"))
        report.featuresRemoved = 1
        #expect(MapImportCommand.describe(report, shown: "area.osm").contains("1 feature removed: this file's copy of it is no longer a map feature"))
        report.featuresRemoved = 3
        #expect(MapImportCommand.describe(report, shown: "area.osm").contains("3 features removed: this file's copies of them are no longer map features"))
    }
}

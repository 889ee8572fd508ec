import Foundation
import Testing
import TrailCore
import TrailFormats
@testable import TrailStore
@testable import CairnCLI

/// Newcomer 7's findings on reading and exporting track files, on the command line.
@Suite struct Newcomer7CLITests {
    /// import → export TCX → import keeps the device's laps: the re-imported hike's laps equal
    /// the first import's (start, timer time, distance, calories), and the source file's Lap
    /// values (read here with Foundation's XMLParser, not Cairn's reader).
    @Test func tcxExportKeepsTheLaps() throws {
        guard let tcx = sharedData("tcx/tcxparser-test.tcx") else { print("tcxExportKeepsTheLaps: skipped: no shared data"); return }
        let dir = makeTempDirectory("n7-laps")
        let store = dir + "/hikes.sqlite"
        #expect(cairn(["import", tcx, "--store", store]).status == 0)
        let id = try #require(try HikeStore(path: store).summaries().first).id
        let out = dir + "/x.tcx"
        let export = cairn(["export", id.rawValue, "-o", out, "--store", store])
        #expect(export.status == 0, "\(export.stderr)")
        let store2 = dir + "/again.sqlite"
        #expect(cairn(["import", out, "--store", store2]).status == 0)
        let id2 = try #require(try HikeStore(path: store2).summaries().first).id
        let first = try HikeStore(path: store).tracks(of: id, line: .raw).flatMap(\.laps)
        let again = try HikeStore(path: store2).tracks(of: id2, line: .raw).flatMap(\.laps)
        #expect(first.count == 3)
        #expect(again == first)
        // The source's own figures, scanned from its text: each <Lap StartTime="…"> and the
        // TotalTimeSeconds, DistanceMeters, Calories that follow it (before its first <Track>).
        let text = try String(contentsOfFile: tcx, encoding: .utf8)
        var values: [[String: String]] = []
        for chunk in text.components(separatedBy: "<Lap ").dropFirst() {
            let head = chunk.components(separatedBy: "<Track>")[0]
            func value(_ tag: String) -> String? {
                guard let a = head.range(of: "<\(tag)>"), let b = head.range(of: "</\(tag)>") else { return nil }
                return String(head[a.upperBound..<b.lowerBound])
            }
            let start = chunk.components(separatedBy: "StartTime=\"")[1].components(separatedBy: "\"")[0]
            values.append(["StartTime": start, "TotalTimeSeconds": value("TotalTimeSeconds")!,
                           "DistanceMeters": value("DistanceMeters")!, "Calories": value("Calories")!])
        }
        #expect(values.count == again.count)
        let iso = ISO8601DateFormatter()
        for (lap, v) in zip(again, values) {
            #expect(lap.startTime == iso.date(from: v["StartTime"]!))
            #expect(lap.timerTime == Double(v["TotalTimeSeconds"]!))
            #expect(lap.distance == Double(v["DistanceMeters"]!))
            #expect(lap.calories == Double(v["Calories"]!))
        }
        #expect(ExportCommand.about.contains("TCX keeps the device's laps"))
    }

    /// Errors name the file as given (two files of one name in different folders), like warnings.
    @Test func errorsNameTheFileAsGiven() throws {
        let dir = makeTempDirectory("n7-names")
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
            try "<gpx version=\"1.1\"><trk>".write(toFile: dir + "/\(sub)/walk.gpx", atomically: true, encoding: .utf8)
        }
        let run = cairn(["stats", dir + "/a/walk.gpx", dir + "/b/walk.gpx"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("cairn stats: " + dir + "/a/walk.gpx:"), "\(run.stderr)")
        #expect(run.stderr.contains("cairn stats: " + dir + "/b/walk.gpx:"), "\(run.stderr)")
        let imp = cairn(["import", dir + "/a/walk.gpx", "--store", dir + "/h.sqlite"])
        #expect(imp.stderr.contains("cairn import: " + dir + "/a/walk.gpx:"), "\(imp.stderr)")
    }

    /// `import --strict` refuses a GPX with a rejected point (the tester's lat="abc"), naming
    /// the file and line; without --strict it imports the other points with a warning.
    @Test func strictImportRefusesARejectedPoint() throws {
        let dir = makeTempDirectory("n7-strict")
        let file = dir + "/p.gpx"
        try """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="46.0" lon="7.0"/>
        <trkpt lat="abc" lon="7.0"/>
        <trkpt lat="46.001" lon="7.0"/></trkseg></trk></gpx>
        """.write(toFile: file, atomically: true, encoding: .utf8)
        let strict = cairn(["import", "--strict", file, "--store", dir + "/s.sqlite"])
        #expect(strict.status == 1)
        #expect(strict.stderr.contains(file + ":4"), "\(strict.stderr)")
        #expect(try HikeStore(path: dir + "/s.sqlite").summaries().isEmpty)
        let lenient = cairn(["import", file, "--store", dir + "/l.sqlite"])
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(try HikeStore(path: dir + "/l.sqlite").summaries().first?.statistics.pointCount == 2)
    }

    /// `stats` says how to see the warnings it only counted, and `--all-warnings` lists them:
    /// Mojstrovka's unset-clock times, counted in the file's text (the reader keeps 100 and
    /// counts the rest by default), all in one folded line.
    @Test func allWarningsListsWhatWasCounted() throws {
        let file = repoRoot + "/Samples/gpxpy-Mojstrovka.gpx"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let unset = text.components(separatedBy: "<time>1901-12-13T20:45:52").count - 1
        #expect(unset > 100)
        let some = cairn(["stats", file])
        #expect(some.stderr.contains("\(unset - 100) more warnings (--all-warnings lists them)"), "\(some.stderr)")
        let all = cairn(["stats", "--all-warnings", file])
        #expect(all.status == 0)
        #expect(all.stderr.contains("(\(unset) times, first at line"), "\(all.stderr)")
        #expect(!all.stderr.contains("more warning"), "\(all.stderr)")
    }

    /// The man page says what Cairn reads now.
    @Test func manPageNamesTheFormats() {
        let page = ManPage.text()
        #expect(!page.contains("GPX tracks and routes)"))
        #expect(!page.contains("i imports a GPX file"))
        #expect(page.contains("GPX, Garmin FIT, TCX, KML/KMZ and GeoJSON"))
    }
}

import CairnTestSupport
import CairnCLI
import Foundation
import TermUI
import Testing
import TrailCore
import TrailFormats
import TrailMap
import TrailStore
@testable import TrailApp

@Suite struct RenderCommandTests {
    let dir: String = {
        let d = NSTemporaryDirectory() + "cairn-render-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    func run(_ args: [String], environment: [String: String] = [:]) -> (code: Int32, out: String, err: String) {
        let out = StringSink(), err = StringSink()
        var env = ["CAIRN_THEMES": TestSupport.repo.appendingPathComponent("Themes").path, "HOME": dir, "TZ": "UTC"]
        env.merge(environment) { $1 }
        let context = CommandContext(stdout: out, stderr: err, environment: env, currentDirectory: TestSupport.repo.path)
        let code = CairnCLI.run(args, context: context)
        return (code, out.text, err.text)
    }

    /// In a terminal, render follows the viewer's rule (LocaleCharset): braille only under a
    /// UTF-8 locale, ASCII with a note otherwise; a pipe or a file always gets braille.
    @Test func inATerminalTheLocaleChoosesBrailleOrASCII() {
        func render(_ env: [String: String], terminal: Bool) -> (out: String, err: String) {
            let out = StringSink(), err = StringSink()
            var e = ["CAIRN_THEMES": TestSupport.repo.appendingPathComponent("Themes").path, "HOME": dir, "TZ": "UTC"]
            e.merge(env) { $1 }
            let context = CommandContext(stdout: out, stderr: err, environment: e, currentDirectory: TestSupport.repo.path,
                                         stdoutIsTerminal: terminal)
            _ = CairnCLI.run(["render", "Samples/GPSTools-Oybin.gpx", "--size", "80x24", "--map", dir + "/none.sqlite"], context: context)
            return (out.text, err.text)
        }
        func hasBraille(_ s: String) -> Bool { s.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) } }
        let utf8 = render(["LANG": "en_US.UTF-8"], terminal: true)
        #expect(hasBraille(utf8.out) && !utf8.err.contains("ASCII"))
        let c = render(["LANG": "C"], terminal: true)
        #expect(!hasBraille(c.out) && c.out.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(c.err.contains("Drawing in ASCII: the locale (LANG=C) is not UTF-8"))
        let piped = render(["LANG": "C"], terminal: false)
        #expect(hasBraille(piped.out) && piped.err.isEmpty)
    }

    @Test func rendersAGPXFileAsText() {
        let r = run(["render", "Samples/GPSTools-Oybin.gpx", "--size", "100x30", "--scrub", "0.5", "--map", dir + "/none.sqlite"])
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(lines.count == 30)
        #expect(r.out.contains("Oybin - Kloster - Alpingrat"))
        #expect(r.out.contains("No map data here"))
        #expect(!r.out.contains("\u{1b}"))
    }

    @Test func rendersAStoredHikeByIDLikeTheFile() throws {
        let storePath = dir + "/hikes.sqlite"
        let doc = try GPXReader.read(url: TestSupport.samples.appendingPathComponent("gpxpy-Mojstrovka.gpx")).document
        let plan = HikeImportPlan(document: doc, fileName: "gpxpy-Mojstrovka.gpx")
        let calculator = StatisticsCalculator()
        let hikes = try plan.hikes(statistics: { calculator.statistics(for: $0) })
        let store = try HikeStore(path: storePath)
        guard case .inserted(let id) = try store.insert(hikes[0]) else { Issue.record("not inserted"); return }
        let byID = run(["render", id.rawValue, "--store", storePath, "--size", "90x28", "--map", dir + "/none.sqlite"])
        let byFile = run(["render", "Samples/gpxpy-Mojstrovka.gpx", "--size", "90x28", "--map", dir + "/none.sqlite"])
        #expect(byID.code == 0, "\(byID.err)")
        // The same map and chart (the rows above the statistics' "Kind" line may differ only there).
        let a = byID.out.split(separator: "\n"), b = byFile.out.split(separator: "\n")
        #expect(a.count == b.count)
        #expect(a.prefix(18) == b.prefix(18))
        let unknown = run(["render", "zzzzzz", "--store", storePath])
        #expect(unknown.code == 1)
    }

    /// `--line-colours` takes the hike screen's names; plain is the default (as on the hike
    /// screen, DECISIONS 602); walked colours what another stored hike walked of the line.
    @Test func lineColoursAreTheHikeScreensWithPlainByDefault() throws {
        let storePath = dir + "/walked.sqlite"
        var doc = try GPXReader.read(url: TestSupport.samples.appendingPathComponent("gpxpy-Mojstrovka.gpx")).document
        let calculator = StatisticsCalculator()
        let store = try HikeStore(path: storePath)
        let whole = try HikeImportPlan(document: doc, fileName: "whole.gpx").hikes(statistics: { calculator.statistics(for: $0) })
        guard case .inserted(let id) = try store.insert(whole[0]) else { Issue.record("not inserted"); return }
        // Another hike over the first half of the same line.
        let points = doc.tracks[0].segments[0].points
        doc.tracks[0].segments = [TrackSegment(points: Array(points.prefix(points.count / 2)))]
        let half = try HikeImportPlan(document: doc, fileName: "half.gpx").hikes(statistics: { calculator.statistics(for: $0) })
        _ = try store.insert(half[0])
        let base = ["render", id.rawValue, "--store", storePath, "--size", "100x30", "--map", dir + "/none.sqlite", "--ansi"]
        let env = ["COLORTERM": "truecolor"]
        let byDefault = run(base, environment: env), plain = run(base + ["--line-colours", "plain"], environment: env)
        let walked = run(base + ["--line-colours", "walked"], environment: env)
        #expect(byDefault.code == 0 && plain.code == 0 && walked.code == 0, "\(walked.err)")
        #expect(byDefault.out == plain.out)
        // The dark theme's route-covered colour #00ffaf only when asked for, with its legend.
        let covered = "38;2;0;255;175"
        #expect(!byDefault.out.contains(covered) && !byDefault.out.contains("by other hikes"))
        #expect(walked.out.contains(covered), "nothing drawn as walked")
        #expect(walked.out.contains("by other hikes") && walked.out.contains("not yet"))
        let slope = run(base + ["--line-colours", "slope"], environment: env), short = run(base + ["--slope"], environment: env)
        #expect(slope.code == 0 && slope.out == short.out)
        #expect(run(base + ["--line-colours", "rainbow"]).code == 2)
        #expect(run(base + ["--slope", "--line-colours", "grade"]).code == 2)
    }

    @Test func asciiOutputIsPlainASCII() {
        let r = run(["render", "Samples/GPSTools-Oybin.gpx", "--size", "100x30", "--scrub", "0.5", "--ascii",
                     "--map", dir + "/none.sqlite"])
        #expect(r.code == 0, "\(r.err)")
        let nonASCII = r.out.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty, "left: \(String(String.UnicodeScalarView(nonASCII)))")
        #expect(r.out.contains("Oybin - Kloster - Alpingrat"))
    }

    @Test func ansiOutputAndNoColor() {
        let colour = run(["render", "Samples/GPSTools-Oybin.gpx", "--size", "80x24", "--ansi", "--map", dir + "/none"],
                         environment: ["COLORTERM": "truecolor"])
        #expect(colour.code == 0)
        #expect(colour.out.contains("\u{1b}[0;1;38;2;255;135;255;49m"), "the dark theme's bold route colour #ff87ff")
        let mono = run(["render", "Samples/GPSTools-Oybin.gpx", "--size", "80x24", "--ansi", "--map", dir + "/none"],
                       environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"])
        #expect(mono.code == 0)
        #expect(!mono.out.contains("38;"), "no colours under NO_COLOR")
        #expect(mono.out.contains("\u{1b}[0;1;39;49m"), "attributes only (mono theme)")
    }

    @Test func optionsAndErrors() {
        let base = ["render", "Samples/GPSTools-Oybin.gpx", "--map", dir + "/none"]
        #expect(run(base + ["--size", "0x5"]).code == 2)
        #expect(run(base + ["--size", "abc"]).code == 2)
        #expect(run(base + ["--scrub", "1.5"]).code == 2)
        #expect(run(base + ["--zoom", "40"]).code == 2)
        #expect(run(base + ["--units", "furlongs"]).code == 2)
        #expect(run(base + ["--theme", "nope"]).code == 1)
        #expect(run(["render"]).code == 2)
        let imperial = run(base + ["--units", "imperial", "--size", "100x30", "--range", "0.1,0.4", "--time", "--slope", "--ascii"])
        #expect(imperial.code == 0, "\(imperial.err)")
        #expect(imperial.out.contains(" mi") && imperial.out.contains(" ft") && imperial.out.contains("Range"))
        #expect(imperial.out.unicodeScalars.allSatisfy { $0.isASCII || "…—·▸–©".unicodeScalars.contains($0) })
        let missing = run(["render", "Samples/nope.gpx"])
        #expect(missing.code == 1)
        #expect(run(["render", "--help"]).out.contains("CAIRN_THEMES"))
    }

    @Test func rendersOverARealMapStore() throws {
        guard let data = TestSupport.sharedData else { print("skipped: ../shared/data not found"); return }
        let mapPath = dir + "/map.sqlite"
        let store = try MapStore(path: mapPath)
        try store.importOSM(path: data.appendingPathComponent("osm/WorldKG-andorra-2021-east-clip.osm").path)
        let gpx = data.appendingPathComponent("gpx-unlicensed/adrutas-180430_a.gpx").path
        let r = run(["render", gpx, "--size", "160x50", "--scrub", "0.9", "--map", mapPath])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out.contains("© OpenStreetMap contributors"))
        #expect(r.out.contains("▲"), "peaks")
        #expect(!r.out.contains("No map data here"))
        // The track tops out 1 m from the peak Ensagents (SOURCES.md): its label is drawn.
        #expect(r.out.contains("Ensagents"))
    }

    /// Over the sample map (so no "no map data" notice covers the middle of the map).
    @Test func aChosenZoomCentresTheMapOnTheCursor() throws {
        let mapPath = dir + "/sample-map.sqlite"
        try MapStore(path: mapPath).importOSM(path: TestSupport.samples.appendingPathComponent("andorra-ordino.osm").path)
        let layout = HikeScreenLayout(area: Rect(x: 0, y: 0, width: 120, height: 40))
        let centre = (x: layout.map.x + layout.map.width / 2, y: layout.map.y + layout.map.height / 2)
        for (zoom, scrub) in [("16", "0.5"), ("15", "0.1"), ("17.5", "0.85")] {
            let r = run(["render", "Samples/graphhopper-andorra_for_map_matching.gpx", "--size", "120x40", "--zoom", zoom,
                         "--scrub", scrub, "--map", mapPath])
            #expect(r.code == 0, "\(r.err)")
            let lines = r.out.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
            var marker: (x: Int, y: Int)?
            for y in layout.map.y..<(layout.map.y + layout.map.height) where y < lines.count {
                if let x = lines[y].firstIndex(of: "◉"), x < layout.map.x + layout.map.width { marker = (x, y) }
            }
            guard let marker else { Issue.record("z\(zoom) scrub \(scrub): no cursor on the map"); continue }
            #expect(abs(marker.x - centre.x) <= 1 && abs(marker.y - centre.y) <= 1,
                    "z\(zoom) scrub \(scrub): cursor at \(marker), centre \(centre)")
        }
    }
}

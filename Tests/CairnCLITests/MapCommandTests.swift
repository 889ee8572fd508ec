import CairnTestSupport
import CairnCLI
import Foundation
import Testing
@testable import TrailMap

/// `cairn map import` and `cairn map info` through the real command line, with an injected context.
@Suite struct MapCommandTests {
    final class Run {
        let out = StringSink(), err = StringSink()
        let code: Int32
        init(_ args: [String], env: [String: String], cwd: String, stderrIsTerminal: Bool = false) {
            let context = CommandContext(stdout: out, stderr: err, environment: env, currentDirectory: cwd,
                                         now: { TestSupport.importTime }, stderrIsTerminal: stderrIsTerminal)
            code = CairnCLI.run(args, context: context)
        }
    }

    @Test func importThenInfo() throws {
        let dir = TestSupport.tempDirectory()
        let env = ["HOME": dir.path, "XDG_DATA_HOME": dir.appendingPathComponent("data").path]
        let imp = Run(["map", "import", TestSupport.sampleExtract], env: env, cwd: dir.path)
        #expect(imp.code == 0, "\(imp.err.text)")
        // 1058 before bus stops were stored, + 41 highway=bus_stop nodes (grep -c 'k="highway" v="bus_stop"').
        #expect(imp.out.text.contains("imported \(TestSupport.sampleExtract): 1099 features, 18 routes held"))
        #expect(imp.out.text.contains("data of 2021-06-22T20:21:08Z"))
        #expect(imp.out.text.contains("covers 42.57000,1.48000 – 42.66000,1.59000"))
        #expect(!imp.err.text.contains("\r"))  // no progress bar when stderr is not a terminal
        let storePath = dir.appendingPathComponent("data/cairn/map.sqlite").path
        #expect(FileManager.default.fileExists(atPath: storePath))

        let info = Run(["map", "info"], env: env, cwd: dir.path)
        #expect(info.code == 0, "\(info.err.text)")
        let t = info.out.text
        #expect(t.contains("Map store: \(storePath)"))
        #expect(t.contains("Data date: 2021-06-22T20:21:08Z"))
        #expect(t.contains("Covered areas (1), 36 z14 tiles:\n  42.57000,1.48000 – 42.66000,1.59000\n"))
        #expect(t.contains("  path            333\n"))
        #expect(t.contains("  peak            44\n"))
        #expect(t.contains("Waymarked routes (route=hiking/foot): 18"))
        #expect(t.contains("© OpenStreetMap contributors"))
        // The extract's size "N.N MB" ("N,N MB" with a German LC_NUMERIC, as distances are written).
        let size = Double((try FileManager.default.attributesOfItem(atPath: TestSupport.sampleExtract)[.size] as? NSNumber)?.doubleValue ?? 0)
        let mb = String(format: "%.1f", size / 1e6)
        #expect(t.contains(" \(mb) MB, "), "\(t)")
        var german = env
        german["LC_NUMERIC"] = "de_DE.UTF-8"
        let de = Run(["map", "info"], env: german, cwd: dir.path).out.text
        #expect(de.contains(" " + mb.replacingOccurrences(of: ".", with: ",") + " MB, "), "\(de)")
    }

    @Test func mapOptionEnvironmentAndProgress() throws {
        let dir = TestSupport.tempDirectory()
        // --map wins over CAIRN_MAP; a relative path is taken from the working directory.
        let env = ["HOME": dir.path, "CAIRN_MAP": dir.appendingPathComponent("env.sqlite").path]
        let a = Run(["map", "import", "--map", "rel.sqlite", TestSupport.fixture("upsert-v1.osm")], env: env, cwd: dir.path,
                    stderrIsTerminal: true)
        #expect(a.code == 0)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("rel.sqlite").path))
        #expect(!FileManager.default.fileExists(atPath: dir.appendingPathComponent("env.sqlite").path))
        #expect(a.err.text.contains("100%") && a.err.text.hasSuffix("\r\u{1B}[K"))  // bar drawn, then cleared
        let b = Run(["map", "import", TestSupport.fixture("two-bounds.osm")], env: env, cwd: dir.path)
        #expect(b.code == 0 && FileManager.default.fileExists(atPath: dir.appendingPathComponent("env.sqlite").path))
    }

    @Test func badFilesAreReportedAndTheOthersImported() throws {
        let dir = TestSupport.tempDirectory()
        let env = ["HOME": dir.path]
        let store = dir.appendingPathComponent("m.sqlite").path
        let r = Run(["map", "import", "--map", store, TestSupport.fixture("osmchange.osc"), TestSupport.fixture("upsert-v1.osm"),
                     "missing.osm"], env: env, cwd: dir.path)
        #expect(r.code == 1)
        #expect(r.err.text.contains("osmchange.osc:3: this is an osmChange file"))
        #expect(r.err.text.contains("missing.osm: cannot open"))
        #expect(r.out.text.contains("imported \(TestSupport.fixture("upsert-v1.osm")): 3 features, 1 routes held"))
        #expect(try MapStore(path: store).featureCounts() == [.peak: 1, .spring: 1, .path: 1])

        let josm = Run(["map", "import", "--map", store, TestSupport.fixture("josm-edits.osm")], env: env, cwd: dir.path)
        #expect(josm.code == 0)
        #expect(josm.err.text.contains("warning: \(TestSupport.fixture("josm-edits.osm")): 6 object(s) with negative ids"))
        #expect(josm.out.text.contains("(node extent: the file has no <bounds>)"))

        #expect(Run(["map", "import", "--map", store], env: env, cwd: dir.path).code == 2)
        let none = Run(["map", "info", "--map", dir.appendingPathComponent("none.sqlite").path], env: env, cwd: dir.path)
        #expect(none.code == 1 && none.err.text.contains("no map store at"))
    }

    @Test func helpListsTheCommands() {
        let r = Run(["--help"], env: [:], cwd: "/")
        #expect(r.out.text.contains("map import") && r.out.text.contains("map info"))
        let h = Run(["map", "import", "--help"], env: [:], cwd: "/")
        #expect(h.code == 0 && h.out.text.contains("OSM PBF"))
    }

    /// `cairn map import --map FILE` on a text file: refused in words, the file left as it was
    /// (the store's side is in TrailMapTests' MapStoreOpeningTests).
    @Test func mapImportRefusesATextFileAndLeavesItByteIdentical() throws {
        let dir = TestSupport.tempDirectory()
        let path = dir.appendingPathComponent("notes.txt").path
        let text = Data("my packing list\nboots\nmap\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        let r = Run(["map", "import", "--map", path, TestSupport.fixture("upsert-v1.osm")], env: ["HOME": dir.path], cwd: dir.path)
        #expect(r.code == 1)
        #expect(r.err.text.contains("not a Cairn map store (not an SQLite database); it was left unchanged"), "\(r.err.text)")
        #expect(!r.err.text.contains("SQLite error"))
        #expect(FileManager.default.contents(atPath: path) == text)
    }
}

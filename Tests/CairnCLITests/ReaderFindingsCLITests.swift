import Foundation
import Testing
import TrailCore
import TrailFormats
@testable import TrailStore

/// A newcomer's findings on the issue-33 readers and exports, on the command line.
@Suite struct ReaderFindingsCLITests {
    func importSample(_ store: String) throws -> String {
        let run = cairn(["import", repoRoot + "/Samples/GPSTools-Oybin.gpx", "--store", store])
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try HikeStore(path: store).summaries().first).id.rawValue
    }

    /// `-o out.kmz` / `-o out.fit` used to write GPX text under that name; now refused, file not
    /// created. Without --format the extension picks the format: the written bytes are read back
    /// by content and must be recognised as the format the extension names.
    @Test func exportPicksTheFormatFromTheExtensionAndRefusesUnwritableOnes() throws {
        let dir = makeTempDirectory("export-ext")
        let store = dir + "/hikes.sqlite"
        let id = try importSample(store)
        for ext in ["kmz", "fit"] {
            let out = dir + "/out." + ext
            let run = cairn(["export", id, "-o", out, "--store", store])
            #expect(run.status != 0)
            #expect(run.stderr.contains("Cairn does not write \(ext.uppercased())"), "\(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
        let expected: [String: TrackFileFormat] = ["gpx": .gpx, "geojson": .geojson, "json": .geojson, "kml": .kml, "tcx": .tcx]
        for (ext, format) in expected {
            let out = dir + "/out." + ext
            let run = cairn(["export", id, "-o", out, "--store", store])
            #expect(run.status == 0, "\(ext): \(run.stderr)")
            let bytes = try #require(FileManager.default.contents(atPath: out))
            #expect(TrackFileReader.recognise(Array(bytes.prefix(4096))) == format, "\(ext)")
        }
    }

    /// The tester's g3.geojson: no "inf" in the JSON, no 1e308 anywhere, one warning on stderr.
    @Test func statsJSONHasNoImpossibleElevations() throws {
        let dir = makeTempDirectory("g3")
        let file = dir + "/g3.geojson"
        try #"{"type":"LineString","coordinates":[[1e308,46.0],[7.001,1e308],[7.002,46.0015,1e308],[7.003,46.002,-1e308]]}"#
            .write(toFile: file, atomically: true, encoding: .utf8)
        let run = cairn(["stats", "--json", file])
        #expect(run.status == 0, "\(run.stderr)")
        // Numbers only (no "inf" strings), no elevation figures at all; the warning names the value.
        #expect(!run.stdout.contains("\"inf\"") && !run.stdout.contains("\"-inf\"") && !run.stdout.contains("maxElevation"),
                "\(run.stdout)")
        #expect(run.stderr.contains("2 elevations outside -500…9000 m"), "\(run.stderr)")
    }

    /// Issue 34: `stats --json` listed the same warning once per point (100 lines for
    /// Mojstrovka's 184 unset-clock times); now folded as on stderr. 184 is `grep -c` of
    /// "<time>1901-12-13T20:45:52" in the file: the 100 the reader keeps plus 84 it counts.
    @Test func statsJSONFoldsARepeatedWarning() throws {
        let file = repoRoot + "/Samples/gpxpy-Mojstrovka.gpx"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let unset = text.components(separatedBy: "<time>1901-12-13T20:45:52").count - 1
        let run = cairn(["stats", "--json", file])
        #expect(run.status == 0, "\(run.stderr)")
        let docs = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
        let warnings = try #require(docs.first?["warnings"] as? [String])
        let folded = warnings.filter { $0.contains("no-data value") }
        #expect(folded.count == 1, "\(warnings)")
        let kept = 100
        #expect(folded.first?.hasSuffix("(\(kept) times, first at line 14)") == true, "\(warnings)")
        #expect(warnings.last == "\(unset - kept) more warnings", "\(warnings)")
    }

    /// Empty or blank files of any name say so, never "XML" or "GPX"; a TCX or KML cut to a
    /// couple of bytes does not say "GPX document".
    @Test func emptyAndTinyFilesNameNoWrongFormat() throws {
        let dir = makeTempDirectory("empty")
        let cases: [(String, [UInt8], String)] = [
            ("e.fit", [], "nothing to read: the file is empty"),
            ("e.kmz", [], "nothing to read: the file is empty"),
            ("e.geojson", [], "nothing to read: the file is empty"),
            ("w.geojson", Array(" \n\t\n".utf8), "nothing to read: the file holds only white space"),
            ("b.geojson", [0xEF, 0xBB, 0xBF], "nothing to read: the file holds only a byte-order mark"),
        ]
        for (name, bytes, expected) in cases {
            _ = FileManager.default.createFile(atPath: dir + "/" + name, contents: Data(bytes))
            let run = cairn(["stats", dir + "/" + name])
            #expect(run.status == 1)
            #expect(run.stderr.contains("\(name): \(expected)"), "\(name): \(run.stderr)")
            #expect(!run.stderr.contains("XML") && !run.stderr.contains("GPX"), "\(name): \(run.stderr)")
        }
        for (name, text) in [("t.tcx", "<T"), ("k.kml", "<k")] {
            try text.write(toFile: dir + "/" + name, atomically: true, encoding: .utf8)
            let run = cairn(["stats", dir + "/" + name])
            #expect(run.status == 1)
            #expect(!run.stderr.contains("GPX document"), "\(name): \(run.stderr)")
        }
    }

    /// A cut-off FIT (the 12,000-byte head of an Edge 500 file, a fuzz seed): warnings cite
    /// "record N, byte B", never "line 0", on stderr and in the JSON.
    @Test func fitWarningsNeverCiteLineZero() throws {
        let file = repoRoot + "/Fuzz/seeds/fuzz-fit/edge500-head.fit"
        let text = cairn(["stats", file])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stderr.contains("record "), "\(text.stderr)")
        #expect(!text.stderr.contains("line 0") && !text.stderr.contains(".fit:0:"), "\(text.stderr)")
        let json = cairn(["stats", "--json", file])
        #expect(json.stdout.contains("reading stopped there"), "\(json.stdout)")
        #expect(!json.stdout.contains("line 0"), "\(json.stdout)")
    }

    /// `cairn render FILE` of a cut-off file warns as `cairn stats` does.
    @Test func renderPrintsTheReadersWarnings() throws {
        let dir = makeTempDirectory("render-cut")
        let cut = dir + "/oybin-cut.gpx"
        let whole = try #require(FileManager.default.contents(atPath: repoRoot + "/Samples/GPSTools-Oybin.gpx"))
        _ = FileManager.default.createFile(atPath: cut, contents: whole.prefix(20480))
        let stats = cairn(["stats", cut])
        let warning = try #require(stats.stderr.split(separator: "\n").first { $0.contains("reading stopped at line") })
        let render = cairn(["render", cut, "--size", "60x20", "--map", dir + "/none.cmap"])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.contains(warning), "\(render.stderr)")
    }

    /// Help and the viewer's texts name every format; counts of one are singular.
    @Test func helpNamesEveryFormat() throws {
        let stats = cairn(["stats", "--help"])
        #expect(!stats.stdout.contains("Reads each GPX 1.0/1.1 file"))
        #expect(stats.stdout.contains("FIT, TCX, KML, KMZ or GeoJSON"), "\(stats.stdout)")
        let render = cairn(["render", "--help"])
        #expect(!render.stdout.contains("or for a GPX file"))
    }

    /// Cairn's own KML, TCX and GeoJSON exports (7-decimal degrees, 2-decimal metres) re-import
    /// as duplicates, as the GPX export does; the same line moved by 1e-6° (11 cm) is a new hike.
    @Test func reimportedExportsAreDuplicates() throws {
        let dir = makeTempDirectory("reimport")
        let store = dir + "/hikes.sqlite"
        let id = try importSample(store)
        for ext in ["gpx", "kml", "tcx", "geojson"] {
            let out = dir + "/again." + ext
            #expect(cairn(["export", id, "-o", out, "--store", store]).status == 0)
            let run = cairn(["import", out, "--store", store])
            #expect(run.status == 0, "\(ext): \(run.stderr)")
            #expect(try HikeStore(path: store).summaries().count == 1, "\(ext): \(run.stdout) \(run.stderr)")
        }
        let original = try HikeStore(path: store).tracks(of: try #require(HikeID(id)), line: .raw)
        var moved = original
        moved[0].segments[0].points[5].latitude += 1e-6
        var doc = GPXDocument()
        doc.tracks = moved
        let shifted = dir + "/shifted.gpx"
        try GPXWriter().write(doc, to: URL(fileURLWithPath: shifted))
        #expect(cairn(["import", shifted, "--store", store]).status == 0)
        #expect(try HikeStore(path: store).summaries().count == 2)
    }
}

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
}

import Foundation
@testable import TrailMap

/// Paths and temporary stores for the TrailMap tests.
enum TestSupport {
    /// The repository root, derived from this file's path.
    static let repoRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// A fixture beside the tests.
    static func fixture(_ name: String) -> String {
        repoRoot.appendingPathComponent("Tests/TrailMapTests/Fixtures/\(name)").path
    }

    /// The shipped sample extract around the Andorra sample track.
    static var sampleExtract: String { repoRoot.appendingPathComponent("Samples/andorra-ordino.osm").path }

    /// A file of `../shared/data`, or nil (with a printed notice) when the folder is absent.
    static func sharedData(_ relative: String) -> String? {
        let dir = repoRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
        guard FileManager.default.fileExists(atPath: dir.path) else {
            print("skipped: ../shared/data not found")
            return nil
        }
        let p = dir.appendingPathComponent(relative).path
        guard FileManager.default.fileExists(atPath: p) else {
            print("skipped: ../shared/data/\(relative) not found")
            return nil
        }
        return p
    }

    /// A fresh, empty directory under the system temporary directory.
    static func tempDirectory() -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-map-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A new map store in a fresh temporary directory.
    static func freshStore() throws -> MapStore {
        try MapStore(path: tempDirectory().appendingPathComponent("map.sqlite").path)
    }

    /// A fixed import time, so nothing depends on the clock.
    static let importTime = Date(timeIntervalSince1970: 1_700_000_000)

    /// Row counts of the tables an import writes, to compare before and after.
    static func tableCounts(_ store: MapStore) throws -> [String: Int64] {
        var out: [String: Int64] = [:]
        for t in ["features", "feature_bbox", "feature_names", "routes", "route_members", "coverage_areas",
                  "coverage_tiles", "imports"] {
            out[t] = try store.db.scalar("SELECT count(*) FROM \(t)")?.integer ?? -1
        }
        return out
    }
}

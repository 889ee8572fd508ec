import CairnTestSupport
import Foundation
import TrailMap

/// The map fixtures the command tests share with TrailMapTests (`Tests/TrailMapTests/Fixtures`,
/// the sample extract) and fresh temporary directories (beside the shared ``TestSupport``).
extension TestSupport {
    /// A fixture of the TrailMap tests.
    static func fixture(_ name: String) -> String {
        repoRoot.appendingPathComponent("Tests/TrailMapTests/Fixtures/\(name)").path
    }

    /// The shipped sample extract around the Andorra sample track.
    static var sampleExtract: String { repoRoot.appendingPathComponent("Samples/andorra-ordino.osm").path }

    /// A fresh, empty directory under the system temporary directory.
    static func tempDirectory() -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A fixed import time, so nothing depends on the clock.
    static let importTime = Date(timeIntervalSince1970: 1_700_000_000)
}

/// The sample map, imported once per test run for the `route` tests.
enum RoutingFixtures {
    /// The map file made from `Samples/andorra-ordino.osm`.
    static let samplePath: String = {
        let path = TestSupport.tempDirectory().appendingPathComponent("map.sqlite").path
        do {
            _ = try MapStore(path: path).importOSM(path: TestSupport.sampleExtract, importedAt: TestSupport.importTime)
        } catch {
            fatalError("cannot import the sample extract: \(error)")
        }
        return path
    }()

    /// A fresh connection to the sample map.
    static func sampleStore() throws -> MapStore { try MapStore(path: samplePath, readOnly: true) }
}

/// A fresh directory under the system temporary folder.
func makeTempDirectory(_ tag: String = "cli") -> String {
    let dir = NSTemporaryDirectory() + "cairn-\(tag)-\(UUID().uuidString)"
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    return dir
}

func fileBytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

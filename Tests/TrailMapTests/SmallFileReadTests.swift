import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// A PBF or plain XML file up to 1 MiB is read into memory once and parsed from there; larger
/// and compressed files are streamed from the path (DECISIONS 441). Both paths must give the
/// same objects, and progress must still run to the file's size.
@Suite struct SmallFileReadTests {
    /// Objects of one full pass, and every progress call (bytes done, bytes in all).
    func read(_ path: String) throws -> (CollectingSink, [(Int64, Int64)]) {
        let sink = CollectingSink()
        var calls: [(Int64, Int64)] = []
        try OSMReader(path: path).read(.all, indexLocations: true, sink: sink) { done, size, _ in calls.append((done, size)) }
        return (sink, calls)
    }

    func fileSize(_ path: String) throws -> Int64 {
        (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? -1
    }

    @Test(arguments: ["upsert-v1.osm", "upsert-v1.osm.gz", "upsert-v1.osm.bz2", "andorra-ordino.osm.pbf"])
    func progressEndsAtTheFileSize(_ name: String) throws {
        let path = TestSupport.fixture(name)
        let (_, calls) = try read(path)
        let size = try fileSize(path)
        #expect(!calls.isEmpty)
        #expect(calls.allSatisfy { $0.1 == size && $0.0 >= 0 && $0.0 <= size }, "\(calls) for \(size) bytes")
        #expect(calls.last?.0 == size)
        #expect(zip(calls, calls.dropFirst()).allSatisfy { $0.0 <= $1.0 })
    }

    /// The plain file (memory) and its gzip and bzip2 copies (streamed) give the same objects.
    @Test func memoryAndStreamedReadsAgree() throws {
        func summary(_ s: CollectingSink) -> [String] {
            s.nodes.map { "n\($0.info.id) \($0.latE7),\($0.lonE7) \($0.tags)" }
                + s.ways.map { "w\($0.info.id) \($0.positions.map { $0.map { "\($0.0),\($0.1)" } ?? "-" }) \($0.tags)" }
                + s.relations.map { "r\($0.info.id) \($0.members.count)" }
        }
        let plain = summary(try read(TestSupport.fixture("upsert-v1.osm")).0)
        #expect(!plain.isEmpty)
        #expect(summary(try read(TestSupport.fixture("upsert-v1.osm.gz")).0) == plain)
        #expect(summary(try read(TestSupport.fixture("upsert-v1.osm.bz2")).0) == plain)
    }
}

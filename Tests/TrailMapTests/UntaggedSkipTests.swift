import Foundation
import Testing
import TrailCore
@testable import TrailMap

/// Untagged nodes and ways stay in the C++ reader unless the import still needs them
/// (DECISIONS 182); what they would have counted is counted there, and the store is the same.
@Suite struct UntaggedSkipTests {
    /// Reads `path` twice, everything and with skipping, and compares.
    func check(_ path: String, keepNodes: [Int64] = [], keepWays: [Int64] = []) throws {
        let all = CollectingSink()
        let full = try OSMReader(path: path)
        try full.read([.nodes, .ways], indexLocations: true, sink: all)
        let some = CollectingSink()
        let reader = try OSMReader(path: path)
        try reader.read([.nodes, .ways], indexLocations: true, keepUntagged: .init(nodes: keepNodes, ways: keepWays), sink: some)
        // The sink gets the tagged objects and the kept ones, in file order.
        let expectedNodes = all.nodes.filter { !$0.tags.isEmpty || keepNodes.contains($0.info.id) }.map(\.info.id)
        let expectedWays = all.ways.filter { !$0.tags.isEmpty || keepWays.contains($0.info.id) }.map(\.info.id)
        #expect(some.nodes.map(\.info.id) == expectedNodes)
        #expect(some.ways.map(\.info.id) == expectedWays)
        #expect(some.ways.map { $0.positions.map { $0.map { [$0.0, $0.1] } } } == all.ways.filter { expectedWays.contains($0.info.id) }.map { $0.positions.map { $0.map { [$0.0, $0.1] } } })
        // The rest is counted as the import session counts it.
        let skippedNodes = all.nodes.filter { $0.tags.isEmpty && !keepNodes.contains($0.info.id) }
        let skippedWays = all.ways.filter { $0.tags.isEmpty && !keepWays.contains($0.info.id) }
        let s = reader.skipped
        #expect(s.nodes == skippedNodes.count && s.ways == skippedWays.count)
        #expect(s.deleted == (skippedNodes.filter(\.info.deleted).count + skippedWays.filter(\.info.deleted).count))
        #expect(s.negativeIDs == (skippedNodes.filter { !$0.info.deleted && $0.info.id < 0 }.count
                                  + skippedWays.filter { !$0.info.deleted && $0.info.id < 0 }.count))
        #expect(s.nodesWithoutLocation == skippedNodes.filter { !$0.info.deleted && !$0.hasPosition }.count)
        let located = skippedNodes.filter { !$0.info.deleted && $0.hasPosition }
        if located.isEmpty {
            #expect(s.extent == nil)
        } else {
            let e = try #require(s.extent)
            #expect([e.0, e.1, e.2, e.3] == [located.map(\.latE7).min()!, located.map(\.latE7).max()!,
                                             located.map(\.lonE7).min()!, located.map(\.lonE7).max()!])
        }
        // Locations of skipped nodes are still indexed.
        for n in located.prefix(50) {
            #expect(reader.location(n.info.id).map { [$0.0, $0.1] } == [n.latE7, n.lonE7])
        }
    }

    @Test func pbfExtract() throws {
        let path = TestSupport.fixture("andorra-ordino.osm.pbf")
        try check(path)
        // Keeping a few untagged ones by id.
        let all = CollectingSink()
        try OSMReader(path: path).read([.nodes, .ways], indexLocations: true, sink: all)
        let nodes = all.nodes.filter(\.tags.isEmpty).map(\.info.id).prefix(30).sorted()
        let ways = all.ways.filter(\.tags.isEmpty).map(\.info.id).prefix(5).sorted()
        #expect(!nodes.isEmpty)
        try check(path, keepNodes: nodes, keepWays: ways)
    }

    @Test func josmFileWithDeletedAndNegativeObjects() throws {
        try check(TestSupport.fixture("josm-edits.osm"))
    }

    /// A node stored as a feature by a first import loses its tags in a second file: the
    /// second import still sees it (it is in the kept list) and removes the feature.
    @Test func storedNodeWhoseTagsWentIsRemoved() throws {
        let dir = TestSupport.tempDirectory()
        func file(_ name: String, _ tags: String) throws -> String {
            let p = dir.appendingPathComponent(name).path
            try Data("""
                <?xml version="1.0"?>
                <osm version="0.6" generator="test">
                  <node id="1" version="\(tags.isEmpty ? 2 : 1)" lat="42.5" lon="1.5">\(tags)</node>
                  <node id="2" version="1" lat="42.6" lon="1.6"/>
                </osm>
                """.utf8).write(to: URL(fileURLWithPath: p))
            return p
        }
        let store = try TestSupport.freshStore()
        let first = try store.importOSM(path: try file("a.osm", "<tag k='natural' v='peak'/><tag k='name' v='Tuc'/>"),
                                        importedAt: TestSupport.importTime)
        #expect(first.featuresWritten == 1)
        let second = try store.importOSM(path: try file("b.osm", ""), importedAt: TestSupport.importTime)
        #expect(second.featuresRemoved == 1)
        #expect(try store.featureCounts().isEmpty)
        #expect(second.coverage.first.map { [$0.minLatitude, $0.maxLatitude] } == [42.5, 42.6])
    }
}

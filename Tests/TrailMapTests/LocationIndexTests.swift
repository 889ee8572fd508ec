import Foundation
import Testing
@testable import TrailMap

/// The reader's node-location index (COSMReader): ids that arrive ascending are not sorted
/// again, a file whose ids stop ascending midway is (DECISIONS 1024). Every case must locate
/// exactly what the file gives, each node's coordinates computed from its id.
@Suite struct LocationIndexTests {
    /// Node `id` at lat = (id mod 79,999) / 1000 degrees, lon = -(id mod 79,999) / 2000 degrees
    /// (e7: k * 10,000 and -k * 5,000 with k = id mod 79,999).
    func node(_ id: Int64) -> String {
        let k = Double(id % 79_999)
        let lat = String(format: "%.7f", k / 1000), lon = String(format: "%.7f", -k / 2000)
        return "<node id=\"\(id)\" lat=\"\(lat)\" lon=\"\(lon)\"/>"
    }

    func expected(_ id: Int64) -> (Int32, Int32) { (Int32(id % 79_999 * 10_000), Int32(-(id % 79_999) * 5_000)) }

    /// Reads a file of `nodes` (in that order) and one way through `refs`; returns the way's positions and the reader.
    func read(nodes: [Int64], refs: [Int64], extra: String = "") throws -> ([(Int32, Int32)?], OSMReader) {
        let body = nodes.map(node).joined() + extra
            + "<way id=\"1\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + "<tag k=\"highway\" v=\"path\"/></way>"
        let path = TestSupport.tempDirectory().appendingPathComponent("index.osm").path
        try Data("<osm version=\"0.6\">\(body)</osm>".utf8).write(to: URL(fileURLWithPath: path))
        let sink = CollectingSink()
        let reader = try OSMReader(path: path)
        try reader.read(.all, indexLocations: true, sink: sink)
        return (try #require(sink.ways.first).positions, reader)
    }

    func expectLocated(_ positions: [(Int32, Int32)?], _ refs: [Int64], missing: Set<Int64> = []) {
        #expect(positions.count == refs.count)
        for (p, ref) in zip(positions, refs) {
            if missing.contains(ref) {
                #expect(p == nil, "node \(ref) has no location in the file")
            } else {
                #expect(p.map { $0 == expected(ref) } == true, "node \(ref): \(String(describing: p))")
            }
        }
    }

    @Test func ascendingIdsAreLocated() throws {
        let ids: [Int64] = [100, 101, 102, 104, 107]
        let refs: [Int64] = [107, 100, 103, 99, 104, 102, 108]
        let (positions, reader) = try read(nodes: ids, refs: refs)
        expectLocated(positions, refs, missing: [103, 99, 108])
        #expect(reader.location(101).map { $0 == expected(101) } == true)
        #expect(reader.location(105) == nil && reader.location(0) == nil && reader.location(1 << 40) == nil)
    }

    @Test func largeGapsBetweenAscendingIdsAreLocated() throws {
        let ids: [Int64] = [1, 2, 3, 3_000_000, 3_000_002, 9_000_000_000]
        let refs: [Int64] = ids.reversed() + [4, 3_000_001]
        let (positions, reader) = try read(nodes: ids, refs: refs)
        expectLocated(positions, refs, missing: [4, 3_000_001])
        #expect(reader.location(2).map { $0 == expected(2) } == true)
        #expect(reader.location(9_000_000_000).map { $0 == expected(9_000_000_000) } == true)
    }

    @Test func unsortedIdsAndNodesWithoutLocationAreLocatedAsGiven() throws {
        // Ascending at first, then not: the index is sorted before the ways are looked up.
        let ids: [Int64] = [50, 52, 51, 10, 60]
        let refs: [Int64] = [10, 50, 51, 52, 60, 53]
        let (positions, _) = try read(nodes: ids, refs: refs, extra: "<node id=\"53\"/>")
        expectLocated(positions, refs, missing: [53])
        // Negative (JOSM) ids next to dense positive ones.
        let (mixed, reader) = try read(nodes: [1, 2], refs: [-5, 1, 2], extra: "<node id=\"-5\" lat=\"1\" lon=\"2\"/>")
        #expect(mixed.count == 3 && mixed[0].map { $0 == (10_000_000, 20_000_000) } == true)
        expectLocated(Array(mixed.dropFirst()), [1, 2])
        #expect(reader.location(-5) != nil && reader.location(5) == nil)
    }

    /// Thousands of ids: ids at and around every 256th (runs of a 4 KiB page of the index),
    /// absent ids between present ones, below the first and past the last.
    @Test func thousandsOfIdsAreLocated() throws {
        let ids = (0..<3000).map { Int64($0) * 3 + 1 }
        var refs: [Int64] = []
        for k in stride(from: 0, to: 3000, by: 127) { refs += [ids[k], ids[k] + 1] }
        for k in [255, 256, 257, 511, 512, 513, 2815, 2816, 2999] { refs += [ids[k], ids[k] - 1] }
        refs += [0, ids[2999] + 3, Int64(1) << 40]
        let absent = Set(refs.filter { ($0 - 1) % 3 != 0 || $0 > ids[2999] })
        let (positions, reader) = try read(nodes: ids, refs: refs)
        expectLocated(positions, refs, missing: absent)
        #expect(ids.allSatisfy { id in reader.location(id).map { $0 == expected(id) } ?? false })
        #expect(absent.allSatisfy { reader.location($0) == nil })
    }

    /// Lookups that jump: the search starts where the last one ended (DECISIONS 1092) and must
    /// find every id whichever way and however far the next one lies, absent ids included.
    @Test func lookupsInAnyOrderAreLocated() throws {
        // Ids with gaps of 1 to 9 (the gap from a linear congruential sequence), 4,000 of them.
        var ids: [Int64] = []
        var state: UInt64 = 12_345
        func next() -> UInt64 { state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407; return state >> 33 }
        var id: Int64 = 7
        for _ in 0..<4000 { ids.append(id); id += Int64(next() % 9) + 1 }
        let present = Set(ids)
        // Runs forwards, backwards, long jumps both ways, and ids between present ones.
        var refs: [Int64] = Array(ids[100..<140]) + Array(ids[3000..<3020].reversed()) + [ids[0], ids[3999], ids[1], ids[3998]]
        for _ in 0..<600 { refs.append(Int64(next() % UInt64(id + 20))) }
        let (positions, reader) = try read(nodes: ids, refs: refs)
        expectLocated(positions, refs, missing: Set(refs.filter { !present.contains($0) }))
        #expect(ids.reversed().allSatisfy { id in reader.location(id).map { $0 == expected(id) } ?? false })
    }

    /// Nodes after ways, again and again: each way finds the nodes read before it, not those
    /// after; all of them afterwards.
    @Test func nodesBetweenWaysAreLocatedWhenReadBeforeThem() throws {
        var body = ""
        for r in 0..<24 {
            body += (1...40).map { node(Int64(r * 100 + $0)) }.joined()
            let refs = [r * 100 + 1, r * 100 + 40, r * 100 + 41, (r + 1) * 100 + 1, max(r - 1, 0) * 100 + 20]
            body += "<way id=\"\(r + 1)\">" + refs.map { "<nd ref=\"\($0)\"/>" }.joined() + "<tag k=\"highway\" v=\"path\"/></way>"
        }
        let path = TestSupport.tempDirectory().appendingPathComponent("mixed.osm").path
        try Data("<osm version=\"0.6\">\(body)</osm>".utf8).write(to: URL(fileURLWithPath: path))
        let sink = CollectingSink()
        let reader = try OSMReader(path: path)
        try reader.read(.all, indexLocations: true, sink: sink)
        #expect(sink.ways.count == 24)
        for (r, way) in sink.ways.enumerated() {
            let refs = way.nodeRefs
            expectLocated(way.positions, refs, missing: [Int64(r * 100 + 41), Int64((r + 1) * 100 + 1)])
        }
        #expect((0..<24).allSatisfy { r in (1...40).allSatisfy { reader.location(Int64(r * 100 + $0)) != nil } })
        #expect(reader.location(2401) == nil && reader.location(41) == nil)
    }
    /// Lookups gallop from where the last one ended (DECISIONS 1105): a way whose references
    /// run forwards, backwards, jump far either way, repeat, and name ids between, before and
    /// after the stored ones is located as the file gives it, in a file large enough (over
    /// 1 MiB of XML) for the file-backed index, and in a small one (the in-memory index).
    @Test func lookupsFromTheLastPositionFindWhatTheFileGives() throws {
        for count in [36_000, 300] {
            let ids = (1...Int64(count)).map { $0 * 3 }                      // 3, 6, 9, ...: gaps between
            var refs: [Int64] = []
            refs += ids.prefix(50)                                           // forwards
            refs += ids.prefix(80).reversed()                                // backwards
            var state: UInt64 = 99
            for _ in 0..<400 {                                               // far jumps, present or not
                state = state &* 6364136223846793005 &+ 1442695040888963407
                refs.append(Int64(state >> 33) % Int64(count * 3 + 10))
            }
            refs += [ids.last!, ids.last! + 1, 1, 0, 2, ids.first!, ids.first!, ids[count / 2], ids[count / 2] - 1, ids[count / 2] + 1]
            let stored = Set(ids)
            let (positions, reader) = try read(nodes: ids, refs: refs)
            expectLocated(positions, refs, missing: Set(refs.filter { !stored.contains($0) }))
            for ref in refs.reversed() {
                let found = reader.location(ref)
                #expect(stored.contains(ref) ? found.map { $0 == expected(ref) } == true : found == nil, "node \(ref)")
            }
        }
    }
}

import Foundation
import Testing
@testable import TrailMap

/// The PBF header block is decoded without a libosmium Reader (DECISIONS 1121): generator,
/// replication timestamp and bounding boxes must be what osmium-tool reads
/// (`osmium fileinfo -j`, its `header` object), and a file whose first blob is no header
/// block is still refused in words by the Reader.
@Suite struct PBFHeaderTests {
    /// (generator, osmosis_replication_timestamp, boxes as [min lon, min lat, max lon, max lat])
    /// from `osmium fileinfo -j`.
    func osmiumHeader(_ file: String) -> (String?, String?, [[Double]])? {
        guard let json = Osmium.run(["fileinfo", "-j", file]),
              let top = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any],
              let header = top["header"] as? [String: Any] else { return nil }
        let option = header["option"] as? [String: Any] ?? [:]
        let boxes = (header["boxes"] as? [[Double]]) ?? []
        return (option["generator"] as? String, option["osmosis_replication_timestamp"] as? String, boxes)
    }

    @Test func theHeaderIsWhatOsmiumReads() throws {
        var files = ["andorra-ordino.osm.pbf", "ordino-east.osm.pbf", "ordino-west.osm.pbf"].map { TestSupport.fixture($0) }
        if let andorra = TestSupport.sharedData("osm/WorldKG-andorra-latest-2021-06-22.osm.pbf") { files.append(andorra) }
        for file in files {
            guard let (generator, timestamp, boxes) = osmiumHeader(file) else { return }
            let reader = try OSMReader(path: file)
            #expect(reader.format == "pbf")
            #expect(reader.generator == generator, "\(file)")
            #expect(reader.headerTimestamp == timestamp, "\(file)")
            #expect(reader.bounds.count == boxes.count && !boxes.isEmpty, "\(file)")
            for (b, o) in zip(reader.bounds, boxes) {
                #expect(abs(b.minLongitude - o[0]) < 1e-7 && abs(b.minLatitude - o[1]) < 1e-7, "\(file)")
                #expect(abs(b.maxLongitude - o[2]) < 1e-7 && abs(b.maxLatitude - o[3]) < 1e-7, "\(file)")
            }
        }
    }

    /// A file that starts with a data blob (its header block cut off) is not read as one with
    /// an empty header: the Reader refuses it as before.
    @Test func aFileWithoutItsHeaderBlockIsRefused() throws {
        let data = try [UInt8](Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("ordino-east.osm.pbf"))))
        func be32(_ i: Int) -> Int { Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3]) }
        // Blob header length, then the BlobHeader's datasize (field 3, varint): skip that blob.
        let headerLength = be32(0)
        var i = 4, datasize = 0
        while i < 4 + headerLength {
            let key = data[i]; i += 1
            if key == 0x0A { i += Int(data[i]) + 1 } else if key == 0x18 {
                var shift = 0
                while true { let b = data[i]; i += 1; datasize |= Int(b & 0x7F) << shift; shift += 7; if b < 0x80 { break } }
            } else { Issue.record("unexpected BlobHeader field \(key)"); return }
        }
        #expect(datasize > 0)
        let rest = Array(data.dropFirst(4 + headerLength + datasize))
        let path = TestSupport.tempDirectory().appendingPathComponent("no-header.osm.pbf").path
        try Data(rest).write(to: URL(fileURLWithPath: path))
        #expect(throws: OSMReadError.self) { _ = try OSMReader(path: path) }
    }
}

import Foundation
import Testing
@testable import TrailMap

/// Hostile and broken files: one clear line (file, what is wrong), nothing imported, the store's
/// files byte for byte as they were, and memory bounded while refusing.
@Suite struct BadInputTests {
    /// A store holding the sample, its path, and the bytes of its files.
    func populatedStore() throws -> (MapStore, String, [Data]) {
        let path = TestSupport.tempDirectory().appendingPathComponent("map.sqlite").path
        let store = try MapStore(path: path)
        try store.importOSM(path: TestSupport.fixture("ordino-east.osm.pbf"), importedAt: TestSupport.importTime)
        return (store, path, TestSupport.storeBytes(path))
    }

    func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let p = TestSupport.tempDirectory().appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: p))
        return p
    }

    /// Peak resident memory of this process so far, in bytes (getrusage ru_maxrss is in KiB).
    func peakRSS() -> Int {
        var u = rusage()
        getrusage(RUSAGE_SELF.rawValue, &u)
        return u.ru_maxrss * 1024
    }

    /// Imports `file` into a populated store and checks the refusal.
    func expectRefused(_ file: String, _ kind: OSMReadError.Kind, containing text: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (store, path, before) = try populatedStore()
        let counts = try TestSupport.tableCounts(store)
        let rss = peakRSS()
        do {
            try store.importOSM(path: file, importedAt: TestSupport.importTime)
            Issue.record("\(file) must be refused", sourceLocation: sourceLocation)
        } catch let e as OSMReadError {
            #expect(e.kind == kind, "\(e)", sourceLocation: sourceLocation)
            #expect(e.reason.contains(text), "\(e)", sourceLocation: sourceLocation)
            #expect(e.file == file && !e.description.contains("\n"), "\(e)", sourceLocation: sourceLocation)
        }
        #expect(peakRSS() - rss < 64 << 20, "memory grew while refusing \(file)", sourceLocation: sourceLocation)
        #expect(try TestSupport.tableCounts(store) == counts, sourceLocation: sourceLocation)
        #expect(TestSupport.storeBytes(path) == before, "the store's files changed", sourceLocation: sourceLocation)
    }

    var pbf: [UInt8] { get throws { Array(try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("andorra-ordino.osm.pbf")))) } }

    @Test func truncatedPBF() throws {
        let data = try pbf
        for fraction in [3, 6, 9] {
            try expectRefused(try write(Array(data.prefix(data.count * fraction / 10)), "cut-\(fraction).osm.pbf"),
                              .damagedPBF, containing: "PBF")
        }
    }

    @Test func randomBytes() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15  // splitmix64, fixed seed
        let bytes = (0..<65_536).map { _ -> UInt8 in
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return UInt8(truncatingIfNeeded: z ^ (z >> 31))
        }
        try expectRefused(try write(bytes, "random.osm.pbf"), .notOSM, containing: "neither OSM PBF nor OSM XML")
        // Random bytes after a valid PBF file header block: damaged, not a crash.
        let data = try pbf
        let headerBlock = Int(data[3]) + 4 + 200
        try expectRefused(try write(Array(data.prefix(headerBlock)) + bytes, "tail.osm.pbf"), .damagedPBF, containing: "PBF")
    }

    /// Varint encoding (protobuf).
    func varint(_ v: UInt64) -> [UInt8] {
        var v = v, out: [UInt8] = []
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        return out + [UInt8(v)]
    }

    @Test func blockHeadersClaimingGigabytes() throws {
        let data = try pbf
        let headerLength = Int(data[0]) << 24 | Int(data[1]) << 16 | Int(data[2]) << 8 | Int(data[3])
        // The BlobHeader's length prefix says 2 GB.
        try expectRefused(try write([0x7F, 0xFF, 0xFF, 0xF0] + Array(data.dropFirst(4)), "huge-header.osm.pbf"),
                          .damagedPBF, containing: "PBF")
        // A BlobHeader (type "OSMHeader", field 3 datasize) claiming a 2 GB blob.
        let blobHeader = [0x0A, 9] + Array("OSMHeader".utf8) + [0x18] + varint(2_000_000_000)
        let length = UInt32(blobHeader.count)
        let prefix: [UInt8] = [UInt8(length >> 24), UInt8(length >> 16 & 0xFF), UInt8(length >> 8 & 0xFF), UInt8(length & 0xFF)]
        try expectRefused(try write(prefix + blobHeader + Array(data.dropFirst(4 + headerLength)), "huge-blob.osm.pbf"),
                          .damagedPBF, containing: "PBF")
    }

    @Test func decompressionBombs() throws {
        // 100 MB of spaces after a valid <osm> start, gzip 97 KB, bzip2 167 bytes.
        try expectRefused(TestSupport.fixture("bomb.osm.gz"), .badCompression, containing: "decompression bomb")
        try expectRefused(TestSupport.fixture("bomb.osm.bz2"), .badCompression, containing: "decompression bomb")
        // A gzip file cut short.
        let gz = Array(try Data(contentsOf: URL(fileURLWithPath: TestSupport.fixture("upsert-v1.osm.gz"))))
        try expectRefused(try write(Array(gz.prefix(gz.count / 2)), "cut.osm.gz"), .badCompression, containing: "ends early")
    }

    @Test func directoriesAndUnreadableFiles() throws {
        let dir = TestSupport.tempDirectory().path
        try expectRefused(dir, .io, containing: "is a directory")
        try expectRefused(dir + "/missing.osm.pbf", .io, containing: "No such file")
        let link = dir + "/dangling.osm.pbf"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: dir + "/gone")
        try expectRefused(link, .io, containing: "No such file")
        if geteuid() != 0 {
            let p = try write(try pbf, "secret.osm.pbf")
            chmod(p, 0)
            try expectRefused(p, .io, containing: "Permission denied")
        } else {
            // Root reads every mode; /proc/self/mem opens but every read at offset 0 fails.
            print("note: running as root, so an unreadable file is /proc/self/mem instead of a chmod 000 file")
            try expectRefused("/proc/self/mem", .io, containing: "read failed")
        }
    }
}

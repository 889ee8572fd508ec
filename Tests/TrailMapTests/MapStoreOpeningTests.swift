import Foundation
import Testing
import TrailStore
@testable import TrailMap

/// What `MapStore` refuses before changing anything: files that are not SQLite, another
/// program's database, a damaged file; each left byte-identical, with a message in words.
@Suite struct MapStoreOpeningTests {
    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func refusal(_ path: String, readOnly: Bool = false) -> String? {
        do {
            _ = try MapStore(path: path, readOnly: readOnly)
            return nil
        } catch let e as MapStore.OpenError {
            return e.description
        } catch {
            return "not an OpenError: \(error)"
        }
    }

    @Test func aTextFileIsRefusedInWordsAndLeftByteIdentical() throws {
        let dir = TestSupport.tempDirectory()
        let path = dir.appendingPathComponent("notes.txt").path
        let text = Data("my packing list\nboots\nmap\n".utf8)
        try text.write(to: URL(fileURLWithPath: path))
        for readOnly in [false, true] {
            let message = try #require(refusal(path, readOnly: readOnly))
            #expect(message.contains("not an SQLite database") && !message.contains("SQLite error"), "\(message)")
        }
        #expect(bytes(path) == text)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        // Through the command line: CairnCLITests' MapCommandTests.
    }

    @Test func aHikeStoreIsRefusedAndLeftByteIdentical() throws {
        let path = TestSupport.tempDirectory().appendingPathComponent("hikes.sqlite").path
        do { _ = try HikeStore(path: path) }
        let before = try #require(bytes(path))
        let message = try #require(refusal(path))
        #expect(message.contains("another database"))
        #expect(bytes(path) == before)
    }

    @Test func aDamagedFileIsRefusedAndLeftByteIdentical() throws {
        let path = TestSupport.tempDirectory().appendingPathComponent("map.sqlite").path
        var damaged = Data("SQLite format 3\0".utf8)
        damaged.append(Data((0..<8176).map { UInt8(truncatingIfNeeded: $0 &* 53 &+ 7) }))
        try damaged.write(to: URL(fileURLWithPath: path))
        let message = try #require(refusal(path))
        #expect(!message.contains("SQLite error"), "\(message)")
        #expect(bytes(path) == damaged)
    }
}

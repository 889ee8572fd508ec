import CairnTestSupport
import Foundation
import Testing
@testable import TrailTerrain

/// `cairn dem import`'s transaction: checks before writing, nothing stored on failure,
/// earlier tiles untouched.
@Suite struct TerrainImportTests {
    let fixtures = TerrainFixtures.fixtures.path

    func listing(_ dir: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).sorted() }

    @Test func aZippedTileIsCheckedInflatedAndStored() throws {
        let dir = TerrainFixtures.temporaryDirectory()
        let done = try TerrainImport.run([(TerrainFixtures.sampleTile, "N42E001.hgt.zip")], into: dir)
        #expect(done.map(\.id.name) == ["N42E001"])
        #expect(done[0].format == .srtm3 && !done[0].replaced)
        #expect(listing(dir) == ["N42E001.hgt"])
        let size = try FileManager.default.attributesOfItem(atPath: dir + "/N42E001.hgt")[.size] as? Int
        #expect(size == 2_884_802)
        // Again: replaces, still one file.
        #expect(try TerrainImport.run([(TerrainFixtures.sampleTile, "N42E001.hgt.zip")], into: dir)[0].replaced)
        #expect(listing(dir) == ["N42E001.hgt"])
    }

    @Test func badInputsAreRefusedWithOneClearErrorAndNothingChanges() throws {
        let dir = TerrainFixtures.temporaryDirectory()
        _ = try TerrainImport.run([(TerrainFixtures.sampleTile, "N42E001.hgt.zip")], into: dir)
        let before = try Data(contentsOf: URL(fileURLWithPath: dir + "/N42E001.hgt"))
        let src = TerrainFixtures.temporaryDirectory()
        _ = FileManager.default.createFile(atPath: src + "/N42E002.hgt", contents: Data(count: 1201 * 1201 * 2 - 2))
        _ = FileManager.default.createFile(atPath: src + "/andorra.hgt", contents: Data(count: 1201 * 1201 * 2))
        let cases: [(String, String, (TerrainError) -> Bool)] = [
            (fixtures + "/N43E001.hgt.zip", "N43E001.hgt.zip", { if case .inflatesTooBig = $0 { return true }; return false }),
            (fixtures + "/N44E001.hgt.zip", "N44E001.hgt.zip", { if case .notATileArchive = $0 { return true }; return false }),
            (fixtures + "/N45E001.hgt.zip", "N45E001.hgt.zip", { if case .wrongSize = $0 { return true }; return false }),
            (fixtures + "/N46E001.hgt.zip", "N46E001.hgt.zip", { if case .notATileArchive = $0 { return true }; return false }),
            (src + "/N42E002.hgt", "N42E002.hgt", { $0 == .wrongSize(file: "N42E002.hgt", bytes: 1201 * 1201 * 2 - 2) }),
            (src + "/andorra.hgt", "andorra.hgt", { $0 == .notATileName(file: "andorra.hgt") }),
            (src + "/N40E001.hgt", "N40E001.hgt", { if case .unreadable = $0 { return true }; return false }),
        ]
        for (path, shown, matches) in cases {
            // The good tile goes first in the batch: it must not be stored either.
            do {
                _ = try TerrainImport.run([(TerrainFixtures.sampleTile, "N42E001.hgt.zip"), (path, shown)], into: dir)
                Issue.record("\(shown) was imported")
            } catch let e as TerrainError {
                #expect(matches(e), "\(shown): \(e)")
                #expect(e.description.hasPrefix(shown), "the error names the file: \(e)")
            }
            #expect(listing(dir) == ["N42E001.hgt"], "\(shown): temporary files left or tiles added")
            #expect(try Data(contentsOf: URL(fileURLWithPath: dir + "/N42E001.hgt")) == before)
        }
    }

    @Test func aDirectoryImportsEveryTileInIt() throws {
        let src = TerrainFixtures.temporaryDirectory()
        try FileManager.default.copyItem(atPath: TerrainFixtures.sampleTile, toPath: src + "/N42E001.hgt.zip")
        _ = FileManager.default.createFile(atPath: src + "/S01W078.hgt", contents: Data(count: 1201 * 1201 * 2))
        _ = FileManager.default.createFile(atPath: src + "/notes.txt", contents: Data("x".utf8))
        let dir = TerrainFixtures.temporaryDirectory()
        let inputs = try TerrainImport.expand(src, shownAs: "tiles")
        #expect(inputs.map(\.shown) == ["tiles/N42E001.hgt.zip", "tiles/S01W078.hgt"])
        _ = try TerrainImport.run(inputs, into: dir)
        let store = TerrainStore(directory: dir)
        #expect(store.tileIDs.map(\.name) == ["S01W078", "N42E001"])
        #expect(store.height(at: .init(latitude: -0.5, longitude: -77.5)).metres == 0)
        #expect(throws: TerrainError.self) { try TerrainImport.expand(TerrainFixtures.temporaryDirectory(), shownAs: "empty") }
    }
}

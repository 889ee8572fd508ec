import CairnCLI
import Foundation
import Testing
@testable import TrailStore

/// Commands that work on stored hikes never create a store; `import` and `route --save` do.
@Suite struct StoreCreationTests {
    static let noStoreHint = "— import a GPX file first (cairn import FILE.gpx)"

    @Test func commandsOnStoredHikesCreateNothing() throws {
        let root = makeTempDirectory("nostore")
        let store = root + "/newdir/sub/h.sqlite"
        let themes = ["CAIRN_THEMES": repoRoot + "/Themes"]
        for args in [["list"], ["list", "--json"], ["show", "abcdef"], ["export", "abcdef"], ["rename", "abcdef", "New"],
                     ["delete", "abcdef", "--yes"], ["render", "abcdef", "--map", root + "/none.sqlite"]] {
            let run = cairn(args + ["--store", store], environment: themes)
            #expect(run.status == 1, "\(args)")
            #expect(run.stderr.contains("no hike store at \(store) \(Self.noStoreHint)"), "\(args): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: root + "/newdir"), "\(args) created the directory")
        }
        // The default store (XDG_DATA_HOME) is not created either.
        let xdg = root + "/xdg"
        let run = cairn(["list"], environment: ["XDG_DATA_HOME": xdg])
        #expect(run.status == 1 && run.stderr.contains("no hike store at \(xdg)/cairn/hikes.sqlite"))
        #expect(!FileManager.default.fileExists(atPath: xdg))
        // A route without --save reads no store.
        let route = cairn(["route", "46.5,8.0", "46.501,8.0", "--map", root + "/none.sqlite", "--store", store])
        #expect(route.status == 0, "\(route.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root + "/newdir"))
        // import and route --save create it.
        #expect(cairn(["route", "46.5,8.0", "46.501,8.0", "--straight", "--save", "Walk", "--store", store]).status == 0)
        #expect(try HikeStore(path: store).hikeCount() == 1)
        let other = root + "/other/h.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", "--store", other]).status == 0)
        #expect(cairn(["list", "--store", other]).status == 0)
    }

    @Test func theStoreRefusesToCreateWhenAskedNotTo() throws {
        let path = makeTempDirectory("nocreate") + "/a/h.sqlite"
        #expect(throws: HikeStoreError.noStore(path: path)) { _ = try HikeStore(path: path, create: false) }
        #expect(!FileManager.default.fileExists(atPath: (path as NSString).deletingLastPathComponent))
        _ = try HikeStore(path: path)
        #expect(try HikeStore(path: path, create: false).hikeCount() == 0)
    }

    @Test func aNewStoreInAMissingDirectoryTreeUnderAFileSaysSo() throws {
        let root = makeTempDirectory("underfile")
        try Data("x".utf8).write(to: URL(fileURLWithPath: root + "/plain"))
        let run = cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", "--store", root + "/plain/h.sqlite"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("cannot create the store directory \(root)/plain: a file of that name exists"), "\(run.stderr)")
        #expect(!run.stderr.contains("SQLite error"))
    }
}

import Foundation
import Testing
@testable import TrailStore

/// Stores the user may not write: a real `cairn` child process as an unprivileged user (as
/// root through `setpriv` as nobody, 65534, since root ignores file modes), so the kernel
/// refuses the writes. Messages are in words, never "SQLite error N"; files stay byte-identical.
@Suite(.serialized) struct PermissionTests {
    /// Runs `cairn args` as an unprivileged user; nil (notice printed) when that is impossible.
    func runUnprivileged(_ args: [String], dir: String) throws -> ProcessResult? {
        guard let cairn = cairnExecutable() else {
            Issue.record("build the cairn executable first (swift build)")
            return nil
        }
        guard geteuid() == 0 else { return try runToEnd(cairn, args, environment: ["LANG": "C.UTF-8"], dir: dir) }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else {
            print("skipped: running as root without /usr/bin/setpriv to drop privileges")
            return nil
        }
        return try runToEnd("/usr/bin/setpriv", ["--reuid", "65534", "--regid", "65534", "--clear-groups", cairn] + args,
                            environment: ["LANG": "C.UTF-8"], dir: dir)
    }

    /// A directory only its owner may write (root's for nobody; 0555 for a non-root user).
    func unwritableDirectory(_ tag: String) -> String {
        let dir = makeTempDirectory(tag)
        chmod(dir, geteuid() == 0 ? 0o755 : 0o555)
        return dir
    }

    func expectWords(_ r: ProcessResult, _ phrase: String, _ what: String) {
        #expect(r.status == 1, "\(what): \(r.stderr)")
        #expect(r.stderr.contains(phrase), "\(what): \(r.stderr)")
        #expect(!r.stderr.contains("SQLite error"), "\(what): \(r.stderr)")
    }

    @Test func aReadOnlyStoreIsReadableAndRefusesWritesInWords() throws {
        let dir = makeTempDirectory("readonly")
        let logs = makeTempDirectory("readonly-logs")
        defer { chmod(dir, 0o700); try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: logs) }
        chmod(dir, 0o777)  // the directory may be written (SQLite's -wal and -shm), the file not
        let store = dir + "/hikes.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", "--store", store]).status == 0)
        let id = try idsInInsertOrder(store)[0].rawValue
        chmod(store, 0o444)
        let before = try #require(fileBytes(store))

        guard let list = try runUnprivileged(["list", "--store", store], dir: logs) else { return }
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains(id) && list.stdout.contains("gpxpy-Mojstrovka"))
        let readOnly = "the hike store \(store) is read-only"
        expectWords(try #require(try runUnprivileged(["import", repoRoot + "/Samples/togeojson-trek.gpx", "--store", store], dir: logs)),
                    readOnly, "import")
        expectWords(try #require(try runUnprivileged(["rename", id, "Renamed", "--store", store], dir: logs)), readOnly, "rename")
        expectWords(try #require(try runUnprivileged(["delete", id, "--yes", "--store", store], dir: logs)), readOnly, "delete")
        expectWords(try #require(try runUnprivileged(["route", "46.5,8", "46.51,8", "--straight", "--save", "W", "--store", store],
                                                     dir: logs)), readOnly, "route --save")
        #expect(fileBytes(store) == before)
    }

    @Test func aDirectoryThatCannotBeWrittenIsNamed() throws {
        let dir = unwritableDirectory("nowrite")
        let logs = makeTempDirectory("nowrite-logs")
        defer { chmod(dir, 0o700); try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: logs) }
        let gpx = repoRoot + "/Samples/gpxpy-Mojstrovka.gpx"
        guard let fresh = try runUnprivileged(["import", gpx, "--store", dir + "/hikes.sqlite"], dir: logs) else { return }
        expectWords(fresh, "cannot open the hike store \(dir)/hikes.sqlite: no permission to create files in \(dir)", "new store")
        expectWords(try #require(try runUnprivileged(["import", gpx, "--store", dir + "/sub/hikes.sqlite"], dir: logs)),
                    "cannot create the store directory \(dir)/sub: no permission to create directories in \(dir)", "new directory")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)

        // An existing store, writable itself, in that directory: SQLite cannot make its -shm.
        chmod(dir, 0o755)
        let store = dir + "/hikes.sqlite"
        #expect(cairn(["import", gpx, "--store", store]).status == 0)
        chmod(store, 0o666)
        chmod(dir, geteuid() == 0 ? 0o755 : 0o555)
        let before = try #require(fileBytes(store))
        expectWords(try #require(try runUnprivileged(["list", "--store", store], dir: logs)), "the hike store \(store) is read-only", "list")
        #expect(fileBytes(store) == before)
    }

    @Test func aReadOnlyMapStoreIsRefusedInWordsAndLeftAlone() throws {
        let dir = makeTempDirectory("readonly-map")
        let logs = makeTempDirectory("readonly-map-logs")
        defer { chmod(dir, 0o700); try? FileManager.default.removeItem(atPath: dir); try? FileManager.default.removeItem(atPath: logs) }
        chmod(dir, 0o777)
        let map = dir + "/map.sqlite"
        let osm = repoRoot + "/Tests/TrailMapTests/Fixtures/upsert-v1.osm"
        #expect(cairn(["map", "import", "--map", map, osm]).status == 0)
        chmod(map, 0o444)
        let before = try #require(fileBytes(map))
        guard let r = try runUnprivileged(["map", "import", "--map", map, osm], dir: logs) else { return }
        #expect(r.status == 1)
        #expect(r.stderr.contains("\(map): read-only"), "\(r.stderr)")
        #expect(!r.stderr.contains("SQLite error"), "\(r.stderr)")
        let info = try #require(try runUnprivileged(["map", "info", "--map", map], dir: logs))
        #expect(info.status == 0, "\(info.stderr)")
        #expect(fileBytes(map) == before)
    }
}

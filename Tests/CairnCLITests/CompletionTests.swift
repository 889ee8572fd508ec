import Foundation
import Testing
@testable import CairnCLI

/// The completion scripts, run in the shells: bash's `_cairn` is called as bash's completion
/// would call it (COMP_WORDS, COMP_CWORD) and COMPREPLY read back; zsh and fish scripts are
/// checked for syntax when those shells are installed.
@Suite struct CompletionTests {
    /// The completions bash offers for `words`, the last being the word under the cursor.
    func bash(_ words: [String], in dir: String, environment: [String: String] = [:]) throws -> [String] {
        guard let exe = cairnExecutable() else { return [] }
        let script = dir + "/cairn.bash"
        if !FileManager.default.fileExists(atPath: script) {
            try BashCompletion.script().write(toFile: script, atomically: true, encoding: .utf8)
        }
        let quoted = words.map(CompletionModel.quote).joined(separator: " ")
        let program = "source \(CompletionModel.quote(script)); cd \(CompletionModel.quote(dir)); COMP_WORDS=(\(quoted)); "
            + "COMP_CWORD=\(words.count - 1); _cairn; printf '%s\\n' \"${COMPREPLY[@]}\""
        var env = environment
        env["PATH"] = (exe as NSString).deletingLastPathComponent + ":/usr/bin:/bin"
        env["HOME"] = dir
        let r = try runToEnd("/bin/bash", ["--norc", "--noprofile", "-c", program], environment: env, dir: dir)
        #expect(r.status == 0 && r.stderr.isEmpty, "bash: \(r.stderr)")
        return r.stdout.split(separator: "\n").map(String.init).sorted()
    }

    @Test func bashCompletesCommandsOptionsChoicesFilesAndHikeIDs() throws {
        guard cairnExecutable() != nil else { print("skipped: .build/debug/cairn not built"); return }
        let dir = makeTempDirectory("completion")
        #expect(try bash(["cairn", "ex"], in: dir) == ["export"])
        #expect(try bash(["cairn", "ma"], in: dir) == ["man", "map", "match"])
        #expect(try bash(["cairn", "map", "i"], in: dir) == ["import", "info"])
        #expect(try bash(["cairn", "comp"], in: dir) == ["completion"], "complete-hikes is hidden")
        #expect(try bash(["cairn", "list", "--s"], in: dir) == ["--sort", "--store"])
        #expect(try bash(["cairn", "list", "--sort", ""], in: dir) == ["date", "distance", "duration", "gain", "name"])
        #expect(try bash(["cairn", "map", "import", "--"], in: dir) == ["--help", "--map"])
        #expect(try bash(["cairn", "record", "--max-"], in: dir) == ["--max-accuracy", "--max-speed"])
        #expect(try bash(["cairn", "completion", ""], in: dir) == ["bash", "fish", "zsh"])
        #expect(try bash(["cairn", "--the"], in: dir) == ["--theme"], "options alone are the viewer's")

        // Files by the declared extensions, and directories.
        for f in ["walk.gpx", "notes.txt", "area.osm", "area.osm.gz"] {
            _ = FileManager.default.createFile(atPath: dir + "/" + f, contents: Data())
        }
        try FileManager.default.createDirectory(atPath: dir + "/trips", withIntermediateDirectories: true)
        #expect(try bash(["cairn", "import", ""], in: dir) == ["trips", "walk.gpx"])
        #expect(try bash(["cairn", "map", "import", "a"], in: dir) == ["area.osm", "area.osm.gz"])

        // Hike ids from the store given on the line, and from CAIRN_STORE; nothing without a store.
        let store = dir + "/hikes.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", "--store", store]).status == 0)
        let ids = try idsInInsertOrder(store).map(\.rawValue).sorted()
        #expect(!ids.isEmpty)
        #expect(try bash(["cairn", "show", "--store", store, ""], in: dir) == ids)
        #expect(try bash(["cairn", "export", ""], in: dir, environment: ["CAIRN_STORE": store]) == ids)
        #expect(try bash(["cairn", "export", ids[0], "--format", "g"], in: dir) == ["geojson", "gpx"])
        #expect(try bash(["cairn", "show", "--store", dir + "/none.sqlite", ""], in: dir) == [])
        #expect(!FileManager.default.fileExists(atPath: dir + "/none.sqlite"), "the query creates no store")
    }

    @Test func hikeQueryPrintsIDsAndNamesAndNothingOnError() throws {
        let dir = makeTempDirectory("complete-hikes")
        let store = dir + "/hikes.sqlite"
        let empty = cairn(["complete-hikes", "--store", store])
        #expect(empty.status == 1 && empty.stdout.isEmpty && empty.stderr.isEmpty)
        #expect(cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", "--store", store]).status == 0)
        let run = cairn(["complete-hikes", "--store", store])
        let ids = try idsInInsertOrder(store).map(\.rawValue)
        #expect(run.status == 0 && Set(run.stdout.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }) == Set(ids))
        #expect(!cairn(["--help"]).stdout.contains("complete-hikes"))
    }

    @Test func zshAndFishScriptsParseWhenInstalled() throws {
        let dir = makeTempDirectory("completion-shells")
        for (shell, script, check) in [("/usr/bin/zsh", ZshCompletion.script(), ["-n"]),
                                        ("/usr/bin/fish", FishCompletion.script(), ["--no-execute"])] {
            guard FileManager.default.isExecutableFile(atPath: shell) else {
                print("skipped: \(shell) not installed")
                continue
            }
            let file = dir + "/" + (shell as NSString).lastPathComponent + ".completion"
            try script.write(toFile: file, atomically: true, encoding: .utf8)
            let r = try runToEnd(shell, check + [file], dir: dir)
            #expect(r.status == 0 && r.stderr.isEmpty, "\(shell): \(r.stderr)")
        }
    }
}

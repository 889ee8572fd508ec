import CairnCLI
import Foundation
import OverpassSupport
import Testing
@testable import TrailStore

/// The `cairn` front door: --version, command groups, near misses, table alignment with wide
/// characters, and `make install`.
@Suite struct CommandLineTests {
    @Test func versionIsPrinted() {
        for flag in ["--version", "-V"] {
            let run = cairn([flag])
            #expect(run.status == 0 && run.stdout == "cairn \(CairnCLI.version)\n")
        }
        #expect(CairnCLI.version.split(separator: ".").count == 3 && CairnCLI.version.split(separator: ".").allSatisfy { Int($0) != nil })
        #expect(cairn(["--help"]).stdout.contains("cairn --version"))
    }

    @Test func optionsWithoutACommandAreTheViewers() {
        // Not a terminal here, so the viewer refuses, which shows the options reached it.
        let run = cairn(["--store", "/nonexistent/dir/h.sqlite"])
        #expect(run.status == 1)
        #expect(run.stderr.hasPrefix("cairn tui: the viewer needs a terminal"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/nonexistent/dir"))
    }

    @Test func theMapGroupListsItsCommands() {
        for args in [["map"], ["map", "--help"], ["map", "-h"]] {
            let run = cairn(args)
            #expect(run.status == 0, "\(args): \(run.stderr)")
            #expect(run.stdout.contains("Usage: cairn map COMMAND"), "\(args)")
            #expect(run.stdout.contains("  map import  Import OpenStreetMap extracts"), "\(args): \(run.stdout)")
            #expect(run.stdout.contains("  map info    Show the offline map"), "\(args)")
        }
        let typo = cairn(["map", "inf"])
        #expect(typo.status == 2)
        #expect(typo.stderr.hasPrefix("cairn: unknown command 'map inf'. Did you mean 'map info'?"), "\(typo.stderr)")
        #expect(typo.stderr.contains("map import"))
    }

    @Test func unknownCommandsSuggestTheClosest() {
        let cases: [(String, String?)] = [("lst", "Did you mean 'list'?"), ("improt", "Did you mean 'import'?"),
                                          ("exprot", "Did you mean 'export'?"), ("ren", "Did you mean 'rename' or 'render'?"),
                                          ("xyzzy", nil)]
        for (word, hint) in cases {
            let run = cairn([word])
            #expect(run.status == 2, "\(word)")
            #expect(run.stderr.hasPrefix("cairn: unknown command '\(word)'."), "\(word): \(run.stderr)")
            if let hint { #expect(run.stderr.contains(hint), "\(word): \(run.stderr)") } else { #expect(!run.stderr.contains("Did you mean"), "\(word)") }
        }
    }

    /// Widths counted by hand (East Asian Wide ideographs and kana: 2 columns each; 🥾 has
    /// Emoji_Presentation: 2): "日本アルプス縦走 🥾" = 8 × 2 + 1 + 2 = 19 columns.
    @Test func listAlignsColumnsByDisplayWidth() throws {
        let store = makeTempDirectory("wide") + "/hikes.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/togeojson-multitrackgpx.gpx", "--store", store]).status == 0)
        let ids = try idsInInsertOrder(store).map(\.rawValue)   // Tag 1, Tag 2, Tag 3 (dates in that order)
        let wide = "日本アルプス縦走 🥾"
        let long = String(repeating: "日本アルプス縦走", count: 4)   // 64 columns
        #expect(cairn(["rename", ids[0], wide, "--store", store]).status == 0)
        #expect(cairn(["rename", ids[1], long, "--store", store]).status == 0)
        let lines = cairn(["list", "--reverse", "--store", store]).stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)  // oldest first with --reverse: Tag 1, 2, 3
        // The NAME column is 39 columns wide: the long name cut to 19 ideographs (38
        // columns; the 20th would pass 39) and "…" (1). The header pads "NAME" to 39.
        let cut = String(long.prefix(19)) + "…"
        #expect(lines[0].hasPrefix("ID      NAME" + String(repeating: " ", count: 35) + "  DATE"), "\(lines[0])")
        #expect(lines[1].hasPrefix(ids[0] + "  " + wide + String(repeating: " ", count: 39 - 19) + "  2"), "\(lines[1])")
        #expect(lines[2].hasPrefix(ids[1] + "  " + cut + "  2"), "\(lines[2])")
        #expect(lines[3].hasPrefix(ids[2] + "  Tag 3" + String(repeating: " ", count: 39 - 5) + "  2"), "\(lines[3])")
    }

    @Test func makeInstallPutsCairnAndItsThemesUnderThePrefix() throws {
        guard let built = cairnExecutable() else {
            Issue.record("build the cairn executable first (swift build)")
            return
        }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/make") else {
            print("skipped: make not installed")
            return
        }
        let dir = makeTempDirectory("install")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let prefix = dir + "/prefix"
        // install-files is `make install` without the release build in front of it.
        let make = try runToEnd("/usr/bin/make", ["-C", repoRoot, "install-files", "PREFIX=\(prefix)", "CAIRN_BIN=\(built)"], dir: dir)
        #expect(make.status == 0, "\(make.stderr)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/cairn"))
        // The program `cairn map fetch` runs, where the installed cairn looks for it.
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/libexec/cairn/cairn-overpass"))
        #expect(OverpassHelper.find(executable: prefix + "/bin/cairn")?.path == prefix + "/bin/../libexec/cairn/cairn-overpass")
        let themes = try FileManager.default.contentsOfDirectory(atPath: repoRoot + "/Themes").filter { $0.hasSuffix(".json") }
        #expect(!themes.isEmpty)
        for t in themes { #expect(fileBytes(prefix + "/share/cairn/Themes/" + t) == fileBytes(repoRoot + "/Themes/" + t), "\(t)") }
        // The installed program runs from anywhere and finds its themes under the prefix.
        let render = try runToEnd(prefix + "/bin/cairn", ["render", repoRoot + "/Samples/GPSTools-Oybin.gpx", "--size", "60x20",
                                                          "--theme", "light", "--map", dir + "/none.sqlite"],
                                  environment: ["CAIRN_THEMES": "", "HOME": dir], dir: dir)
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try runToEnd(prefix + "/bin/cairn", ["--version"], dir: dir).stdout == "cairn \(CairnCLI.version)\n")
        let uninstall = try runToEnd("/usr/bin/make", ["-C", repoRoot, "uninstall", "PREFIX=\(prefix)"], dir: dir)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/cairn"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/libexec/cairn"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/share/cairn"))
    }
}

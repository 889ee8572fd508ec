import Foundation
import Testing

/// End-to-end: cairn in the user's language (issue 37). Each test compiles po/LANG.po with GNU
/// msgfmt into a temporary tree (CAIRN_LOCALEDIR), runs the real binary, and checks its words
/// against GNU `gettext` asked the same question over the same catalogue: the reference is
/// gettext's own lookup, not what cairn printed before.
@Suite(.serialized) struct LanguageTests {
    static let languages = ["de", "fr", "es"]

    /// The catalogues compiled once per test process; nil when msgfmt or gettext is missing.
    static let catalogues: URL? = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/msgfmt"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/gettext") else { return nil }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-locale-\(UUID().uuidString)")
        for lang in languages {
            let out = dir.appendingPathComponent("\(lang)/LC_MESSAGES")
            try? FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            let r = run(["/usr/bin/msgfmt", "--check", "-o", out.appendingPathComponent("cairn.mo").path,
                         E2EPaths.repo.appendingPathComponent("po/\(lang).po").path], environment: [:])
            guard r.status == 0 else { print("msgfmt failed for \(lang): \(r.stderr)"); return nil }
        }
        return dir
    }()

    static var ready: Bool {
        guard FileManager.default.isExecutableFile(atPath: E2EPaths.cairn) else {
            print("skipped: \(E2EPaths.cairn) is not built"); return false
        }
        guard catalogues != nil else { print("skipped: msgfmt/gettext (Debian gettext) missing"); return false }
        return true
    }

    static func run(_ argv: [String], environment: [String: String]) -> (status: Int32, stdout: String, stderr: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: argv[0])
        p.arguments = Array(argv.dropFirst())
        p.environment = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()].merging(environment) { $1 }
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        guard (try? p.run()) != nil else { return (-1, "", "") }
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    /// GNU gettext's translation of `msgid` in `lang` over the test's catalogues.
    static func reference(_ msgid: String, _ lang: String) -> String {
        run(["/usr/bin/gettext", "-d", "cairn", "--", msgid],
            environment: ["TEXTDOMAINDIR": catalogues!.path, "LANGUAGE": lang, "LC_ALL": "C.UTF-8"]).stdout
    }

    static func cairn(_ args: [String], _ environment: [String: String]) -> (status: Int32, stdout: String, stderr: String) {
        run([E2EPaths.cairn] + args, environment: ["CAIRN_LOCALEDIR": catalogues!.path].merging(environment) { $1 })
    }

    /// Command summaries `cairn --help` lists, in English (the msgids), from the English help.
    static func englishSummaries() -> [String] {
        // The lines between "Commands:" and the next blank line: "  map import     Import …".
        let help = cairn(["--help"], ["LC_ALL": "C"]).stdout
        let lines = help.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: "Commands:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            guard let gap = line.dropFirst(2).range(of: "  ") else { return nil }
            return line[gap.upperBound...].trimmingCharacters(in: .whitespaces)
        }
    }

    @Test func helpIsInTheLanguageOfLANGUAGE() throws {
        guard Self.ready else { return }
        let summaries = Self.englishSummaries()
        #expect(summaries.count > 20, "no command list in the English help")
        for lang in Self.languages {
            let help = Self.cairn(["--help"], ["LANGUAGE": lang]).stdout
            let commands = Self.reference("Commands:", lang)
            #expect(commands != "Commands:", "\(lang): 'Commands:' is not translated")
            #expect(help.contains(commands), "\(lang): no '\(commands)' in:\n\(help)")
            for s in summaries {
                let t = Self.reference(s, lang)
                #expect(t != s, "\(lang): summary not translated: \(s)")
                #expect(help.contains(t), "\(lang): '\(t)' missing from --help")
            }
        }
    }

    @Test func statsListAndCommandHelpAreTranslated() throws {
        guard Self.ready else { return }
        let gpx = E2EPaths.samples.appendingPathComponent("GPSTools-Oybin.gpx").path
        let store = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-lang-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: store) }
        #expect(Self.cairn(["import", "--store", store, gpx], ["LC_ALL": "C"]).status == 0)
        for lang in Self.languages {
            let env = ["LANGUAGE": lang, "LC_ALL": "C.UTF-8"]
            let stats = Self.cairn(["stats", gpx], env).stdout
            // Some words are the same in a language ("Distance" in French, "NAME" in German):
            // each must be there as gettext gives it, and most must differ from the English.
            let labels = ["Distance", "Moving time", "Elevation gain", "Walking time (DIN 33466)"]
            for label in labels {
                let t = Self.reference(label, lang)
                #expect(stats.contains(t), "\(lang): stats lacks '\(t)':\n\(stats)")
            }
            #expect(labels.filter { Self.reference($0, lang) != $0 }.count >= 3, "\(lang): stats labels untranslated")
            let list = Self.cairn(["list", "--store", store], env).stdout
            let headers = ["NAME", "DATE", "DISTANCE", "GAIN", "DURATION"]
            for header in headers {
                let t = Self.reference(header, lang)
                #expect(list.contains(t), "\(lang): list lacks '\(t)':\n\(list)")
            }
            #expect(headers.filter { Self.reference($0, lang) != $0 }.count >= 3, "\(lang): list headers untranslated")
            let help = Self.cairn(["stats", "--help"], env).stdout
            let options = Self.reference("Options:", lang)
            #expect(options != "Options:" && help.contains(options), "\(lang): stats --help:\n\(help)")
        }
    }

    /// gettext's rule: an explicit C locale means English whatever LANGUAGE says.
    @Test func anExplicitCLocaleStaysEnglish() throws {
        guard Self.ready else { return }
        let help = Self.cairn(["--help"], ["LC_ALL": "C", "LANGUAGE": "de"]).stdout
        #expect(help.contains("Commands:"))
        #expect(help.contains("List stored hikes"))
    }

    /// LANG naming German gives German messages whether or not de_DE is installed; when it is,
    /// displayed numbers get the decimal comma (glibc's de_DE: decimal_point ","), JSON never.
    @Test func langGermanTranslatesAndCommasOnlyWhatIsShown() throws {
        guard Self.ready else { return }
        let gpx = E2EPaths.samples.appendingPathComponent("GPSTools-Oybin.gpx").path
        let env = ["LANG": "de_DE.UTF-8"]
        let stats = Self.cairn(["stats", gpx], env).stdout
        let distance = Self.reference("Distance", "de")
        #expect(stats.contains(distance), "\(stats)")
        // JSON is for programs: the same bytes in every locale.
        let json = Self.cairn(["stats", "--json", gpx], env).stdout
        #expect(json == Self.cairn(["stats", "--json", gpx], ["LC_ALL": "C"]).stdout, "stats --json differs under de_DE")
        #expect((try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "stats --json under de_DE is not JSON:\n\(json)")
        if LocaleTests.installed("de_DE.UTF-8") {
            // 15.5 km in the English output (C locale) is 15,5 km in German.
            let english = Self.cairn(["stats", gpx], ["LC_ALL": "C"]).stdout
            let km = english.split(separator: "\n").first { $0.contains("Distance") }?.split(separator: " ").dropLast().last
            let comma = km.map { $0.replacingOccurrences(of: ".", with: ",") }
            #expect(comma != nil && comma != km.map(String.init), "no decimal in the English distance:\n\(english)")
            #expect(comma.map { stats.contains($0 + " km") } == true, "no '\(comma ?? "")' km in:\n\(stats)")
        } else {
            print("skipped (decimal comma): de_DE.UTF-8 is not installed (make setup generates it as root)")
        }
    }

    @Test func aDamagedCatalogueIsReportedOnceAndEnglishFollows() throws {
        guard Self.ready else { return }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-badmo-\(UUID().uuidString)")
        let mo = dir.appendingPathComponent("de/LC_MESSAGES")
        try FileManager.default.createDirectory(at: mo, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data("<html>404</html>".utf8).write(to: mo.appendingPathComponent("cairn.mo"))
        let r = Self.run([E2EPaths.cairn, "--help"], environment: ["CAIRN_LOCALEDIR": dir.path, "LANGUAGE": "de"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Commands:"))
        let notes = r.stderr.split(separator: "\n").filter { $0.contains("damaged") }
        #expect(notes.count == 1, "stderr: \(r.stderr)")
        #expect(notes.first?.contains(mo.appendingPathComponent("cairn.mo").path) == true)
        // A catalogue directory that is not there is said (the installed ones are used).
        let missing = Self.run([E2EPaths.cairn, "--help"], environment: ["CAIRN_LOCALEDIR": dir.path + "/nope", "LANGUAGE": "de"])
        #expect(missing.stderr.contains("CAIRN_LOCALEDIR=") && missing.stderr.contains("is not a directory"), "\(missing.stderr)")
        // A language without a catalogue: English, silently.
        let none = Self.run([E2EPaths.cairn, "--help"], environment: ["CAIRN_LOCALEDIR": dir.path, "LANGUAGE": "it"])
        #expect(none.status == 0 && none.stderr.isEmpty && none.stdout.contains("Commands:"))
    }

    /// The viewer in German: the library's column header and hints, and the hike screen's
    /// statistics labels, as gettext translates them.
    @Test func theViewerSpeaksGerman() throws {
        guard Self.ready, BrowseTests.ready else { return }
        let (store, map) = try BrowseTests.demoStore()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)", width: 120, height: 40,
                                   environment: ["LC_ALL": "", "LANG": "C.UTF-8", "LANGUAGE": "de",
                                                 "CAIRN_LOCALEDIR": Self.catalogues!.path])
        let name = Self.reference("Name", "de")
        let open = Self.reference("Enter open", "de")
        let library = try tmux.waitFor { $0.contains("Tag 2") && $0.contains(name) }
        #expect(library.ok, "no German library:\n\(library.screen)")
        #expect(library.screen.contains(open), "no '\(open)' hint:\n\(library.screen)")
        try tmux.send("Enter")
        let distance = Self.reference("Distance", "de")
        let hike = try tmux.waitFor { $0.contains(distance) }
        #expect(hike.ok, "no German hike screen:\n\(hike.screen)")
        print("German hike screen (120x40):\n\(hike.screen)")
    }
}

import Foundation
import Testing

/// End-to-end: the viewer under locales a user meets. A UTF-8 locale that is not installed
/// (LANG=en_US.UTF-8 on a machine with only C.UTF-8) still draws braille and says once that
/// C.UTF-8 stands in; LANG=C draws ASCII and says why.
@Suite(.serialized) struct LocaleTests {
    /// True when `name` is among `locale -a` (then the test's premise does not hold).
    static func installed(_ name: String) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/locale")
        p.arguments = ["-a"]
        let pipe = Pipe()
        p.standardOutput = pipe
        guard (try? p.run()) != nil else { return false }
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        let wanted = name.lowercased().replacingOccurrences(of: "-", with: "")
        return out.split(separator: "\n").contains { $0.lowercased().replacingOccurrences(of: "-", with: "") == wanted }
    }

    static func isBraille(_ c: Character) -> Bool {
        c.unicodeScalars.first.map { (0x2801...0x28FF).contains($0.value) } ?? false
    }

    @Test func missingUTF8LocaleStillDrawsBrailleAndSaysSo() throws {
        guard BrowseTests.ready else { return }
        if Self.installed("en_US.UTF-8") { print("skipped: en_US.UTF-8 is installed here"); return }
        let (store, map) = try BrowseTests.demoStore()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)", width: 120, height: 36,
                                   environment: ["LC_ALL": "", "LANG": "en_US.UTF-8"])
        let shown = try tmux.waitFor { $0.contains("Tag 2") && $0.contains { Self.isBraille($0) } }
        #expect(shown.ok, "no braille under a missing UTF-8 locale:\n\(shown.screen)")
        #expect(shown.screen.contains("Locale LANG=en_US.UTF-8 is not installed; using C.UTF-8"), "\(shown.screen)")
    }

    @Test func asciiLocaleDrawsASCIIAndSaysWhy() throws {
        guard BrowseTests.ready else { return }
        let (store, map) = try BrowseTests.demoStore()
        let tmux = try TmuxSession(command: "\(E2EPaths.cairn) tui --store \(store) --map \(map)", width: 120, height: 36,
                                   environment: ["LC_ALL": "", "LANG": "C"])
        let shown = try tmux.waitFor { $0.contains("Tag 2") && $0.contains("Drawing in ASCII") }
        #expect(shown.ok, "no note under LANG=C:\n\(shown.screen)")
        #expect(!shown.screen.contains { Self.isBraille($0) })
    }
}

import Foundation
import Testing
@testable import CairnCLI

/// cairn(1) is made from the declarations: every command has its section, every declared
/// option and argument is in that section, and groff renders it without a warning.
@Suite struct ManPageTests {
    /// The roff text of each command's subsection (".SS" up to the next ".SS" or ".SH"), by name.
    func sections(_ page: String) -> [String] {
        var out: [String] = []
        var current: String?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix(".SS ") || line.hasPrefix(".SH ") {
                if let c = current { out.append(c) }
                current = line.hasPrefix(".SS ") ? String(line) + "\n" : nil
            } else if current != nil {
                current! += line + "\n"
            }
        }
        if let c = current { out.append(c) }
        return out
    }

    @Test func everyCommandAndEveryDeclaredOptionIsInThePage() {
        let page = ManPage.text()
        let all = sections(page)
        #expect(all.count == CairnCLI.visibleCommands.count)
        for command in CairnCLI.visibleCommands {
            let head = ".SS \"" + ManPage.quoted("cairn " + command.usageName)
            // A group's command ("places") must not claim its subcommands' sections ("places add").
            let longer = CairnCLI.visibleCommands.filter { $0.name.hasPrefix(command.name + " ") }
                .map { ".SS \"" + ManPage.quoted("cairn " + $0.usageName) }
            let matching = all.filter { s in (s.hasPrefix(head + " ") || s.hasPrefix(head + "\""))
                && !longer.contains { s.hasPrefix($0 + " ") || s.hasPrefix($0 + "\"") } }
            #expect(matching.count == 1, "\(command.name): one section")
            guard let section = matching.first else { continue }
            for option in command.options + [CommandHelp.helpOption] {
                #expect(section.contains(".TP\n" + (option.shortName.map { "\\fB\(ManPage.escape($0))\\fR, " } ?? "")
                                         + "\\fB\(ManPage.escape(option.name))\\fR"), "\(command.name): \(option.name)")
                #expect(section.contains(ManPage.escape(option.helpWithDefault)), "\(command.name): \(option.name)'s help")
            }
            for argument in command.arguments where !argument.help.isEmpty {
                #expect(section.contains("\\fI\(ManPage.escape(argument.name))\\fR\n"), "\(command.name): \(argument.name)")
            }
        }
        #expect(!page.contains("cairn complete-hike"), "hidden commands stay out")
    }

    @Test func escapingKeepsRoffControlsOut() {
        #expect(ManPage.escape(".hidden") == "\\&.hidden")
        #expect(ManPage.escape("a\\b-c") == "a\\eb\\-c")
        #expect(ManPage.escape("1201×1201 …") == "1201\\[u00D7]1201 \\[u2026]")
        #expect(ManPage.paragraphs("Example:\n  cairn list\n\nNext.") == ".PP\nExample:\n.RS\n.nf\ncairn list\n.fi\n.RE\n.PP\nNext.\n")
    }

    @Test func groffRendersThePageWithoutWarnings() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/groff") else {
            print("skipped: groff not installed")
            return
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-man-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let page = dir.appendingPathComponent("cairn.1").path
        try ManPage.text().write(toFile: page, atomically: true, encoding: .utf8)
        let p = try launch("/usr/bin/groff", ["-ww", "-man", "-Tutf8", page], tag: "groff", dir: dir.path)
        p.waitUntilExit()
        let err = try String(contentsOfFile: dir.appendingPathComponent("groff.err").path, encoding: .utf8)
        let out = try String(contentsOfFile: dir.appendingPathComponent("groff.out").path, encoding: .utf8)
        #expect(p.terminationStatus == 0)
        #expect(err.isEmpty, "\(err)")
        #expect(out.contains("cairn map import"))
    }
}

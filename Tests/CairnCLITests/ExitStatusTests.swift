import Foundation
import Testing
@testable import CairnCLI

/// Exit statuses are the same for every command: 2 for every usage error, as documented.
@Suite struct ExitStatusTests {
    @Test func aUsageErrorExitsTwoInEveryCommand() {
        for command in CairnCLI.commands {
            let words = command.name.split(separator: " ").map(String.init)
            let run = cairn(words + ["--no-such-option"])
            #expect(run.status == ExitStatus.usage && run.status == 2, "\(command.name): \(run.status) \(run.stderr)")
            #expect(run.stderr.contains("unknown option --no-such-option"), "\(command.name)")
            // A value missing after an option that takes one.
            if let valued = command.options.last(where: \.takesValue) {
                let missing = cairn(words + [valued.name])
                #expect(missing.status == 2 && missing.stderr.contains("needs a value"), "\(command.name) \(valued.name): \(missing.stderr)")
            }
        }
        #expect(cairn(["no-such-command"]).status == 2)
        #expect(cairn(["map", "nothing"]).status == 2)
        #expect(cairn(["completion", "tcsh"]).status == 2)
        #expect(cairn(["list", "--sort", "height"]).status == 2)
    }

    @Test func theStatusesAreDocumented() {
        for text in [CairnCLI.help.replacingOccurrences(of: "\n", with: " "), ManPage.text()] {
            #expect(text.contains("0 done"))
            #expect(text.contains("2 usage error"))
            #expect(text.contains("130 for Ctrl"))
            #expect(text.contains("23 partly done"))
        }
        #expect(ManPage.text().contains(".SH EXIT STATUS"))
        #expect(ExitStatus.interrupted(by: SIGINT) == 130 && CLIError.usage("x").exitCode == 2 && CLIError.failure("x").exitCode == 1)
    }
}

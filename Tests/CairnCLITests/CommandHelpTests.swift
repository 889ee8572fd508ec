import Foundation
import Testing
@testable import CairnCLI

/// `--help` is generated from each command's declaration: every declared option and argument
/// is in it, aligned and wrapped, and shared options read the same everywhere.
@Suite struct CommandHelpTests {
    /// The lines of the "Options:" section of a help text.
    func optionLines(_ help: String) -> [Substring] {
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "Options:") else { return [] }
        return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
    }

    @Test func everyCommandsHelpShowsEveryDeclaredOptionAndArgument() {
        for command in CairnCLI.commands {
            let help = command.help
            #expect(help.hasPrefix("Usage: cairn \(command.usageName)"), "\(command.name)")
            let options = optionLines(help).joined(separator: "\n")
            // The left column of each option, and its help text (wrapped, so compared by words).
            let words = options.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
            for option in command.options + [CommandHelp.helpOption] {
                // A label too wide for the column has its help on the next line.
                #expect(options.contains("  " + option.label + " ") || options.contains("  " + option.label + "\n"),
                        "\(command.name): \(option.name)")
                let text = option.helpWithDefault.split(separator: " ").joined(separator: " ")
                #expect(words.contains(text), "\(command.name): \(option.name)'s help")
            }
            for argument in command.arguments {
                #expect(help.contains("  " + argument.name + "  "), "\(command.name): \(argument.name)")
                #expect(help.contains(argument.synopsis), "\(command.name): \(argument.name) in the usage line")
            }
            // Nothing in the options table that was not declared.
            let declared = Set((command.options + [CommandHelp.helpOption]).map(\.name))
            for line in optionLines(help) where line.hasPrefix("  -") {
                let label = line.dropFirst(2).split(separator: " ").map(String.init)
                let long = label.first { $0.hasPrefix("--") }.map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
                #expect(long.map(declared.contains) == true, "\(command.name): \(line)")
            }
        }
    }

    @Test func theOptionsTableIsAlignedAndWrapped() {
        for command in CairnCLI.commands {
            let lines = optionLines(command.help)
            #expect(!lines.isEmpty, "\(command.name)")
            var columns = Set<Int>()
            for line in lines {
                #expect(line.count <= CommandHelp.width, "\(command.name): \(line)")
                // Where the text starts: after the label and at least two spaces.
                if line.hasPrefix("  -"), let gap = line.dropFirst(2).range(of: "  ") {
                    let rest = line[gap.upperBound...]
                    columns.insert(line.distance(from: line.startIndex, to: rest.firstIndex { $0 != " " } ?? rest.endIndex))
                } else if !line.hasPrefix("  -") {
                    columns.insert(line.prefix { $0 == " " }.count)
                }
            }
            #expect(columns.count == 1, "\(command.name): help text starts in columns \(columns.sorted())")
        }
    }

    @Test func sharedOptionsAreDeclaredOnceAndReadTheSameEverywhere() {
        var seen: [String: (String, String?, String)] = [:]
        for command in CairnCLI.commands {
            // Building the parser checks that no name is declared twice.
            _ = ArgumentParser(for: command, among: CairnCLI.commands)
            for o in command.options where [OptionSpec.store, .map, .units, .theme, .gps].map(\.name).contains(o.name) {
                let shown = (o.label, o.defaultHelp, o.help)
                if let first = seen[o.name] {
                    #expect(first == shown, "\(command.name): \(o.name) differs")
                } else {
                    seen[o.name] = shown
                }
            }
        }
        #expect(Set(seen.keys) == ["--store", "--map", "--units", "--theme", "--gps"])
    }

    @Test func themeIsOfferedExactlyWhereSomethingIsDrawn() {
        let drawing: Set<String> = ["tui", "follow", "record", "render"]
        for command in CairnCLI.commands {
            let has = command.options.contains { $0.name == OptionSpec.theme.name }
            #expect(has == drawing.contains(command.name), "\(command.name)")
            #expect(command.help.contains("--theme") == drawing.contains(command.name), "\(command.name)")
        }
        #expect(OptionSpec.theme.help.contains("only the commands that draw"))
        #expect(RenderCommand.help.contains("CAIRN_THEMES") && TUICommand.help.contains("CAIRN_THEMES"))
    }

    @Test func usageLinesAreMadeFromTheDeclaration() {
        #expect(ExportCommand.help.hasPrefix("Usage: cairn export ID [--output FILE] [--format FORMAT] [--line LINE]\n                    [--store PATH]\n"))
        #expect(ImportCommand.help.hasPrefix("Usage: cairn import FILE… [--list] [--track N]… [--all] [--again]"))
        #expect(RenameCommand.help.hasPrefix("Usage: cairn rename ID NAME… [--store PATH]\n"))
        #expect(RouteCommand.help.hasPrefix("Usage: cairn route LAT,LON LAT,LON… [OPTIONS]\n"))
        #expect(TUICommand.help.hasPrefix("Usage: cairn [tui] [OPTIONS]\n"))
        #expect(MapInfoCommand.help.hasPrefix("Usage: cairn map info [--map PATH]\n"))
        // Every usage line fits the width, continued under the first argument.
        for command in CairnCLI.commands {
            let usage = command.help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }
            for line in usage { #expect(line.count <= CommandHelp.width, "\(command.name): \(line)") }
        }
    }

    @Test func helpIsAnsweredBeforeAnythingElseOnTheLine() {
        for command in CairnCLI.commands {
            let words = command.name.split(separator: " ").map(String.init)
            for flag in ["--help", "-h"] {
                let run = cairn(words + ["--bogus", flag])
                #expect(run.status == 0 && run.stdout == command.help, "\(command.name) \(flag)")
            }
        }
        // After `--` it is an argument like any other.
        let run = cairn(["stats", "--", "--help"])
        #expect(run.status == 1 && run.stderr.contains("--help"), "\(run.stderr)")
    }
}

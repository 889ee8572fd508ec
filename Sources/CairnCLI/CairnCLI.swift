import Localization
import Foundation

/// The `cairn` command line: finds the subcommand and runs it with an injected context.
public enum CairnCLI {
    /// The version `cairn --version` prints (semantic versioning); the one place it is set.
    public static let version = "0.1.0"

    /// Every subcommand, in the order `cairn --help` lists them. Add new commands here.
    public static var commands: [Command.Type] {
        [
            TUICommand.self,
            ImportCommand.self,
            ListCommand.self,
            ShowCommand.self,
            ExportCommand.self,
            RenameCommand.self,
            DeleteCommand.self,
            StatsCommand.self,
            MapImportCommand.self,
            MapInfoCommand.self,
            MapRemoveCommand.self,
            MapFetchCommand.self,
            DemImportCommand.self,
            DemInfoCommand.self,
            DemAtCommand.self,
            DemContoursCommand.self,
            RenderCommand.self,
            RouteCommand.self,
            MatchCommand.self,
            PlacesCommand.self,
            PlacesAddCommand.self,
            PlacesRemoveCommand.self,
            PhotosCommand.self,
            PhotosAddCommand.self,
            PhotosRemoveCommand.self,
            PhotosRelinkCommand.self,
            RoutesCommand.self,
            FollowCommand.self,
            RecordCommand.self,
            RecordBacktrackCommand.self,
            StatusCommand.self,
            TotalsCommand.self,
            ManCommand.self,
            CompletionCommand.self,
            ConfigCommand.self,
            CompleteHikesCommand.self,
        ]
    }

    /// The commands `cairn --help`, the man page and completion show (not the hidden ones).
    public static var visibleCommands: [Command.Type] { commands.filter { !$0.hidden } }

    /// The top-level help text.
    public static var help: String {
        var s = L("cairn — a terminal trail viewer for hikers") + "\n\n"
        s += L("Usage: cairn [COMMAND] [OPTIONS]\n       cairn COMMAND --help\n       cairn --version") + "\n\n"
        s += L("Commands:") + "\n"
        let width = (visibleCommands.map { $0.name.count }.max() ?? 0) + 2
        for c in visibleCommands {
            s += "  " + c.name.padding(toLength: width, withPad: " ", startingAt: 0) + Localization.translate(c.summary) + "\n"
        }
        s += "\n" + CommandHelp.wrap(Localization.translate(CairnConventions.configSummary), to: CommandHelp.width).joined(separator: "\n") + "\n"
        s += "\n" + CommandHelp.wrap(Localization.translate(ExitStatus.description), to: CommandHelp.width).joined(separator: "\n") + "\n"
        return s
    }

    /// Runs `cairn` with `arguments` (without the program name).
    /// - Returns: the process exit code.
    public static func run(_ arguments: [String], context: CommandContext = .process()) -> Int32 {
        if arguments.isEmpty && context.stdoutIsTerminal && context.stdinIsTerminal {
            return run(["tui"], context: context)
        }
        if arguments.isEmpty || arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
            context.stdout.write(help)
            return 0
        }
        if arguments == ["--version"] || arguments == ["-V"] || arguments == ["version"] {
            context.stdout.write("cairn \(version)\n")
            return 0
        }
        // Options before the command go with it (`cairn --store X list` is `cairn list --store X`);
        // options with no command are the viewer's: `cairn --store X` is `cairn tui --store X`.
        if let first = arguments.first, first.hasPrefix("-") {
            return run(hoistingLeadingOptions(arguments) ?? ["tui"] + arguments, context: context)
        }
        // Longest match first, so "map import" wins over "map".
        let sorted = commands.sorted { $0.name.split(separator: " ").count > $1.name.split(separator: " ").count }
        guard let command = sorted.first(where: { c in
            let words = c.name.split(separator: " ").map(String.init)
            return arguments.count >= words.count && Array(arguments.prefix(words.count)) == words
        }) else {
            return unknownCommand(arguments, context: context)
        }
        let words = Array(arguments.dropFirst(command.name.split(separator: " ").count))
        // --help anywhere before `--` wins over everything else on the line.
        if (words.firstIndex(of: "--").map { words[..<$0] } ?? words[...]).contains(where: { $0 == "--help" || $0 == "-h" }) {
            context.stdout.write(command.help.hasSuffix("\n") ? command.help : command.help + "\n")
            return 0
        }
        do {
            var parsed = try ArgumentParser(for: command, among: commands).parse(words)
            parsed.configured = configuredValues(for: command, context: context)
            return try command.run(parsed, context)
        } catch let e as CLIError {
            context.stderr.write("cairn \(command.name): \(e.description)\n")
            if case .usage = e { context.stderr.write(L("See 'cairn %s --help'.", command.name) + "\n") }
            return e.exitCode
        } catch {
            context.stderr.write("cairn \(command.name): \(error)\n")
            return 1
        }
    }
}

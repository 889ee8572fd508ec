import Localization
import Foundation
import HikeServices

/// `cairn config`: where the config file is, what it sets, and an example of every setting.
public enum ConfigCommand: Command {
    public static let name = "config"
    public static let summary = N("Show the config file's path and settings, or an example of every setting")
    public static let about = N("Without options, prints the path of the config file and each setting it gives, and\nreports lines that cannot be used. The file holds one 'key = value' a line (# starts\na comment line); each key is the default of the command-line option of that name.\nPrecedence: command line > environment variable > config file > built-in default.")
    static let example = OptionSpec("--example", help: N("print every setting with its default, commented out, as a starting config file"))
    public static let options: [OptionSpec] = [example]
    public static let notes = N("Example:\n  cairn config --example > ~/.config/cairn/config")

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        if args.has(example) {
            context.stdout.write(ConfigSettings.example())
            return 0
        }
        guard let path = ConfigFile.path(environment: context.environment) else {
            throw CLIError.failure(L("neither XDG_CONFIG_HOME nor HOME is set: there is no config file"))
        }
        let config = ConfigFile.load(environment: context.environment, known: ConfigSettings.options())
        for w in config.warnings { context.stderr.write("cairn: " + w + "\n") }
        guard FileManager.default.fileExists(atPath: path) else {
            context.stdout.write(L("%s (absent: every setting is built in; 'cairn config --example' shows them)\n", path))
            return 0
        }
        var s = path + "\n"
        for setting in config.settings {
            // TRANSLATORS: after a setting of the config file, the line it is on.
            s += "  \(setting.key) = \(TerminalText.clean(setting.value))  " + L("(line %d)", setting.line) + "\n"
        }
        context.stdout.write(s)
        return config.warnings.isEmpty ? 0 : 1
    }
}

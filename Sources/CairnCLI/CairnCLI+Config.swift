import Foundation

/// The config file's part in running a command (``ConfigFile``, ``ConfigSettings``).
extension CairnCLI {
    /// The config values of `command`'s options, read from the config file of `context`'s
    /// environment; each line that cannot be used is reported on stderr as
    /// "cairn: FILE:LINE: what is wrong" and skipped. Hidden commands (the completion query)
    /// read the file but say nothing.
    static func configuredValues(for command: Command.Type, context: CommandContext) -> [String: String] {
        guard command.options.contains(where: { $0.configKey != nil }) else { return [:] }
        let config = ConfigFile.load(environment: context.environment, known: ConfigSettings.options())
        if !command.hidden {
            for w in config.warnings { context.stderr.write("cairn: " + w + "\n") }
        }
        return ConfigSettings.values(for: command.options, config: config, environment: context.environment)
    }
}

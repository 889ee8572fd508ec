import Foundation

/// Joins the config file to the option machinery: the settings are the declared options that
/// name a config key, and a command's parsed arguments get the config values of its options
/// that were not typed and whose environment variable is unset. So every command that
/// declares `--units` (say) takes `units = imperial` without code of its own.
///
/// Precedence, for every setting: command line > environment variable > config file >
/// built-in default (the locale, for units, is part of the built-in default).
public enum ConfigSettings {
    /// Every option with a config key, once per key, in the order the commands declare them.
    public static func options(_ commands: [Command.Type] = CairnCLI.commands) -> [OptionSpec] {
        var seen = Set<String>()
        var out: [OptionSpec] = []
        for o in commands.flatMap({ $0.options }) {
            guard let key = o.configKey, !seen.contains(key) else { continue }
            seen.insert(key)
            out.append(o)
        }
        return out
    }

    /// The config values for `options`, by long option name: those whose environment variable
    /// is not set (a set variable, even empty, wins over the file).
    public static func values(for options: [OptionSpec], config: ConfigFile, environment: [String: String]) -> [String: String] {
        var out: [String: String] = [:]
        for o in options {
            guard let key = o.configKey, let v = config.value(key) else { continue }
            if let variable = o.environmentVariable, environment[variable] != nil { continue }
            out[o.name] = v
        }
        return out
    }

    /// The lines of `cairn config --example`: every setting, commented out, with its help
    /// and its default.
    static func example(_ options: [OptionSpec] = options()) -> String {
        var s = """
        # Cairn config file: $XDG_CONFIG_HOME/cairn/config, else ~/.config/cairn/config.
        # One 'key = value' a line; lines starting with # are comments. Each setting is the
        # default of the command-line option of the same name. Precedence: command line >
        # environment variable > this file > built-in default. A line that cannot be used is
        # reported (file:line) and skipped. Remove the leading '# ' to set a value.

        """
        for o in options {
            guard let key = o.configKey else { continue }
            s += "\n"
            for line in CommandHelp.wrap(o.help, to: 76) { s += "#  " + line + "\n" }
            if case .choice(let words) = o.valueKind { s += "#  one of: " + words.joined(separator: ", ") + "\n" }
            if let v = o.environmentVariable { s += "#  \(v) in the environment wins over this setting.\n" }
            if o.defaultValue == nil, let d = o.defaultHelp { s += "#  default: " + d + "\n" }
            s += "# \(key) = \(o.defaultValue ?? o.configExample ?? o.placeholder ?? "")\n"
        }
        return s
    }
}

import Foundation
import HikeServices
import Localization

/// The config file `$XDG_CONFIG_HOME/cairn/config` (else `~/.config/cairn/config`, per the
/// XDG Base Directory Specification 0.8): one `key = value` setting a line; blank lines and
/// lines whose first non-blank character is `#` are ignored; spaces around key and value are
/// dropped; a later line for the same key wins; `~/` at the start of a value is the home
/// directory. The keys are the ``OptionSpec/configKey`` of the declared options
/// (``ConfigSettings``). A line that cannot be used is reported with file, line and the reason,
/// and skipped: the program starts with the default for that setting.
public struct ConfigFile: Sendable, Equatable {
    /// One usable `key = value` line.
    public struct Setting: Sendable, Equatable {
        public let key: String
        public let value: String
        /// Its line number, from 1.
        public let line: Int
    }

    /// The file's path (for messages).
    public let path: String
    /// The usable settings in file order.
    public let settings: [Setting]
    /// "FILE:LINE: what is wrong" for each line skipped.
    public let warnings: [String]

    /// Where the config file is: `$XDG_CONFIG_HOME/cairn/config` when that is an absolute
    /// path, else `$HOME/.config/cairn/config`; nil without either.
    public static func path(environment: [String: String]) -> String? {
        if let x = environment["XDG_CONFIG_HOME"], x.hasPrefix("/") { return x + "/cairn/config" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.config/cairn/config"
    }

    /// Reads the config file of `environment`; a missing file is an empty config, an
    /// unreadable one a single warning. `known` is evaluated only when there is a file to parse
    /// (it builds every command's options: DECISIONS 1074).
    public static func load(environment: [String: String], known: @autoclosure () -> [OptionSpec]) -> ConfigFile {
        guard let path = path(environment: environment) else { return ConfigFile(path: "", settings: [], warnings: []) }
        guard FileManager.default.fileExists(atPath: path) else { return ConfigFile(path: path, settings: [], warnings: []) }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
            return ConfigFile(path: path, settings: [], warnings: ["\(path): cannot be read as UTF-8 text; using the defaults"])
        }
        return parse(text, path: path, known: known(), home: environment["HOME"])
    }

    /// Parses config text; `known` are the options that have a config key.
    public static func parse(_ text: String, path: String, known: [OptionSpec], home: String?) -> ConfigFile {
        var settings: [Setting] = []
        var warnings: [String] = []
        let byKey = Dictionary(known.compactMap { o in o.configKey.map { ($0, o) } }, uniquingKeysWith: { a, _ in a })
        for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let where_ = "\(path):\(i + 1)"
            let line = raw.trimmingCharacters(in: .whitespaces.union(.init(charactersIn: "\r")))
            if line.isEmpty || line.hasPrefix("#") { continue }
            guard let eq = line.firstIndex(of: "=") else {
                // TRANSLATORS: a config file's line that is not a setting; "key = value" is the file's syntax.
                warnings.append(L("%s: expected 'key = value', not '%s'", where_, TerminalText.clean(line)))
                continue
            }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces)
            var value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            guard let option = byKey[key] else {
                let near = CairnCLI.closest(to: key, among: byKey.keys.sorted())
                let shown = TerminalText.clean(key)
                warnings.append(near.isEmpty
                    ? L("%s: unknown setting '%s' (see 'cairn config --example')", where_, shown)
                    : L("%s: unknown setting '%s'; did you mean %s? (see 'cairn config --example')", where_, shown,
                        ArgumentParser.either(near.map { "'\($0)'" })))
                continue
            }
            guard !value.isEmpty else {
                warnings.append(L("%s: %s has no value; using the default", where_, key))
                continue
            }
            if value.hasPrefix("~/"), let home { value = home + value.dropFirst() }
            if let problem = problem(with: value, for: option) {
                warnings.append(L("%s: %s: %s; using the default", where_, key, problem))
                continue
            }
            settings.append(Setting(key: key, value: value, line: i + 1))
        }
        return ConfigFile(path: path, settings: settings, warnings: warnings)
    }

    /// What is wrong with `value` for `option`, nil when it is fine.
    static func problem(with value: String, for option: OptionSpec) -> String? {
        if case .choice(let words) = option.valueKind, !words.contains(value) {
            // A theme may also be a file of one's own (NAME.json), as on the command line.
            if !(option.name == OptionSpec.theme.name && value.hasSuffix(".json")) {
                return L("'%s' is not one of %s", TerminalText.clean(value), words.joined(separator: ", "))
            }
        }
        do { try option.check?(value) } catch {
            let text = (error as? CLIError)?.description ?? "\(error)"
            return text.hasPrefix(option.name + " ") ? String(text.dropFirst(option.name.count + 1)) : text
        }
        return nil
    }

    /// The value of `key`, the last line for it winning.
    public func value(_ key: String) -> String? { settings.last { $0.key == key }?.value }
}

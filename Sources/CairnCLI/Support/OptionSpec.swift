import Localization
import Foundation

/// One option of a `cairn` command, declared once: the parser (``ArgumentParser``), the
/// `--help` text (``CommandHelp``) and, later, the man page and shell completion are all made
/// from this value, so they cannot drift apart.
///
/// Spelling follows the GNU conventions (GNU Coding Standards §4.8, "Command-Line
/// Interfaces"): a long name `--name`, an optional one-letter short name `-n`, a value either
/// as the next argument (`--units metric`) or after `=` (`--units=metric`).
public struct OptionSpec: Sendable {
    /// What a value is, for completion and the man page (the parser takes any text).
    public enum ValueKind: Sendable, Equatable {
        /// Free text (a name, a number, a size).
        case text
        /// A file path; `extensions` are the expected ones (lowercase, no dot), empty for any.
        case file(extensions: [String])
        /// One of these words.
        case choice([String])
        /// The id of a stored hike (completion can offer those `cairn list --json` gives).
        case hikeID
    }

    /// The long name with its dashes, e.g. "--output".
    public let name: String
    /// The short name with its dash, e.g. "-o", or nil.
    public let shortName: String?
    /// The value's placeholder in help ("FILE", "SYSTEM"); nil for a flag, which takes none.
    public let placeholder: String?
    /// The value used when the option is not given, fed through the same checks as a typed
    /// one (``ParsedArguments/value(_:)``); nil when there is none.
    public let defaultValue: String?
    /// How help describes the default when it is not a plain value ("from the locale"); help
    /// shows "(default: …)" with this, else with ``defaultValue``.
    public let defaultHelp: String?
    /// What the option does: one or more sentences, wrapped by the help formatter.
    public let help: String
    /// True when every occurrence counts (`--track 1 --track 3`); otherwise the last typed wins.
    public let repeatable: Bool
    /// What kind of value it takes (completion, man page).
    public let valueKind: ValueKind
    /// The setting of the config file that gives this option's value when it is not typed
    /// (``ConfigFile``; `key = value`), or nil when the config file cannot set it.
    public private(set) var configKey: String?
    /// The environment variable that overrides the config file for this option, or nil. The
    /// command reads the variable itself; the config value is only used while it is unset.
    public private(set) var environmentVariable: String?
    /// Checks a value from the config file before it is used (throws a ``CLIError`` saying
    /// what is wrong); a value that fails is ignored with a warning naming file and line.
    public private(set) var check: (@Sendable (String) throws -> Void)?
    /// The value `cairn config --example` shows when there is no ``defaultValue`` (the
    /// built-in default as a value, e.g. "metric"), or nil.
    public private(set) var configExample: String?

    /// Declares an option.
    /// - Parameters:
    ///   - name: the long name, with "--".
    ///   - short: the short name, with "-", or nil.
    ///   - value: the placeholder of its value, or nil for a flag.
    ///   - kind: the kind of value (``ValueKind/text`` unless given).
    ///   - defaultValue: the value when absent, or nil.
    ///   - defaultHelp: words for a default that is not a fixed value, or nil.
    ///   - repeatable: every occurrence is kept.
    ///   - help: what it does.
    public init(_ name: String, short: String? = nil, value: String? = nil, kind: ValueKind = .text,
                defaultValue: String? = nil, defaultHelp: String? = nil, repeatable: Bool = false, help: String) {
        precondition(name.hasPrefix("--") && name.count > 2 && !name.contains("="), "long option names start with --")
        precondition(short.map { $0.count == 2 && $0.hasPrefix("-") } ?? true, "short option names are - and one letter")
        self.name = name
        self.shortName = short
        self.placeholder = value
        self.defaultValue = defaultValue
        self.defaultHelp = defaultHelp
        self.help = help
        self.repeatable = repeatable
        self.valueKind = kind
    }

    /// True when the option takes a value.
    public var takesValue: Bool { placeholder != nil }

    /// This option, settable in the config file as `key` (precedence: command line >
    /// `environment` variable > config file > built-in default).
    /// - Parameters:
    ///   - key: the config setting, e.g. "units".
    ///   - environment: the variable that wins over the config file, or nil.
    ///   - example: the value the example config shows when there is no ``defaultValue``.
    ///   - check: a check of a config value (a choice option's words are always checked).
    public func configured(_ key: String, environment: String? = nil, example: String? = nil,
                           check: (@Sendable (String) throws -> Void)? = nil) -> OptionSpec {
        precondition(takesValue, "only options with a value can be set in the config file")
        var o = self
        o.configKey = key
        o.environmentVariable = environment
        o.configExample = example
        o.check = check
        return o
    }

    /// "-o, --output FILE" or "--json": the left column of the help table.
    public var label: String {
        var s = shortName.map { $0 + ", " } ?? ""
        s += name
        if let placeholder { s += " " + placeholder }
        return s
    }

    /// "[--output FILE]", "[--track N]…": the option in a usage line.
    public var synopsis: String {
        "[" + name + (placeholder.map { " " + $0 } ?? "") + "]" + (repeatable ? "…" : "")
    }

    /// The help text with its default, as the help table shows it.
    /// The config key, when there is one, follows the default ("; config: units").
    public var helpWithDefault: String {
        // defaultHelp is a sentence (translated); defaultValue and configKey are literal values.
        let d = defaultHelp.map { L("default: %s", Localization.translate($0)) } ?? defaultValue.map { L("default: %s", $0) }
        let c = configKey.map { L("config: %s", $0) }
        let parts = [d, c].compactMap { $0 }
        let text = Localization.translate(help)
        return parts.isEmpty ? text : text + " (" + parts.joined(separator: clauseSeparator) + ")"
    }
}

/// A positional argument of a command (a hike id, a file, a stop), declared with the options.
public struct ArgumentSpec: Sendable {
    /// How many a command takes (for the usage line, the man page and completion; the command
    /// itself says what is missing, in its own words).
    public enum Count: Sendable, Equatable {
        case one
        case optional
        case oneOrMore
        /// At least this many (route's two stops).
        case atLeast(Int)
        /// This one and every later word (rename's NAME).
        case rest
    }

    /// The placeholder, e.g. "ID", "FILE.gpx", "LAT,LON".
    public let name: String
    /// What it is.
    public let help: String
    public let count: Count
    /// What kind of value it is (completion, man page).
    public let valueKind: OptionSpec.ValueKind
    /// A rule for words that begin with "-" yet are this argument, not an option (route's
    /// stops such as `-1.5,42` west of Greenwich). Without one, every such word is an option.
    public let beginsWithDash: (@Sendable (String) -> Bool)?

    public init(_ name: String, count: Count = .one, kind: OptionSpec.ValueKind = .text,
                beginsWithDash: (@Sendable (String) -> Bool)? = nil, help: String) {
        self.name = name
        self.help = help
        self.count = count
        self.valueKind = kind
        self.beginsWithDash = beginsWithDash
    }

    /// "ID", "FILE…", "[ID]", "LAT,LON LAT,LON…", "NAME…": the argument in a usage line.
    public var synopsis: String {
        switch count {
        case .one: return name
        case .optional: return "[\(name)]"
        case .oneOrMore, .rest: return name + "…"
        case .atLeast(let n): return Array(repeating: name, count: max(1, n)).joined(separator: " ") + "…"
        }
    }
}

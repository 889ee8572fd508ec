import Foundation

/// A command line taken apart by ``ArgumentParser``: each option occurrence in the order it
/// was typed and the positional arguments in order. Reading it changes nothing, so the order
/// in which a command asks cannot change the answer.
public struct ParsedArguments: Sendable {
    /// One option as typed: its long name and its value (nil for a flag).
    public struct Occurrence: Sendable, Equatable {
        public let name: String
        public let value: String?
    }

    /// The positional arguments, in order.
    public let positionals: [String]
    /// Every option given, in the order typed.
    public let occurrences: [Occurrence]
    /// The long names the command declares; asking for another one is a programming error.
    let declared: Set<String>
    /// Values from the config file for options not typed, by long name (``ConfigSettings``).
    public internal(set) var configured: [String: String]

    init(positionals: [String], occurrences: [Occurrence], declared: Set<String>, configured: [String: String] = [:]) {
        self.positionals = positionals
        self.occurrences = occurrences
        self.declared = declared
        self.configured = configured
    }

    private func check(_ option: OptionSpec) {
        precondition(declared.contains(option.name), "\(option.name) is read but not declared by the command")
    }

    /// True when the flag (or option) was given at least once.
    public func has(_ option: OptionSpec) -> Bool {
        check(option)
        return occurrences.contains { $0.name == option.name }
    }

    /// The value typed last for `option` (the last of a repeated option wins), else the config
    /// file's (set only while the option's environment variable is unset), else its
    /// ``OptionSpec/defaultValue``, else nil.
    public func value(_ option: OptionSpec) -> String? {
        check(option)
        return occurrences.last { $0.name == option.name }?.value ?? configured[option.name] ?? option.defaultValue
    }

    /// Every value typed for a repeatable option, in order (empty when absent).
    public func values(_ option: OptionSpec) -> [String] {
        check(option)
        return occurrences.filter { $0.name == option.name }.compactMap(\.value)
    }
}

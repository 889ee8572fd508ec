import Foundation

/// A command line being taken apart: flags (`--json`), options with values (`--units metric`,
/// `--units=metric`, `-o FILE`) and positional arguments, in any order. `--` ends options.
///
/// Commands take what they know and then call ``finish()``, which rejects anything left over,
/// so a typo never passes silently.
public struct ArgumentList {
    private var items: [String]
    private var positionalOnlyFrom: Int?

    public init(_ arguments: [String]) {
        if let i = arguments.firstIndex(of: "--") {
            items = Array(arguments[..<i]) + Array(arguments[(i + 1)...])
            positionalOnlyFrom = i
        } else {
            items = arguments
        }
    }

    private func isOptionLike(_ index: Int) -> Bool {
        if let p = positionalOnlyFrom, index >= p { return false }
        let s = items[index]
        return s.hasPrefix("-") && s.count > 1 && Double(s) == nil && !s.contains(",")
            || (s.hasPrefix("--") && s.count > 2)
    }

    private mutating func remove(at i: Int) {
        items.remove(at: i)
        if let p = positionalOnlyFrom, i < p { positionalOnlyFrom = p - 1 }
    }

    /// Removes every occurrence of a flag given by any of `names` (e.g. ["--json"]).
    /// - Returns: true when it was present.
    public mutating func flag(_ names: String...) -> Bool {
        var found = false
        var i = 0
        while i < items.count {
            if isOptionLike(i) && names.contains(items[i]) { remove(at: i); found = true } else { i += 1 }
        }
        return found
    }

    /// Removes and returns every value of an option (`--track 1 --track 3`).
    /// - Throws: ``CLIError/usage(_:)`` when the option has no value.
    public mutating func options(_ names: String...) throws -> [String] {
        var values: [String] = []
        var i = 0
        while i < items.count {
            guard isOptionLike(i) else { i += 1; continue }
            let s = items[i]
            if let name = names.first(where: { s.hasPrefix($0 + "=") }) {
                values.append(String(s.dropFirst(name.count + 1)))
                remove(at: i)
            } else if names.contains(s) {
                guard i + 1 < items.count else { throw CLIError.usage("\(s) needs a value") }
                values.append(items[i + 1])
                remove(at: i + 1)
                remove(at: i)
            } else {
                i += 1
            }
        }
        return values
    }

    /// Removes and returns the last value of an option, or nil when absent.
    public mutating func option(_ names: String...) throws -> String? {
        var values: [String] = []
        for n in names { values += try options(n) }
        return values.last
    }

    /// Removes and returns all remaining positional arguments.
    public mutating func positionals() -> [String] {
        var out: [String] = []
        var i = 0
        while i < items.count {
            if isOptionLike(i) { i += 1 } else { out.append(items[i]); remove(at: i) }
        }
        return out
    }

    /// Removes and returns the first positional argument, or nil.
    public mutating func nextPositional() -> String? {
        for i in items.indices where !isOptionLike(i) {
            let s = items[i]
            remove(at: i)
            return s
        }
        return nil
    }

    /// Throws when anything is left that no one took.
    public func finish() throws {
        guard items.isEmpty else {
            throw CLIError.usage("unknown argument\(items.count > 1 ? "s" : ""): \(items.joined(separator: " "))")
        }
    }
}

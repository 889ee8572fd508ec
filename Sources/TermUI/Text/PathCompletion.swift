/// Tab completion of a file path typed in a prompt, as a shell completes it.
///
/// The last component of `typed` is completed against the entries of its directory (the
/// current directory when the text has no "/"; "~" and "~/" stand for the home directory, and
/// are kept as typed). One match is completed whole, with "/" after a directory; several are
/// completed to their longest common prefix and listed. Names starting with "." are offered only
/// when the typed component starts with ".". Matching is case-sensitive, as bash's default.
public struct PathCompletion: Sendable, Equatable {
    /// The text after completion (the typed text when nothing matched).
    public var completed: String
    /// The matching names (directories with a trailing "/"), sorted, when more than one matched.
    public var candidates: [String]

    public init(completed: String, candidates: [String]) {
        self.completed = completed
        self.candidates = candidates
    }

    /// An entry of a directory.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var isDirectory: Bool
        public init(name: String, isDirectory: Bool) {
            self.name = name
            self.isDirectory = isDirectory
        }
    }

    /// Completes `typed`.
    /// - Parameters:
    ///   - typed: the prompt's text.
    ///   - home: the home directory ("~" expands to it).
    ///   - currentDirectory: where a relative path is read from.
    ///   - list: the entries of a directory, given as an absolute path without a trailing "/", nil
    ///     when it cannot be read.
    public static func complete(_ typed: String, home: String, currentDirectory: String,
                                list: (String) -> [Entry]?) -> PathCompletion {
        let unchanged = PathCompletion(completed: typed, candidates: [])
        // "~" alone: the home directory itself.
        if typed == "~" { return PathCompletion(completed: "~/", candidates: []) }
        let slash = typed.lastIndex(of: "/")
        let directoryPart = slash.map { String(typed[...$0]) } ?? ""
        let prefix = slash.map { String(typed[typed.index(after: $0)...]) } ?? typed
        // The directory to list, absolute and without a trailing "/" (but "/" itself).
        var directory = directoryPart.isEmpty ? currentDirectory : directoryPart
        if directory.hasPrefix("~/") { directory = home + directory.dropFirst() }
        if !directory.hasPrefix("/") { directory = currentDirectory + "/" + directory }
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        guard let entries = list(directory) else { return unchanged }
        let matches = entries.filter { $0.name.hasPrefix(prefix) && (prefix.hasPrefix(".") || !$0.name.hasPrefix(".")) }
            .sorted { $0.name < $1.name }
        guard let first = matches.first else { return unchanged }
        if matches.count == 1 {
            return PathCompletion(completed: directoryPart + first.name + (first.isDirectory ? "/" : ""), candidates: [])
        }
        var common = Array(first.name)
        for m in matches.dropFirst() {
            let other = Array(m.name)
            var n = 0
            while n < min(common.count, other.count) && common[n] == other[n] { n += 1 }
            common.removeSubrange(n...)
        }
        return PathCompletion(completed: directoryPart + String(common),
                              candidates: matches.map { $0.name + ($0.isDirectory ? "/" : "") })
    }
}

/// Why a theme file could not be used: which file, where (line when known, and the JSON key
/// path such as `roles.route.fg`), and what is wrong.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Path of the theme file (or directory, for listing errors).
    public var file: String
    /// 1-based line in the file, when known.
    public var line: Int?
    /// Dotted key path of the offending value, when the problem is a value.
    public var key: String?
    /// What is wrong, in words.
    public var reason: String

    /// Creates an error.
    public init(file: String, line: Int? = nil, key: String? = nil, reason: String) {
        self.file = file
        self.line = line
        self.key = key
        self.reason = reason
    }

    /// `FILE:LINE: KEY: REASON`, leaving out the parts not known.
    public var description: String {
        var s = file
        if let line { s += ":\(line)" }
        s += ": "
        if let key { s += "\(key): " }
        return s + reason
    }
}

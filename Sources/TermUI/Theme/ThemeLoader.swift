import Localization
import Foundation

/// Finds and reads theme files: `<directory>/<name>.json`.
///
/// File format (UTF-8 JSON; see also `Themes/README.md`):
/// ```json
/// {
///   "description": "Light lines on a dark background",
///   "roles": {
///     "text":  { "fg": "default" },
///     "route": { "fg": "#ff5faf", "attributes": ["bold"] },
///     "status-bar": { "fg": "256:254", "bg": "256:236" }
///   }
/// }
/// ```
/// - Top level: an object with `roles` (required) and `description` (optional string).
/// - `roles`: an object mapping role names to styles. Each style is an object with optional
///   `fg` and `bg` colours (``Color/init(themeValue:)``: `"default"`, `"red"`,
///   `"bright-blue"`, `"ansi:N"`, `"256:N"`, `"#rrggbb"`) and an optional `attributes` list
///   of `"bold"`, `"dim"`, `"italic"`, `"underline"`, `"reverse"`.
/// - Any other key, at the top level or in a style, is an error (it is most likely a typo);
///   role names are free.
/// A theme's name is its file name without `.json`: letters, digits, `-` and `_` only.
public struct ThemeLoader: Sendable {
    /// The directory holding `*.json` theme files.
    public let directory: String

    /// A loader for the theme files in `directory` (injected; the app passes its `Themes/`).
    public init(directory: String) {
        self.directory = directory
    }

    /// The theme the application uses by default.
    public static let defaultThemeName = "dark"
    /// The theme used when `NO_COLOR` is set.
    public static let monochromeThemeName = "mono"

    /// The names of the themes in the directory (`*.json` files, without the extension),
    /// sorted.
    /// - Throws: ``ThemeError`` when the directory cannot be read.
    public func availableThemes() throws(ThemeError) -> [String] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw ThemeError(file: directory, reason: L("cannot list the theme directory (%s)", error.localizedDescription))
        }
        return names.filter { $0.hasSuffix(".json") }
            .map { String($0.dropLast(5)) }
            .filter(ThemeLoader.isValidName)
            .sorted()
    }

    /// Reads the theme called `name`.
    /// - Throws: ``ThemeError`` when the name is not a theme name, the file is missing
    ///   (the message lists the themes there are), or the file is broken.
    public func load(named name: String) throws(ThemeError) -> Theme {
        let path = (directory as NSString).appendingPathComponent(name + ".json")
        guard ThemeLoader.isValidName(name) else {
            throw ThemeError(file: path, reason: L("'%s' is not a theme name (letters, digits, '-' and '_' only)", name))
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            let known = (try? availableThemes()) ?? []
            throw ThemeError(file: path, reason: known.isEmpty ? L("no such theme '%s'", name)
                             : L("no such theme '%s'; available: %s", name, known.joined(separator: ", ")))
        }
        return try ThemeLoader.parse(data, name: name, file: path)
    }

    /// True for names made only of ASCII letters, digits, `-` and `_` (so a name can never
    /// reach outside the theme directory).
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x2D || b == 0x5F
        }
    }

    /// Reads a theme from the bytes of a theme file.
    /// - Parameters:
    ///   - name: the theme's name; `file`: the path used in error messages.
    /// - Throws: ``ThemeError`` with the line of a JSON syntax error (from the byte offset
    ///   Foundation reports), or the key path and line of a bad value.
    public static func parse(_ data: Data, name: String, file: String) throws(ThemeError) -> Theme {
        let top: Any
        do {
            top = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw syntaxError(error, data: data, file: file)
        }
        func fail(_ path: [String], _ reason: String) -> ThemeError {
            ThemeError(file: file, line: JSONLocator.line(ofKeyPath: path, in: data), key: path.joined(separator: "."), reason: reason)
        }
        guard let object = top as? [String: Any] else {
            throw ThemeError(file: file, line: 1, reason: L("the file must hold a JSON object with a \"roles\" object"))
        }
        for key in object.keys.sorted() where key != "roles" && key != "description" {
            throw fail([key], L("unknown key (a theme has \"description\" and \"roles\")"))
        }
        var description = ""
        if let d = object["description"] {
            guard let s = d as? String else { throw fail(["description"], L("must be a string")) }
            description = s
        }
        guard let rolesValue = object["roles"] else {
            throw ThemeError(file: file, line: 1, key: "roles", reason: L("missing: a theme needs a \"roles\" object"))
        }
        guard let roles = rolesValue as? [String: Any] else { throw fail(["roles"], L("must be an object of role name → style")) }
        var styles: [String: Style] = [:]
        for role in roles.keys.sorted() {
            let path = ["roles", role]
            guard !role.isEmpty else { throw fail(path, L("a role name cannot be empty")) }
            guard let fields = roles[role] as? [String: Any] else {
                throw fail(path, L("a style must be an object with \"fg\", \"bg\" and/or \"attributes\""))
            }
            var style = Style()
            for key in fields.keys.sorted() {
                let value = fields[key]!
                switch key {
                case "fg", "bg":
                    guard let s = value as? String else { throw fail(path + [key], L("a colour must be a string")) }
                    let color: Color
                    do { color = try Color(themeValue: s) } catch { throw fail(path + [key], error.message) }
                    if key == "fg" { style.fg = color } else { style.bg = color }
                case "attributes":
                    guard let list = value as? [Any] else { throw fail(path + [key], L("must be a list such as [\"bold\"]")) }
                    for item in list {
                        guard let s = item as? String, let a = Attributes.named.first(where: { $0.name == s.lowercased() }) else {
                            throw fail(path + [key], L("'%s' is not an attribute (expected %s)", item,
                                                       Attributes.named.map { "\"\($0.name)\"" }.joined(separator: ", ")))
                        }
                        style.attributes.insert(a.attribute)
                    }
                default:
                    throw fail(path + [key], L("unknown key (a style has \"fg\", \"bg\" and \"attributes\")"))
                }
            }
            styles[role] = style
        }
        return Theme(name: name, description: description, styles: styles)
    }

    /// A ``ThemeError`` for a JSON syntax error, with line and column when Foundation's
    /// message gives a byte offset ("… around character N.") and the last line at end of file.
    static func syntaxError(_ error: Error, data: Data, file: String) -> ThemeError {
        let message = ((error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String) ?? error.localizedDescription
        if let r = message.range(of: "around character "),
           let offset = Int(message[r.upperBound...].prefix(while: \.isNumber)) {
            let (line, column) = JSONLocator.lineAndColumn(ofByteOffset: offset, in: data)
            let what = message[..<r.lowerBound].trimmingCharacters(in: .whitespaces)
            return ThemeError(file: file, line: line, reason: L("invalid JSON: %s at column %s", what, column))
        }
        if message.localizedCaseInsensitiveContains("end of file") {
            let (line, _) = JSONLocator.lineAndColumn(ofByteOffset: data.count, in: data)
            return ThemeError(file: file, line: line, reason: L("invalid JSON: the file ends before the JSON does"))
        }
        return ThemeError(file: file, reason: L("invalid JSON: %s", message))
    }
}

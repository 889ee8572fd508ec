import Foundation
import TermUI

/// Which theme the program draws with, and where the `Themes/` directory is.
///
/// The directory, first match wins:
/// 1. `CAIRN_THEMES` (a directory path) when set and not empty;
/// 2. a `Themes/` directory next to the executable or in one of its parent directories
///    (so `.build/debug/cairn` inside a checkout finds the checkout's `Themes/`);
/// 3. `<prefix>/share/cairn/Themes` for an executable installed as `<prefix>/bin/cairn`.
/// The theme: `--theme NAME` when given; else `mono` when `NO_COLOR` is set to a non-empty
/// value (https://no-color.org); else `light` when `COLORFGBG` says the terminal's background
/// is light (``lightBackground``); else `dark`. When no directory is found and no theme was asked
/// for, ``Theme/plain`` (the terminal's own colours) is used.
public struct ThemeSelection: Sendable {
    /// Why a theme could not be chosen.
    public enum SelectionError: Error, CustomStringConvertible, Equatable {
        /// `--theme NAME` was given but there is no theme directory.
        case noThemeDirectory(name: String)
        /// The theme file is missing or broken (TermUI's message: path, line, key, reason).
        case theme(String)

        public var description: String {
            switch self {
            case .noThemeDirectory(let n):
                return "cannot find the Themes directory for theme '\(n)'; set CAIRN_THEMES to it"
            case .theme(let m): return m
            }
        }
    }

    /// The process environment (injected).
    public var environment: [String: String]
    /// The running executable's path (`CommandLine.arguments[0]` resolved, or /proc/self/exe).
    public var executablePath: String?
    /// Tells whether a directory exists (injected for tests).
    public var directoryExists: @Sendable (String) -> Bool

    /// Creates a selection context.
    public init(environment: [String: String], executablePath: String?,
                directoryExists: @escaping @Sendable (String) -> Bool = ThemeSelection.isDirectory) {
        self.environment = environment
        self.executablePath = executablePath
        self.directoryExists = directoryExists
    }

    /// True when `path` is an existing directory.
    @Sendable public static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// True when `NO_COLOR` is set to a non-empty value.
    public var noColor: Bool { !(environment["NO_COLOR"] ?? "").isEmpty }

    /// True when `COLORFGBG` says the background is light. The variable (set by rxvt, Konsole,
    /// iTerm2 and others; xterm does not) is "FG;BG" or "FG;default;BG" with ANSI colour numbers;
    /// a background of 7 (white) or 9-15 (the bright colours but 8, dark grey) is light.
    public var lightBackground: Bool {
        guard let v = environment["COLORFGBG"], let last = v.split(separator: ";").last, let bg = Int(last) else { return false }
        return bg == 7 || (9...15).contains(bg)
    }

    /// The `Themes/` directory by the rules above, or nil.
    public func themeDirectory() -> String? {
        if let d = environment["CAIRN_THEMES"], !d.isEmpty { return d }
        guard let exe = executablePath, !exe.isEmpty else { return nil }
        var dir = (exe as NSString).deletingLastPathComponent
        while !dir.isEmpty {
            let candidate = (dir as NSString).appendingPathComponent("Themes")
            if directoryExists(candidate) { return candidate }
            if (dir as NSString).lastPathComponent == "bin" {
                let share = ((dir as NSString).deletingLastPathComponent as NSString)
                    .appendingPathComponent("share/cairn/Themes")
                if directoryExists(share) { return share }
            }
            let parent = (dir as NSString).deletingLastPathComponent
            if parent == dir { break }
            dir = parent
        }
        return nil
    }

    /// The name of the theme to use: `requested`, else mono under NO_COLOR, else light on a
    /// light background, else dark.
    public func themeName(requested: String?) -> String {
        if let r = requested, !r.isEmpty { return r }
        if noColor { return ThemeLoader.monochromeThemeName }
        return lightBackground ? "light" : ThemeLoader.defaultThemeName
    }

    /// Loads the theme to use.
    /// - Parameter requested: the `--theme` value, or nil.
    /// - Throws: ``SelectionError`` when a requested theme cannot be found or a theme file is
    ///   broken.
    public func theme(requested: String?) throws(SelectionError) -> Theme {
        let name = themeName(requested: requested)
        guard let dir = themeDirectory() else {
            if requested != nil { throw .noThemeDirectory(name: name) }
            return .plain
        }
        do {
            return try ThemeLoader(directory: dir).load(named: name)
        } catch {
            throw .theme(error.description)
        }
    }
}

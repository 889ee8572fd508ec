import Foundation
import Testing
@testable import TermUI

@Suite struct ThemeTests {
    /// `<repo>/Themes`, from this file's path.
    static let themesDirectory: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Themes").path

    /// The roles Cairn's screens use; every shipped theme must define all of them.
    static let roles = [
        "path", "track", "road", "minor-road", "water", "waterway", "forest", "landuse", "peak", "hut",
        "spring", "viewpoint", "label", "route", "route-chevron", "route-start", "route-finish",
        "route-covered", "cursor", "marker", "chart-line", "chart-fill", "chart-axis", "chart-cursor",
        "selection", "text", "muted", "heading", "warning", "error", "status-bar", "border", "highlight",
        "sac-1", "sac-2", "sac-3", "sac-4", "sac-5", "sac-6", "straight-leg",
    ]

    /// A loader over a fresh temporary directory holding `files` (name → contents).
    func loader(_ files: [String: String]) throws -> ThemeLoader {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("cairn-themes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: dir.appendingPathComponent(name)) }
        return ThemeLoader(directory: dir.path)
    }

    func error(_ load: () throws -> Theme) -> ThemeError? {
        do { _ = try load(); return nil } catch let e as ThemeError { return e } catch { return nil }
    }

    @Test func everyShippedThemeLoadsWithEveryRole() throws {
        let loader = ThemeLoader(directory: Self.themesDirectory)
        let names = try loader.availableThemes()
        #expect(names == ["dark", "high-contrast", "light", "mono"])
        #expect(names.contains(ThemeLoader.defaultThemeName) && names.contains(ThemeLoader.monochromeThemeName))
        for name in names {
            let theme = try loader.load(named: name)
            #expect(theme.name == name)
            #expect(!theme.description.isEmpty)
            #expect(theme.missingRoles(Self.roles) == [], "theme \(name)")
        }
    }

    @Test func monoHasNoColours() throws {
        let mono = try ThemeLoader(directory: Self.themesDirectory).load(named: "mono")
        for (role, style) in mono.styles {
            #expect((style.fg ?? .default) == .default && (style.bg ?? .default) == .default, "role \(role)")
        }
        #expect(mono.style("route").attributes.contains(.bold))
    }

    @Test func highContrastUsesOnlyTheSixteenColours() throws {
        let hc = try ThemeLoader(directory: Self.themesDirectory).load(named: "high-contrast")
        for (role, style) in hc.styles {
            for c in [style.fg, style.bg].compactMap({ $0 }) {
                #expect(c.downgraded(to: .ansi16) == c, "role \(role)")
            }
        }
    }

    @Test func parsesStylesAndFallsBackToText() throws {
        let l = try loader(["t.json": """
            {"description": "test", "roles": {
              "text": {"fg": "white", "bg": "#000000"},
              "route": {"fg": "256:205", "attributes": ["bold", "Underline"]}
            }}
            """])
        let t = try l.load(named: "t")
        #expect(t.style("route") == Style(fg: .indexed(205), attributes: [.bold, .underline]))
        #expect(t.style("nothing-like-it") == Style(fg: .white, bg: .rgb(0, 0, 0)))
        #expect(Theme(name: "x", styles: [:]).style("route") == .plain)
        #expect(Theme.plain.style("text") == .plain)
    }

    @Test func syntaxErrorGivesTheLine() throws {
        // Line 3 holds the doubled comma.
        let l = try loader(["bad.json": "{\n  \"roles\": {\n    \"text\": {\"fg\": \"red\"},,\n  }\n}\n"])
        let e = try #require(error { try l.load(named: "bad") })
        #expect(e.line == 3)
        #expect(e.file.hasSuffix("bad.json"))
        #expect(e.reason.hasPrefix("invalid JSON"))
        #expect(e.description.contains("bad.json:3: invalid JSON"))
        // Cut short: the error is on the last line.
        let m = try loader(["cut.json": "{\n  \"roles\": {\n"])
        let c = try #require(error { try m.load(named: "cut") })
        #expect(c.line == 3 && c.reason.contains("ends"))
    }

    @Test func badValuesNameTheKeyAndLine() throws {
        let text = """
            {
              "roles": {
                "text": {"fg": "default"},
                "route": {
                  "fg": "#12345"
                }
              }
            }
            """
        let l = try loader(["a.json": text,
                            "b.json": #"{"roles": {"water": {"colour": "blue"}}}"#,
                            "c.json": #"{"roles": {"water": {"attributes": ["blink"]}}}"#,
                            "d.json": #"{"description": "no roles"}"#,
                            "e.json": #"{"roles": {}, "extra": 1}"#,
                            "f.json": #"[1, 2]"#,
                            "g.json": #"{"roles": {"water": {"fg": 12}}}"#,
                            "h.json": #"{"roles": {"water": "blue"}}"#])
        let a = try #require(error { try l.load(named: "a") })
        #expect(a.key == "roles.route.fg" && a.line == 5 && a.reason.contains("six hex digits"))
        #expect(a.description.hasSuffix("a.json:5: roles.route.fg: '#12345': a true colour is '#' and six hex digits, like #1e90ff"))
        let b = try #require(error { try l.load(named: "b") })
        #expect(b.key == "roles.water.colour" && b.line == 1 && b.reason.contains("unknown key"))
        let c = try #require(error { try l.load(named: "c") })
        #expect(c.key == "roles.water.attributes" && c.reason.contains("'blink' is not an attribute"))
        #expect(error { try l.load(named: "d") }?.key == "roles")
        #expect(error { try l.load(named: "e") }?.key == "extra")
        #expect(error { try l.load(named: "f") }?.reason.contains("JSON object") == true)
        #expect(error { try l.load(named: "g") }?.reason == "a colour must be a string")
        #expect(error { try l.load(named: "h") }?.key == "roles.water")
    }

    @Test func missingOrHostileNames() throws {
        let l = try loader(["one.json": #"{"roles": {}}"#, "notes.txt": "x"])
        #expect(try l.availableThemes() == ["one"])
        let missing = try #require(error { try l.load(named: "two") })
        #expect(missing.reason == "no such theme 'two'; available: one")
        let hostile = try #require(error { try l.load(named: "../../etc/passwd") })
        #expect(hostile.reason.contains("not a theme name"))
        #expect(throws: ThemeError.self) { try ThemeLoader(directory: "/nonexistent/cairn/themes").availableThemes() }
    }
}

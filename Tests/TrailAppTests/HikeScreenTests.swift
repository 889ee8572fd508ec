import CairnTestSupport
import Foundation
import Testing
import TermUI
import TrailCore
@testable import TrailApp

@Suite struct HikeScreenTests {
    let env = TestSupport.environment()

    @Test func layoutByTerminalSize() {
        let wide = HikeScreenLayout(area: Rect(x: 0, y: 0, width: 200, height: 60))
        #expect(wide.arrangement == .wide)
        #expect(wide.map.x == 0 && wide.stats.x > wide.map.maxX - 1 && wide.chart.y > wide.map.maxY - 1)
        #expect(wide.chart.width == 200 && wide.stats.width == 44 && wide.chart.height == 16)
        let narrow = HikeScreenLayout(area: Rect(x: 0, y: 0, width: 80, height: 24))
        #expect(narrow.arrangement == .narrow)
        #expect(narrow.map.maxY <= narrow.chart.y && narrow.chart.maxY <= narrow.stats.y)
        #expect(narrow.chart.height == 8 && narrow.stats.height == 8 && narrow.map.height == 6)
        let tiny = HikeScreenLayout(area: Rect(x: 0, y: 0, width: 30, height: 10))
        #expect(tiny.arrangement == .tiny && tiny.stats.isEmpty && tiny.chart.height == 4 && tiny.map.height == 6)
        #expect(HikeScreenLayout(area: Rect(x: 0, y: 0, width: 30, height: 5)).chart.isEmpty)
        // Parts never overlap and stay inside.
        for (w, h) in [(0, 0), (1, 1), (2, 2), (39, 17), (40, 18), (99, 23), (100, 24), (300, 100)] {
            let area = Rect(x: 2, y: 1, width: w, height: h)
            let l = HikeScreenLayout(area: area)
            let parts = [l.map, l.chart, l.stats] + l.separators.map(\.rect)
            for (i, a) in parts.enumerated() {
                #expect(a.isEmpty || a.intersection(area) == a)
                for b in parts[(i + 1)...] { #expect(!a.intersects(b)) }
            }
        }
    }

    @Test func everySizeRendersWithoutCrashing() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        var state = HikeScreenState(hike: hike)
        state.scrub(toFraction: 0.5)
        state.setRange(start: 10, end: 90)
        state.setColoursBySlope(true)
        let empty = HikeScreenState(hike: PreparedHike(name: "", tracks: []))
        for (w, h) in [(0, 0), (1, 1), (2, 2), (3, 3), (4, 2), (8, 4), (20, 7), (39, 17), (40, 18), (80, 24), (99, 23), (100, 24)] {
            for s in [state, empty] {
                var buffer = Buffer(width: w, height: h)
                HikeScreenView.render(state: s, environment: env, into: &buffer)
                #expect(buffer.textLines().count == h)
                var ascii = Buffer(width: w, height: h)
                HikeScreenView.render(state: s, environment: TestSupport.environment("mono", mode: .ascii), into: &ascii)
                #expect(ascii.cells.allSatisfy { $0.symbol.unicodeScalars.allSatisfy(\.isASCII) || $0.symbol == "…" || $0.symbol == "—" || $0.symbol == "·" || $0.symbol == "▸" || $0.symbol == "–" })
            }
        }
    }

    @Test func scrubAndMarksClamp() throws {
        let hike = try TestSupport.sampleHike("gpxpy-Mojstrovka.gpx")
        var state = HikeScreenState(hike: hike)
        state.scrub(by: -5)
        #expect(state.scrubIndex == 0)
        state.scrub(to: 10_000)
        #expect(state.scrubIndex == hike.pointCount - 1)
        state.scrub(toFraction: 0.5)
        // The first point at or past half the length (checked on the distances directly).
        let half = hike.profile.length / 2
        #expect(hike.profile.distances[state.scrubIndex] >= half && hike.profile.distances[state.scrubIndex - 1] < half)
        state.setRange(start: -3, end: 99_999)
        #expect(state.range == 0...(hike.pointCount - 1))
    }

    @Test func snapshotWideScreenWithoutMapStore() throws {
        let hike = try TestSupport.sampleHike("GPSTools-Oybin.gpx")
        let area = Rect(x: 0, y: 0, width: 120, height: 40)
        let layout = HikeScreenLayout(area: area)
        var state = HikeScreenState(hike: hike, mapWidth: layout.map.width, mapHeight: layout.map.height)
        state.scrub(toFraction: 0.35)
        state.setRange(start: hike.index(atFraction: 0.2), end: hike.index(atFraction: 0.5))
        var buffer = Buffer(area: area)
        HikeScreenView.render(state: state, environment: env, into: &buffer)
        Snapshot.check(buffer, named: "screen-oybin-120x40")
    }

    @Test func snapshotNarrowScreen() throws {
        let hike = try TestSupport.sampleHike("gpxpy-Mojstrovka.gpx")
        let area = Rect(x: 0, y: 0, width: 80, height: 30)
        let layout = HikeScreenLayout(area: area)
        var state = HikeScreenState(hike: hike, mapWidth: layout.map.width, mapHeight: layout.map.height)
        state.scrub(toFraction: 0.6)
        var buffer = Buffer(area: area)
        HikeScreenView.render(state: state, environment: TestSupport.environment("mono"), into: &buffer)
        Snapshot.check(buffer, named: "screen-mojstrovka-80x30")
    }
}

@Suite struct ThemeSelectionTests {
    @Test func everyShippedThemeDefinesTheHikeScreenRoles() throws {
        let dir = TestSupport.repo.appendingPathComponent("Themes").path
        let names = try ThemeLoader(directory: dir).availableThemes()
        #expect(names.contains("dark") && names.contains("mono"))
        for n in names {
            let t = try ThemeLoader(directory: dir).load(named: n)
            #expect(t.missingRoles(ThemeRole.all).isEmpty, "\(n) lacks \(t.missingRoles(ThemeRole.all))")
        }
    }

    /// Headings in the default theme are the terminal's own foreground (bold), readable on any
    /// background: #ffffff made the hike's title vanish on a white xterm.
    @Test func theDefaultThemesTextRolesUseTheTerminalsForeground() throws {
        let t = try ThemeLoader(directory: TestSupport.repo.appendingPathComponent("Themes").path).load(named: "dark")
        for role in [ThemeRole.text, ThemeRole.heading] {
            let style = t.style(role)
            #expect(style.fg == nil || style.fg == .default, "\(role): \(style)")
        }
    }

    @Test func directoryLookup() {
        let repo = TestSupport.repo.path
        let exists: @Sendable (String) -> Bool = { $0 == "/opt/x/share/cairn/Themes" || $0 == "/checkout/Themes" }
        // CAIRN_THEMES wins.
        #expect(ThemeSelection(environment: ["CAIRN_THEMES": "/t"], executablePath: "/checkout/.build/debug/cairn",
                               directoryExists: exists).themeDirectory() == "/t")
        // Walk up from the executable.
        #expect(ThemeSelection(environment: [:], executablePath: "/checkout/.build/debug/cairn",
                               directoryExists: exists).themeDirectory() == "/checkout/Themes")
        // Installed: <prefix>/bin/cairn → <prefix>/share/cairn/Themes.
        #expect(ThemeSelection(environment: [:], executablePath: "/opt/x/bin/cairn",
                               directoryExists: exists).themeDirectory() == "/opt/x/share/cairn/Themes")
        #expect(ThemeSelection(environment: [:], executablePath: "/nowhere/cairn",
                               directoryExists: exists).themeDirectory() == nil)
        // The real file system: this checkout's Themes/.
        #expect(ThemeSelection(environment: [:], executablePath: repo + "/.build/debug/cairn").themeDirectory() == repo + "/Themes")
    }

    @Test func noColorPicksMonoUnlessAThemeIsAsked() throws {
        let themes = TestSupport.repo.appendingPathComponent("Themes").path
        let plain = ThemeSelection(environment: ["CAIRN_THEMES": themes], executablePath: nil)
        let noColor = ThemeSelection(environment: ["CAIRN_THEMES": themes, "NO_COLOR": "1"], executablePath: nil)
        #expect(try plain.theme(requested: nil).name == "dark")
        #expect(try noColor.theme(requested: nil).name == "mono")
        #expect(try noColor.theme(requested: "light").name == "light")
        #expect(ThemeSelection(environment: ["NO_COLOR": ""], executablePath: nil).noColor == false)
        #expect(throws: ThemeSelection.SelectionError.self) { try plain.theme(requested: "nope") }
        #expect(throws: ThemeSelection.SelectionError.self) { try plain.theme(requested: "../etc/passwd") }
        // COLORFGBG: a light background (7, 9-15) picks light; dark ones, junk, or a theme asked for do not.
        for (value, name) in [("0;15", "light"), ("0;default;7", "light"), ("15;0", "dark"), ("7;8", "dark"), ("x", "dark"), ("", "dark")] {
            let s = ThemeSelection(environment: ["CAIRN_THEMES": themes, "COLORFGBG": value], executablePath: nil)
            #expect(try s.theme(requested: nil).name == name, "COLORFGBG=\(value)")
            #expect(try s.theme(requested: "high-contrast").name == "high-contrast")
        }
        #expect(try ThemeSelection(environment: ["CAIRN_THEMES": themes, "COLORFGBG": "0;15", "NO_COLOR": "1"], executablePath: nil)
            .theme(requested: nil).name == "mono")
        let none = ThemeSelection(environment: [:], executablePath: "/nowhere/cairn", directoryExists: { _ in false })
        #expect(try none.theme(requested: nil) == .plain)
        #expect(throws: ThemeSelection.SelectionError.noThemeDirectory(name: "dark")) { try none.theme(requested: "dark") }
    }
}

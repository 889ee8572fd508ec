import Foundation
import Testing
import TrailCore
@testable import CairnCLI

/// The config file: its settings reach every command through the option machinery, in the
/// stated precedence; bad lines are reported by file and line and skipped.
@Suite struct ConfigFileTests {
    /// A config directory holding `text` as cairn/config; returns XDG_CONFIG_HOME.
    func configHome(_ text: String) throws -> String {
        let dir = makeTempDirectory("config")
        try FileManager.default.createDirectory(atPath: dir + "/cairn", withIntermediateDirectories: true)
        try text.write(toFile: dir + "/cairn/config", atomically: true, encoding: .utf8)
        return dir
    }

    @Test func precedenceIsCommandLineThenEnvironmentThenConfigThenBuiltIn() throws {
        let dir = makeTempDirectory("config-stores")
        let xdg = try configHome("# where hikes are\nstore = \(dir)/from-config.sqlite\n")
        // The store path shows in the "no hike store" message of `list`.
        let fromConfig = cairn(["list"], environment: ["XDG_CONFIG_HOME": xdg])
        #expect(fromConfig.status == 1 && fromConfig.stderr.contains("from-config.sqlite"), "\(fromConfig.stderr)")
        let fromEnv = cairn(["list"], environment: ["XDG_CONFIG_HOME": xdg, "CAIRN_STORE": dir + "/from-env.sqlite"])
        #expect(fromEnv.stderr.contains("from-env.sqlite"), "\(fromEnv.stderr)")
        let typed = cairn(["list", "--store", dir + "/typed.sqlite"], environment: ["XDG_CONFIG_HOME": xdg, "CAIRN_STORE": dir + "/from-env.sqlite"])
        #expect(typed.stderr.contains("typed.sqlite"), "\(typed.stderr)")
        let builtIn = cairn(["list"], environment: ["XDG_CONFIG_HOME": dir + "/nowhere", "XDG_DATA_HOME": dir + "/data"])
        #expect(builtIn.stderr.contains(dir + "/data/cairn/hikes.sqlite"), "\(builtIn.stderr)")

        // Units: config beats the locale (part of the built-in default), the command line beats config.
        let store = dir + "/hikes.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", "--store", store]).status == 0)
        let xdgUnits = try configHome("units = imperial\n")
        let metric = cairn(["list", "--store", store], environment: ["LANG": "en_GB.UTF-8"])
        let imperial = cairn(["list", "--store", store], environment: ["LANG": "en_GB.UTF-8", "XDG_CONFIG_HOME": xdgUnits])
        let typedMetric = cairn(["list", "--store", store, "--units", "metric"], environment: ["XDG_CONFIG_HOME": xdgUnits])
        #expect(metric.stdout.contains(" km") && !metric.stdout.contains(" mi"), "\(metric.stdout)")
        #expect(imperial.stdout.contains(" mi") && !imperial.stdout.contains(" km"), "\(imperial.stdout)")
        #expect(typedMetric.stdout.contains(" km"), "\(typedMetric.stdout)")
    }

    @Test func recordFilterThresholdsComeFromTheConfig() throws {
        let config = ConfigFile.parse("record.max-accuracy = 12m\nrecord.stationary-time = 2min\n", path: "c", known: ConfigSettings.options(), home: nil)
        #expect(config.warnings.isEmpty)
        var parsed = try ArgumentParser(for: RecordCommand.self).parse(["--stationary-time", "45s"])
        parsed.configured = ConfigSettings.values(for: RecordCommand.options, config: config, environment: [:])
        let rules = try RecordFilterOptions.take(parsed)
        #expect(rules.maximumHorizontalAccuracy == 12)
        #expect(rules.stationaryDuration == 45, "typed wins over the config's 120 s")
    }

    /// `alerts = speech` in the config: speech on, no bell; `--alerts both` typed wins; a word
    /// that is not a choice is reported and skipped (DECISIONS.md 921).
    @Test func howAlertsSoundComesFromTheConfig() throws {
        let config = ConfigFile.parse("alerts = speech\n", path: "c", known: ConfigSettings.options(), home: nil)
        #expect(config.warnings.isEmpty)
        var parsed = try ArgumentParser(for: FollowCommand.self).parse(["1"])
        parsed.configured = ConfigSettings.values(for: FollowCommand.options, config: config, environment: [:])
        let fromConfig = try LiveOptions(parsed)
        #expect(fromConfig.speak && !fromConfig.bell)
        var typed = try ArgumentParser(for: FollowCommand.self).parse(["1", "--alerts", "both"])
        typed.configured = parsed.configured
        let both = try LiveOptions(typed)
        #expect(both.speak && both.bell)
        let quiet = try LiveOptions(ArgumentParser(for: FollowCommand.self).parse(["1", "--alerts", "none"]))
        #expect(!quiet.speak && !quiet.bell)
        let plain = try LiveOptions(ArgumentParser(for: FollowCommand.self).parse(["1"]))
        #expect(!plain.speak && plain.bell, "the bell alone by default")
        let bad = ConfigFile.parse("alerts = loud\n", path: "c", known: ConfigSettings.options(), home: nil)
        #expect(bad.warnings.count == 1, "\(bad.warnings)")
    }

    @Test func badLinesAreReportedByFileAndLineAndTheRestStillApplies() throws {
        let text = """
            # a comment
            units imperial
            colour = red
            unit = metric
            record.max-accuracy = -3
            theme = sepia

            units = imperial
            store =
            """
        let c = ConfigFile.parse(text, path: "/x/config", known: ConfigSettings.options(), home: "/home/h")
        #expect(c.settings.map(\.key) == ["units"])
        #expect(c.warnings.count == 6)
        #expect(c.warnings[0] == "/x/config:2: expected 'key = value', not 'units imperial'")
        #expect(c.warnings[1].hasPrefix("/x/config:3: unknown setting 'colour'"))
        #expect(c.warnings[2].hasPrefix("/x/config:4: unknown setting 'unit'; did you mean 'units'?"))
        #expect(c.warnings[3].hasPrefix("/x/config:5: record.max-accuracy: needs a value such as"))
        #expect(c.warnings[4].hasPrefix("/x/config:6: theme: 'sepia' is not one of dark, light"))
        #expect(c.warnings[5] == "/x/config:9: store has no value; using the default")
        // The picture format (issue 36): a bad value names the file, the line and the choices.
        let images = ConfigFile.parse("images = sixels\nimages = pixels", path: "/x/config", known: ConfigSettings.options(), home: "/h")
        #expect(images.value("images") == "sixels")
        #expect(images.warnings == ["/x/config:2: images: 'pixels' is not one of auto, kitty, sixels, iterm, symbols; using the default"],
                "\(images.warnings)")
        #expect(ConfigSettings.options().first { $0.configKey == "images" }?.environmentVariable == "CAIRN_IMAGES")
        #expect(ConfigFile.parse("map = ~/maps/alps.sqlite", path: "c", known: ConfigSettings.options(), home: "/home/h").value("map")
                == "/home/h/maps/alps.sqlite")

        // The program still starts: the warnings on stderr, the good line applied, exit 0.
        let xdg = try configHome(text)
        let dir = makeTempDirectory("config-bad")
        let store = dir + "/hikes.sqlite"
        #expect(cairn(["import", repoRoot + "/Samples/gpxpy-Mojstrovka.gpx", "--store", store]).status == 0)
        let run = cairn(["list", "--store", store], environment: ["XDG_CONFIG_HOME": xdg])
        #expect(run.status == 0)
        #expect(run.stderr.contains("cairn: \(xdg)/cairn/config:3: unknown setting 'colour'"), "\(run.stderr)")
        #expect(run.stdout.contains(" mi"), "line 8 still applies")
        let shown = cairn(["config"], environment: ["XDG_CONFIG_HOME": xdg])
        #expect(shown.status == 1 && shown.stdout.contains("units = imperial  (line 8)"))
    }

    @Test func exampleListsEverySettingWithItsDefaultAndParsesCleanWhenUncommented() throws {
        let run = cairn(["config", "--example"])
        #expect(run.status == 0)
        let keys = ConfigSettings.options().compactMap(\.configKey)
        for k in ["units", "theme", "gps", "off-route", "store", "map", "dem", "record.max-accuracy", "record.stray-distance"] {
            #expect(keys.contains(k), "\(k)")
        }
        for k in keys { #expect(run.stdout.contains("\n# \(k) = "), "\(k)") }
        #expect(run.stdout.contains("# record.max-accuracy = \(Int(PositionFilterRules.defaultMaximumHorizontalAccuracy))m"))
        // Every commented setting, uncommented, is a usable line.
        let uncommented = run.stdout.split(separator: "\n")
            .filter { $0.hasPrefix("# ") && $0.split(separator: " ").count >= 3 && $0.split(separator: " ")[2] == "=" }
            .map { $0.dropFirst(2) }.joined(separator: "\n")
        let parsed = ConfigFile.parse(uncommented, path: "example", known: ConfigSettings.options(), home: "/home/h")
        #expect(parsed.warnings.isEmpty, "\(parsed.warnings)")
        #expect(parsed.settings.count == keys.count)
    }

    @Test func helpAndManPageStateThePrecedence() {
        func flat(_ s: String) -> String { s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
        let rule = "command line > environment variable > config file > built-in default"
        #expect(flat(ListCommand.help).contains("config: units"))
        #expect(flat(ListCommand.help).contains(rule))
        #expect(flat(CairnCLI.help).contains(rule))
        #expect(ManPage.text().contains(".SH CONFIGURATION"))
        #expect(flat(ManPage.text()).contains(ManPage.escape(rule)))
    }
}

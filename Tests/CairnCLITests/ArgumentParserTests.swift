import Foundation
import Testing
@testable import CairnCLI

/// The command-line parser on its own (one pass, in the order typed) and through the
/// commands: repetition, `=`, `--`, options among positionals, messages for what is wrong.
@Suite struct ArgumentParserTests {
    static let output = OptionSpec("--output", short: "-o", value: "FILE", help: "write there")
    static let units = OptionSpec("--units", value: "SYSTEM", help: "units")
    static let track = OptionSpec("--track", value: "N", repeatable: true, help: "a track")
    static let json = OptionSpec("--json", help: "JSON")
    static let sort = OptionSpec("--sort", value: "KEY", defaultValue: "date", help: "order")
    let parser = ArgumentParser(command: "demo", options: [output, units, track, json, sort],
                                arguments: [ArgumentSpec("FILE", count: .oneOrMore, help: "a file")])

    @Test func theLastOfARepeatedOptionWinsWhicheverSpellingIsUsed() throws {
        #expect(try parser.parse(["--output", "b", "-o", "a"]).value(Self.output) == "a")
        #expect(try parser.parse(["-o", "a", "--output", "b"]).value(Self.output) == "b")
        #expect(try parser.parse(["--output=b", "-o=a"]).value(Self.output) == "a")
        #expect(try parser.parse(["--units", "metric", "--units", "imperial"]).value(Self.units) == "imperial")
    }

    @Test func aRepeatableOptionKeepsEveryValueInOrder() throws {
        let p = try parser.parse(["--track", "3", "f.gpx", "--track=1", "--track", "3"])
        #expect(p.values(Self.track) == ["3", "1", "3"])
        #expect(p.positionals == ["f.gpx"])
        #expect(try parser.parse(["f.gpx"]).values(Self.track).isEmpty)
    }

    @Test func optionsAndPositionalsMixInAnyOrder() throws {
        // Whatever is read first, `metric` belongs to --units and is never a positional.
        for words in [["a.gpx", "--units", "metric", "b.gpx"], ["--units", "metric", "a.gpx", "b.gpx"],
                      ["a.gpx", "b.gpx", "--units", "metric"], ["a.gpx", "--units=metric", "b.gpx"]] {
            let p = try parser.parse(words)
            #expect(p.positionals == ["a.gpx", "b.gpx"], "\(words)")
            #expect(p.value(Self.units) == "metric", "\(words)")
        }
    }

    @Test func equalsFormAndValuesThatLookLikeOptions() throws {
        #expect(try parser.parse(["--output=a=b.gpx"]).value(Self.output) == "a=b.gpx")
        #expect(try parser.parse(["--output="]).value(Self.output) == "")
        // The word after an option that takes a value is its value, dash or not.
        #expect(try parser.parse(["-o", "-"]).value(Self.output) == "-")
        #expect(try parser.parse(["--output", "--json"]).value(Self.output) == "--json")
        #expect(try !parser.parse(["--output", "--json"]).has(Self.json))
    }

    @Test func doubleDashEndsOptions() throws {
        let p = try parser.parse(["--json", "--", "--units", "-o", "x.gpx", "--"])
        #expect(p.has(Self.json))
        #expect(p.positionals == ["--units", "-o", "x.gpx", "--"])
        #expect(p.value(Self.units) == nil && p.value(Self.output) == nil)
        #expect(try parser.parse(["-"]).positionals == ["-"])
    }

    @Test func defaultsApplyOnlyWhenAbsent() throws {
        #expect(try parser.parse([]).value(Self.sort) == "date")
        #expect(try parser.parse(["--sort", "name"]).value(Self.sort) == "name")
        #expect(try parser.parse([]).value(Self.output) == nil)
        #expect(try !parser.parse([]).has(Self.sort))
    }

    @Test func whatIsWrongIsSaid() {
        func message(_ words: [String], _ p: ArgumentParser? = nil) -> String? {
            do { _ = try (p ?? parser).parse(words); return nil } catch { return (error as? CLIError)?.description }
        }
        #expect(message(["--sortt", "x"]) == "unknown option --sortt; did you mean --sort?")
        #expect(message(["--bogus"]) == "unknown option --bogus")
        #expect(message(["-x"]) == "unknown option -x")
        #expect(message(["-1.5,42"]) == "unknown option -1.5,42")
        #expect(message(["--output"]) == "--output needs a value (FILE)")
        #expect(message(["a", "-o"]) == "-o needs a value (FILE)")
        #expect(message(["--json=yes"]) == "--json takes no value")
        // Control characters typed in an option are not echoed to the terminal.
        #expect(message(["--a\u{1B}[2Jb"]).map { !$0.contains("\u{1B}") } == true)
        let none = ArgumentParser(command: "info", options: [Self.json])
        #expect(message(["one", "two"], none) == "unknown arguments: one two")
        #expect(message(["one"], none) == "unknown argument: one")
    }

    @Test func anOptionOfOtherCommandsSaysWhereItBelongs() {
        let parser = ArgumentParser(for: ListCommand.self, among: CairnCLI.commands)
        #expect(throws: CLIError.usage("--theme does not apply to list; tui, render, follow and record take it")) {
            try parser.parse(["--theme", "dark"])
        }
        let run = cairn(["list", "--theme", "dark", "--store", "/nonexistent/h.sqlite"])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("cairn list: --theme does not apply to list; tui, render, follow and record take it\n"), "\(run.stderr)")
        for drawing in ["tui", "follow", "record", "render"] {
            let command = CairnCLI.commands.first { $0.name == drawing }!
            #expect(command.options.contains { $0.name == "--theme" }, "\(drawing)")
        }
    }

    @Test func onlyRouteTakesWordsThatBeginWithAMinusAsPositionals() throws {
        let route = ArgumentParser(for: RouteCommand.self, among: CairnCLI.commands)
        let p = try route.parse(["-33.9,18.4", "--units", "metric", "-33.91,18.41", "-5", "--straight"])
        #expect(p.positionals == ["-33.9,18.4", "-33.91,18.41", "-5"])
        #expect(p.has(RouteCommand.straight) && p.value(.units) == "metric")
        #expect(throws: CLIError.self) { try route.parse(["-33.9,18.4", "-x"]) }
        #expect(throws: CLIError.self) { try ArgumentParser(for: ShowCommand.self).parse(["-5"]) }
    }

    /// `--output b -o a` writes `a`, and only `a` (the example, end to end).
    @Test func routeWritesTheLastOutputGiven() throws {
        let dir = makeTempDirectory("last-output")
        let run = cairn(["route", "42.5,1.5", "--output", dir + "/b.gpx", "42.51,1.51", "--straight", "-o", dir + "/a.gpx",
                         "--map", dir + "/none.sqlite", "--store", dir + "/h.sqlite"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/a.gpx"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/b.gpx"))
    }

    /// Options before, between or after the files give the same output.
    @Test func statsGivesTheSameOutputWhereverTheOptionsAre() {
        let file = repoRoot + "/Samples/GPSTools-Oybin.gpx"
        let a = cairn(["stats", file, "--units", "imperial", "--segments"])
        let b = cairn(["stats", "--units=imperial", "--segments", file])
        let c = cairn(["stats", "--segments", "--units", "metric", file, "--units", "imperial"])
        #expect(a.status == 0 && a.stdout.contains(" mi"), "\(a.stderr)")
        #expect(a.stdout == b.stdout && b.stdout == c.stdout)
    }

    /// Options typed before the command go with it, as with git (tester finding: `cairn
    /// --units imperial stats FILE` was refused); a valued option keeps its value, so a store
    /// called `list` is a path, not the command.
    @Test func optionsBeforeTheCommandGoWithIt() {
        let file = repoRoot + "/Samples/GPSTools-Oybin.gpx"
        let after = cairn(["stats", file, "--units", "imperial"])
        let before = cairn(["--units", "imperial", "stats", file])
        #expect(after.status == 0 && before.status == 0, "\(before.stderr)")
        #expect(before.stdout == after.stdout)
        #expect(CairnCLI.hoistingLeadingOptions(["--store", "list"]) == nil)
        #expect(CairnCLI.hoistingLeadingOptions(["--store", "s.sqlite", "map", "info", "--json"])
                == ["map", "info", "--store", "s.sqlite", "--json"])
    }

    /// `render` reads `--units` and `TZ` as every other command does.
    @Test func renderReadsUnitsAndTimeZoneLikeTheOthers() {
        #expect(UnitsOption.timeZone(["TZ": ":Europe/Zurich"]).identifier == "Europe/Zurich")
        #expect(UnitsOption.timeZone(["TZ": "Asia/Tokyo"]).identifier == "Asia/Tokyo")
        #expect(UnitsOption.timeZone(["TZ": "Not/AZone"]) == TimeZone.current)
        let file = repoRoot + "/Samples/GPSTools-Oybin.gpx"
        let render = cairn(["render", file, "--units", "furlongs", "--map", "/nonexistent/m.sqlite"])
        let stats = cairn(["stats", file, "--units", "furlongs"])
        #expect(render.status == 2 && stats.status == 2)
        #expect(render.stderr.hasPrefix("cairn render: --units takes metric or imperial, not 'furlongs'\n"), "\(render.stderr)")
        #expect(stats.stderr.hasPrefix("cairn stats: --units takes metric or imperial, not 'furlongs'\n"), "\(stats.stderr)")
    }
}

import Localization
import Foundation
import HikeServices
import TrailApp
import TrailCore
import TrailFormats
import TrailLive
import TrailStore

/// `cairn record --gps SPEC`: records a new hike from live positions: on the recording screen
/// when stdin and stdout are a terminal, headless otherwise or with `--headless`.
public enum RecordCommand: Command {
    public static let name = "record"
    public static let summary = N("Record a hike from a live GPS position (gpsd, NMEA, GPX replay)")
    public static let about = N("Records a new hike (kind \"recorded\") from SPEC. Every point the noise filter accepts is\ncommitted to the store as it arrives, before it counts: if the process is killed, the\nwalk is there, paused, and `cairn record --resume` continues it. Nothing is stored\nuntil the first accepted point. The stored hike is current with every accepted point\n(`cairn list`, `show` and `export` see the walk so far, also after a kill).\n\nWhen stdin and stdout are both a terminal, the viewer opens on the recording screen\n(as R in the library): map and profile growing, live figures; p pauses, x finishes,\nb backtracks, Ctrl-C quits with the recording kept, paused. Otherwise (a pipe, nohup,\na service manager) or with --headless it runs headless: a status line every minute\n(elapsed and moving time, distance, pace over the last 500 m, elevation, gain, fix\nage, points accepted and rejected by rule); Ctrl-C (SIGINT), SIGTERM and SIGHUP pause\nit and end (as Ctrl-C on the screen does): `--resume` continues it, `--finish` or\n`cairn record finish` from another shell finishes it.\n\nA replay or NMEA log that reaches its end finishes a headless recording. A replay\nkeeps the log's own times at any --speed (an untimed track is walked at 4 km/h and\nnever stamped in the future), and a resumed replay continues after the last recorded\npoint. --resume reuses the recording's own position source and --speed unless --gps or\n--speed give others. A pause or a kill does not cut the walk when the leg from the last\npoint before it to the first after the resume could have been walked (within 24 h, no\nfaster than 25 km/h): that straight line counts in distance and climb, and in moving\ntime only if it was covered at walking pace (0.25 m/s or more). A faster leg (a ride)\ncounts in nothing: the resume starts a new track segment (a new trkseg in the GPX).\n\nFrom another shell (or a tmux key binding), while a recording runs headless or on the\nrecording screen: `cairn record pause`, `cairn record resume`, `cairn record finish\n[--name NAME]` (renames the hike as it finishes) `cairn record place NAME` (a place\nof your own at the last recorded point) and `cairn record photo` (a \"photo here\" mark\nthere, filled later by `cairn photos add` with the photo taken then; the key i on the\nrecording screen does the same) talk to it through a Unix socket in\n$XDG_RUNTIME_DIR/cairn (or /tmp/cairn-UID when XDG_RUNTIME_DIR is not set), owner-only;\n`cairn status` prints its figures in one line.")
    static let nameOption = OptionSpec("--name", value: "NAME", defaultHelp: N("\"Recorded YYYY-MM-DD\", the first fix's local date"), help: N("the hike's name"))
    static let resume = OptionSpec("--resume", help: N("continue the unfinished recording (restored as paused)"))
    static let finish = OptionSpec("--finish", help: N("finish the unfinished recording without recording more"))
    static let headless = OptionSpec("--headless", help: N("no recording screen even on a terminal: status lines only"))
    static let statusEvery = OptionSpec("--status-every", value: "SECS", defaultValue: "60", help: N("seconds between status lines"))
    static let pointLog = OptionSpec("--point-log", value: "FILE", kind: .file(extensions: []),
                                     help: N("headless only: append each accepted point (\"seq stretch lat lon unixtime\") after it is committed"))
    public static let options: [OptionSpec] = [.gps, nameOption, .speed, resume, finish, headless, statusEvery, pointLog]
        + RecordFilterOptions.declared + TUICommand.ViewerOptions.declared + [.offRoute, .speak, .alerts]
    public static let notes = ThemeOption.lookupNote
    public static let arguments = [ArgumentSpec("ACTION", count: .rest,
                                                help: N("pause, resume, finish, photo or place NAME: sent to the recording running in another shell"))]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        if !args.positionals.isEmpty { return try LiveControlCLI.control(args.positionals, name: args.value(nameOption), context) }
        let storePath = StoreAccess.path(args, context)
        let units = try UnitsOption.formatter(args, context)
        let gpsText = args.value(.gps)
        let name = args.value(nameOption)
        let speed = try args.value(.speed).map { t -> Double in
            guard let v = Double(t), v.isFinite, v > 0 else { throw CLIError.usage(L("--speed needs a positive number, not '%s'", t)) }
            return v
        }
        let interval = try args.value(statusEvery).map { try RecordFilterOptions.seconds($0, "--status-every") } ?? 60
        let pointLogPath = args.value(pointLog).map(context.resolve)
        let resume = args.has(Self.resume), finish = args.has(Self.finish)
        let rules = try RecordFilterOptions.take(args)
        guard args.positionals.isEmpty else { throw CLIError.usage(L("record takes no arguments, only options")) }
        guard interval > 0 else { throw CLIError.usage(L("--status-every needs a positive number of seconds")) }
        if resume && finish { throw CLIError.usage(L("--resume and --finish exclude each other")) }

        let onScreen = !args.has(headless) && context.stdoutIsTerminal && context.stdinIsTerminal
        guard !(onScreen && !finish && pointLogPath != nil) else {
            throw CLIError.usage(L("--point-log is written by a headless recording only: add --headless (the recording screen keeps no point log)"))
        }
        let store = try StoreAccess.open(storePath, context, write: true)
        let unfinished = try restoreUnfinished(store, context)
        if onScreen && !finish {
            return try launchScreen(args, context, unfinished: unfinished, resume: resume, name: name, rules: rules)
        }
        if finish {
            guard let recorder = unfinished else { throw CLIError.failure(L("there is no unfinished recording to finish")) }
            try recorder.perform(.finish)
            context.stdout.write(finishedText(recorder, units))
            return 0
        }
        let started: RecordingStart
        do {
            started = try RecordingStart.prepare(store: store, unfinished: unfinished, resume: resume, gpsText: gpsText, name: name,
                                                 rules: rules, speed: speed, now: context.now)
        } catch let refusal as RecordingStart.Refusal {
            switch refusal {
            case .usage(let text): throw CLIError.usage(text)
            case .failure(let text): throw CLIError.failure(text)
            }
        }
        let (recorder, spec, replaySpeed) = (started.recorder, started.spec, started.replaySpeed)

        var logFD: Int32?
        if let pointLogPath {
            let fd = open(pointLogPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw CLIError.failure(L("cannot open --point-log %s", TerminalText.clean(pointLogPath))) }
            logFD = fd
        }
        defer { if let logFD { close(logFD) } }
        // An unnamed recording is named after its first fix's date (DECISIONS.md 340): announce the
        // name once it is stored (RecordRunner), never the wall-clock placeholder (490).
        // TRANSLATORS: "Recorded" is the start of the hike's name: keep it in English as the program names the hike so.
        let announced = recorder.nameAwaitsFirstFix ? L("a new hike (named \"Recorded\" and the date of its first fix)")
            : "'\(TerminalText.clean(recorder.name))'"
        let from = TerminalText.clean(spec.description), into = TerminalText.clean(store.path)
        let line: String
        switch (resume, replaySpeed.map(speedText)) {
        // TRANSLATORS: the hike ("'Name'" or "a new hike (…)"), the position source, a replay speed factor and the store's path.
        case (true, let factor?): line = L("resuming %s from %s at %sx into %s", announced, from, factor, into)
        case (true, nil): line = L("resuming %s from %s into %s", announced, from, into)
        case (false, let factor?): line = L("recording %s from %s at %sx into %s", announced, from, factor, into)
        case (false, nil): line = L("recording %s from %s into %s", announced, from, into)
        }
        context.stdout.write(line + "\n")
        var runner = RecordRunner(recorder: recorder, source: started.source, context: context, units: units,
                                  statusInterval: interval, pointLog: logFD)
        runner.controlPath = LiveControlSocket.path(environment: context.environment)
        runner.sourceLabel = started.sourceLabel
        let outcome = runner.run()
        let nothing = runner.nothingRecordedReason(at: context.now())
        switch outcome {
        case .finished:
            context.stdout.write(finishedText(recorder, units, nothing: nothing))
            return 0
        case .paused(let reason) where recorder.session.pointCount == 0 && !resume:
            // Nothing accepted: no hike was stored, so there is nothing to resume.
            context.stdout.write(L("stopped (%s) before the first accepted position: nothing was recorded: %s", TerminalText.clean(reason), nothing) + "\n")
            return 0
        case .paused(let reason):
            context.stdout.write(L("paused (%s): `cairn record --resume` continues it, `cairn record --finish` finishes it", TerminalText.clean(reason)) + "\n")
            return 0
        case .failed(let reason) where recorder.session.pointCount == 0 && !resume:
            context.stderr.write(L("cairn record: recording stopped: %s; no position had been accepted, so nothing was recorded", TerminalText.clean(reason)) + "\n")
            return 1
        case .failed(let reason):
            context.stderr.write(L("cairn record: recording stopped: %s; it is paused, `cairn record --resume` continues it", TerminalText.clean(reason)) + "\n")
            return 1
        }
    }

    /// On a terminal: the viewer opened on the recording screen, with the same refusals as
    /// headless (no second recording beside an unfinished one, --gps needed for a new one).
    private static func launchScreen(_ args: ParsedArguments, _ context: CommandContext, unfinished: Recorder?,
                                     resume: Bool, name: String?, rules: PositionFilterRules) throws -> Int32 {
        var options = try TUICommand.ViewerOptions(args, context)
        let gpsText = args.value(.gps)
        if resume {
            guard let r = unfinished else { throw CLIError.failure(L("there is no unfinished recording to resume")) }
            guard gpsText != nil || r.source != nil else {
                throw CLIError.usage(L("the recording has no stored position source: give --gps SPEC"))
            }
        } else if let r = unfinished {
            throw CLIError.failure(RecordingStart.refusalText(r))
        } else if gpsText == nil {
            throw CLIError.usage(RecordingStart.needsSource)
        }
        if !resume, args.has(nameOption), name?.trimmingCharacters(in: .whitespaces).isEmpty ?? true {
            throw CLIError.usage(L("--name needs a name"))
        }
        options.autoRecord = (AutoRecord(source: gpsText, name: name, resume: resume), rules)
        return try TUICommand.launch(options, context)
    }

    /// A speed factor as typed: "20", "2.5".
    static func speedText(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    /// Restores the newest unfinished recording (as paused), telling the user.
    private static func restoreUnfinished(_ store: HikeStore, _ context: CommandContext) throws -> Recorder? {
        do { return try Recorder.restoreUnfinished(in: store, now: context.now) } catch {
            throw CLIError.failure(L("cannot restore the unfinished recording: %s", StoreAccess.describe(error, path: store.path)))
        }
    }

    /// The final line: the hike under its stored name (another shell may have renamed it during
    /// the recording, DECISIONS.md 490).
    /// - Parameter nothing: why nothing was recorded, said when no point was accepted.
    static func finishedText(_ r: Recorder, _ units: UnitFormatter, nothing: String = L("no fix passed the filter")) -> String {
        guard let hike = r.hike else { return L("nothing was recorded: %s", nothing) + "\n" }
        let s = r.session.statistics()
        let name = (try? r.store.summary(hike).name) ?? r.name
        let id = String(hike.rawValue)
        // TRANSLATORS: the hike's name, its id, distance, point count, elapsed time (clock) and its id again.
        return Ln("finished '%s' as hike %s: %s, %d point, elapsed %s (cairn show %s)",
                  "finished '%s' as hike %s: %s, %d points, elapsed %s (cairn show %s)", r.session.pointCount,
                  TerminalText.clean(name), id, units.distance(s.distance), r.session.pointCount,
                  units.duration(s.elapsedTime ?? 0, style: .clock), id) + "\n"
    }

    /// Reads a GPX file into trackpoints, for `replay:` (``RecordingStart/loadTrack(_:)``).
    static func loadTrack(_ path: String) throws -> [Trackpoint] { try RecordingStart.loadTrack(path) }
}

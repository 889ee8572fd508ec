import Localization
import Foundation
import HikeServices
import TrailCore
import TrailLive

/// `cairn status`: one line on the recording (or follow) running in another shell, for a
/// shell prompt or tmux's `status-right`.
public enum StatusCommand: Command {
    public static let name = "status"
    public static let summary = N("One line on the recording or follow running in another shell (tmux, scripts)")
    public static let about = N("Asks the running `cairn record` (headless or on the recording screen) or `cairn follow`\nfor its figures and prints them in one line: state, elapsed time, distance, pace, how\nfar off the route, how old the last fix is (\"stale\" after 10 s). Prints \"not recording\"\n(exit 0) when nothing runs. --format tmux adds tmux colour markup, for example in\n~/.tmux.conf: set -g status-right '#(cairn status --format tmux)' and\nset -g status-interval 5. --json prints the figures in SI units (metres, seconds, m/s;\n{\"running\":false} when nothing runs).")
    static let format = OptionSpec("--format", value: "FORMAT", kind: .choice(["text", "tmux", "json"]), defaultValue: "text",
                                   help: N("text, tmux (colour markup for status-right) or json"))
    static let json = OptionSpec("--json", help: N("the same as --format json"))
    public static let options: [OptionSpec] = [format, json, .units]

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        guard args.positionals.isEmpty else { throw CLIError.usage(L("status takes no arguments, only options")) }
        let units = try UnitsOption.formatter(args, context)
        let chosen = args.has(json) ? "json" : args.value(format) ?? "text"
        guard ["text", "tmux", "json"].contains(chosen) else {
            throw CLIError.usage(L("--format takes text, tmux or json, not '%s'", TerminalText.clean(chosen)))
        }
        let path = LiveControlSocket.path(environment: context.environment)
        let reply: LiveControlReply
        do {
            reply = try LiveControlCLI.ask(.status, path: path)
        } catch .notRunning {
            context.stdout.write(chosen == "json" ? "{\"running\":false}\n" : L("not recording") + "\n")
            return 0
        } catch {
            throw CLIError.failure(TerminalText.clean(error.description))
        }
        guard let status = reply.status else { throw CLIError.failure(TerminalText.clean(reply.message)) }
        switch chosen {
        case "json":
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            var object = (try JSONSerialization.jsonObject(with: encoder.encode(status))) as? [String: Any] ?? [:]
            object["running"] = true
            let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
            context.stdout.write(String(decoding: data, as: UTF8.self) + "\n")
        case "tmux": context.stdout.write(status.tmux(units) + "\n")
        default: context.stdout.write(status.text(units) + "\n")
        }
        return 0
    }
}

/// The other shell's side of `cairn record pause|resume|finish|place` and `cairn status`.
enum LiveControlCLI {
    /// Sends `request` and decodes the answer.
    static func ask(_ request: LiveControlRequest, path: String) throws(LiveControlError) -> LiveControlReply {
        let line = try LiveControlClient.send(request.line, to: path)
        return LiveControlReply(line: line) ?? LiveControlReply(ok: false, message: L("the running cairn answered something else"))
    }

    /// `cairn record ACTION…`: the words after `record` as a request to the running recording.
    /// - Returns: 0 when done, 1 when the running process refused.
    /// - Throws: ``CLIError`` for an unknown action or when nothing runs.
    static func control(_ words: [String], name: String?, _ context: CommandContext, command: String = "record") throws -> Int32 {
        let rest = words.dropFirst().joined(separator: " ").trimmingCharacters(in: .whitespaces)
        let request: LiveControlRequest
        switch words[0] {
        case "pause" where rest.isEmpty && name == nil: request = .pause
        case "resume" where rest.isEmpty && name == nil: request = .resume
        case "finish" where rest.isEmpty:
            if let name, name.trimmingCharacters(in: .whitespaces).isEmpty { throw CLIError.usage(L("--name needs a name")) }
            request = .finish(name: name)
        case "place" where name == nil:
            // TRANSLATORS: %s is the command (record or follow); "Spring" is an example place name.
            guard !rest.isEmpty else { throw CLIError.usage(L("%s place needs a NAME: cairn %s place \"Spring\"", command, command)) }
            request = .place(name: rest)
        case "photo" where rest.isEmpty && name == nil: request = .photo
        default:
            let given = TerminalText.clean(words.joined(separator: " "))
            throw CLIError.usage(command == "record"
                ? L("%s takes pause, resume, finish [--name NAME], photo or place NAME (sent to the running one), not '%s'", command, given)
                : L("%s takes pause, resume, finish, photo or place NAME (sent to the running one), not '%s'", command, given))
        }
        let reply: LiveControlReply
        let path = LiveControlSocket.path(environment: context.environment)
        var running: String?
        do {
            // The commands are kind-aware (DECISIONS.md 972): `cairn record …` acts on a recording
            // only, `cairn follow …` on a followed walk only; the other is named, nothing is done.
            let activity = try ask(.status, path: path).status?.activity
            if let activity, activity != (command == "record" ? "recording" : "following") {
                running = activity
                reply = LiveControlReply(ok: false, message: "")
            } else {
                reply = try ask(request, path: path)
            }
        } catch .notRunning(let path, let stale) {
            var text = LiveControlError.notRunning(path, stale: stale).description
            if command == "record", request == .resume || request == .finish(name: nil) {
                text += clauseSeparator + L("a paused recording is continued with `cairn record --resume` or finished with `cairn record --finish`")
            }
            if command == "follow", request == .resume || request == .finish(name: nil) {
                text += "; a walk left unfinished is offered again by `cairn follow ID --gps SPEC` (y resumes it, n closes it)"
            }
            throw CLIError.failure(TerminalText.clean(text))
        } catch {
            throw CLIError.failure(TerminalText.clean(error.description))
        }
        if let running {
            let other = running == "recording" ? "record" : "follow"
            let what = running == "recording" ? "a recording is running, not a followed walk"
                : "a followed walk is running, not a recording"
            throw CLIError.failure("\(what): `cairn \(other) \(TerminalText.clean(words.joined(separator: " ")))` "
                                   + (words[0] == "place" ? "adds the place to it" : "goes to it") + "; nothing was done")
        }
        if reply.ok {
            context.stdout.write(TerminalText.clean(reply.message) + "\n")
            return 0
        }
        context.stderr.write("cairn \(command): " + TerminalText.clean(reply.message) + "\n")
        return 1
    }
}

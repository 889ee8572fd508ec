import Foundation
import Localization

/// The manual page cairn(1), written in roff with the man(7) macros from the same
/// declarations as `--help` (``Command/options``, ``Command/arguments``, ``Command/about``,
/// ``Command/notes``), so the two cannot disagree. One page holds every subcommand
/// (DECISIONS 150). Escaping follows groff_man(7): `\e` for a backslash, `\[uXXXX]` for a non-ASCII character, `\-` for a dash that
/// must stay a hyphen-minus, `\&` before a line's leading `.` or `'`.
public enum ManPage {
    /// The whole page for `commands`, as `cairn man` prints it.
    public static func text(commands: [Command.Type] = CairnCLI.visibleCommands, version: String = CairnCLI.version) -> String {
        var s = ".TH CAIRN 1 \"\" \"cairn \(version)\" \"User Commands\"\n"
        s += ".ad l\n.nh\n"  // ragged right, no hyphenation: paths and option names stay whole
        // TRANSLATORS: man page section headings (NAME, SYNOPSIS, …), upper case as man pages write them.
        s += ".SH " + quoted(Lc("man page section", "NAME")) + "\ncairn \\- " + escape(L("a terminal trail viewer for hikers")) + "\n"
        s += ".SH " + quoted(Lc("man page section", "SYNOPSIS")) + "\n.B cairn\n[\\fICOMMAND\\fR] [\\fIOPTIONS\\fR]\n.br\n.B cairn\n\\fICOMMAND\\fR \\fB\\-\\-help\\fR\n"
        s += ".br\n.B cairn\n\\fB\\-\\-version\\fR\n"
        s += ".SH " + quoted(Lc("man page section", "DESCRIPTION")) + "\n"
        s += paragraphs(L("Cairn imports hikes from track files (GPX, Garmin FIT, TCX, KML/KMZ and GeoJSON; other formats through gpsbabel), stores them, and shows them on a braille map drawn from OpenStreetMap data, with an elevation profile, in a full-screen terminal view; it draws routes, follows a walk live from gpsd and records one. Without a command, on a terminal, it opens the viewer (cairn tui)."))
        s += ".SH " + quoted(Lc("man page section", "COMMANDS")) + "\n"
        for c in commands { s += section(for: c) }
        for (title, body) in extraSections { s += ".SH \(quoted(title))\n" + paragraphs(body) }
        s += ".SH " + quoted(Lc("man page section", "SEE ALSO")) + "\n.BR gpsd (8),\n.BR osmium (1)\n"
        return s
    }

    /// Sections after the commands (configuration, exit status), as (title, plain text).
    static var extraSections: [(String, String)] {
        [(Lc("man page section", "ENVIRONMENT"),
          L("CAIRN_STORE, CAIRN_MAP and CAIRN_DEM name the hike store, the map store and the terrain folder; XDG_DATA_HOME places them when unset. CAIRN_THEMES is where themes are looked up. NO_COLOR turns colour off. LC_ALL, LC_MEASUREMENT and LANG choose metric or imperial units; TZ the time zone of dates. LANGUAGE, LC_ALL, LC_MESSAGES and LANG choose the language of messages (gettext's order)."))]
            + CairnConventions.manSections
    }

    /// The subsection of one command: usage, what it does, arguments, options, notes.
    static func section(for command: Command.Type) -> String {
        // The usage line without its "Usage:" word (in the user's language) and without the
        // wrapping --help gives it: one line, single spaces.
        let usage = CommandHelp.usage(for: command)
        let head = L("Usage: cairn %s", command.usageName)
        let synopsis = "cairn \(command.usageName)" + usage.dropFirst(usage.hasPrefix(head) ? head.count : 0)
        let oneLine = synopsis.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        var s = ".SS \"\(quoted(oneLine))\"\n"
        s += paragraphs(Localization.translate(command.summary) + ".")
        if !command.about.isEmpty { s += paragraphs(Localization.translate(command.about)) }
        for a in command.arguments where !a.help.isEmpty {
            s += ".TP\n\\fI\(escape(a.name))\\fR\n\(escape(Localization.translate(a.help)))\n"
        }
        for o in command.options + [CommandHelp.helpOption] {
            var label = o.shortName.map { "\\fB\(escape($0))\\fR, " } ?? ""
            label += "\\fB\(escape(o.name))\\fR"
            if let p = o.placeholder { label += " \\fI\(escape(p))\\fR" }
            s += ".TP\n\(label)\n\(escape(o.helpWithDefault))\n"
        }
        if command.options.contains(where: { $0.configKey != nil }) { s += paragraphs(Localization.translate(CommandHelp.configNote)) }
        if !command.notes.isEmpty { s += paragraphs(Localization.translate(command.notes)) }
        return s
    }

    /// Text in paragraphs (blank lines part them); a paragraph whose lines are indented is an
    /// example, kept as typed.
    static func paragraphs(_ text: String) -> String {
        var s = ""
        let blocks = text.components(separatedBy: "\n\n").map { $0.trimmingCharacters(in: .newlines) }.filter { !$0.isEmpty }
        for block in blocks {
            let lines = block.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let plain = lines.prefix { !$0.hasPrefix(" ") }
            let rest = lines.dropFirst(plain.count)
            s += ".PP\n"
            if !plain.isEmpty { s += plain.map(escape).joined(separator: "\n") + "\n" }
            if !rest.isEmpty {
                s += ".RS\n.nf\n" + rest.map { escape($0.trimmingCharacters(in: .whitespaces)) }.joined(separator: "\n") + "\n.fi\n.RE\n"
            }
        }
        return s
    }

    /// Plain text made safe as roff input text.
    static func escape(_ text: String) -> String {
        var s = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if s.hasPrefix(".") || s.hasPrefix("'") { s = "\\&" + s }
        // Non-ASCII as groff's \[uXXXX], so the page needs no input encoding (groff_char(7)).
        guard s.unicodeScalars.contains(where: { !$0.isASCII }) else { return s }
        return s.unicodeScalars.map { $0.isASCII ? String($0) : String(format: "\\[u%04X]", $0.value) }.joined()
    }

    /// Text for inside a double-quoted macro argument.
    static func quoted(_ text: String) -> String {
        escape(text).replacingOccurrences(of: "\"", with: "\\(dq")
    }
}

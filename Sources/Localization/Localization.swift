import CIntl
#if canImport(Glibc)
import Glibc
#endif

/// Cairn's words in the user's language, through GNU gettext as glibc provides it
/// (`dgettext`/`dngettext` on the text domain ``domain``), catalogues `cairn.mo` compiled from
/// `po/*.po` (po/README.md tells a translator how to add a language).
///
/// The set-up follows the Linux convention (`setlocale(LC_ALL, "")`, `bindtextdomain`) with
/// three choices of Cairn's (DECISIONS.md, issue 37):
/// - Numbers in C: `LC_NUMERIC` stays "C" for the whole process, so that files, JSON and the
///   C library's parsing never see a decimal comma; displays ask ``decimalSeparator(environment:)``.
/// - An unset locale (none of `LC_ALL`, `LC_MESSAGES`, `LANG`) is taken as C.UTF-8 for messages,
///   in which gettext honours `LANGUAGE` (in plain C it ignores it): `LANGUAGE=de cairn` works in
///   a container. An explicit `LC_ALL=C` or `LANG=C` still means untranslated English.
/// - A locale that names a language but is not installed on the machine (`LANG=de_DE.UTF-8`
///   without `locale-gen`) still gets its language's messages: messages are then looked up in
///   C.UTF-8 with that language as `LANGUAGE` (unless `LANGUAGE` is set).
///
/// A missing catalogue falls back to English silently (gettext returns the English text); a
/// damaged one (not a GNU .mo file, or offsets outside the file) is reported once by ``start``.
public enum Localization {
    /// The gettext text domain: catalogues are `<dir>/<lang>/LC_MESSAGES/cairn.mo`.
    public static let domain = "cairn"

    /// What ``start(environment:executablePath:)`` set up.
    public struct Setup: Sendable, Equatable {
        /// The directory bound to the text domain (nil: none found, messages stay English).
        public var catalogueDirectory: String?
        /// The catalogue file gettext will read for the first requested language, when found.
        public var catalogue: String?
        /// One sentence for standard error when that catalogue is damaged; nil otherwise.
        public var problem: String?
    }

    /// Sets the process's locale from the environment and binds the catalogues. Call once, first
    /// thing in `main`, before any thread starts (setlocale and setenv are not thread-safe).
    /// - Parameters:
    ///   - environment: the process environment.
    ///   - executablePath: the running program (catalogues are looked up beside it for a build
    ///     tree, then in `../share/locale` for an installed one); nil to skip those.
    /// - Returns: what was bound; print ``Setup/problem`` once when set.
    @discardableResult
    public static func start(environment: [String: String], executablePath: String?) -> Setup {
        if setlocale(LC_ALL, "") == nil {
            // Some category names a locale this machine does not have: keep the ones that exist.
            for category in [LC_CTYPE, LC_COLLATE, LC_TIME, LC_MONETARY, cairn_lc_messages()] {
                _ = setlocale(category, "")
            }
            if String(cString: nl_langinfo(nl_item(CODESET))) != "UTF-8", charsetIsUTF8(environment) {
                _ = setlocale(LC_CTYPE, "C.UTF-8")
            }
        }
        _ = setlocale(LC_NUMERIC, "C")

        let requested = messageLocaleName(environment)
        let current = setlocale(cairn_lc_messages(), nil).map { String(cString: $0) } ?? "C"
        if current == "C" || current == "POSIX" {
            if let name = requested, !isCLocale(name) {
                // Named but not installed: its language through LANGUAGE, in C.UTF-8.
                if environment["LANGUAGE", default: ""].isEmpty { setenv("LANGUAGE", name, 1) }
                _ = setlocale(cairn_lc_messages(), "C.UTF-8")
            } else if requested == nil, !environment["LANGUAGE", default: ""].isEmpty {
                _ = setlocale(cairn_lc_messages(), "C.UTF-8")
            }
        }

        var setup = Setup()
        let directories = catalogueDirectories(environment: environment, executablePath: executablePath)
        let languages = languageList(environment)
        for dir in directories {
            if let file = firstCatalogue(in: dir, languages: languages) {
                setup.catalogueDirectory = dir
                setup.catalogue = file
                break
            }
        }
        if setup.catalogueDirectory == nil {
            setup.catalogueDirectory = directories.first(where: isDirectory)
        }
        // A directory asked for by name that is not there is a mistake worth saying (a
        // translator testing a catalogue would otherwise see the installed one, silently).
        if let asked = environment["CAIRN_LOCALEDIR"], !asked.isEmpty, !isDirectory(asked) {
            setup.problem = "CAIRN_LOCALEDIR=\(asked) is not a directory; the catalogues beside cairn are used"
        }
        if let dir = setup.catalogueDirectory {
            _ = bindtextdomain(domain, dir)
            _ = bind_textdomain_codeset(domain, "UTF-8")
        }
        if let file = setup.catalogue, let reason = MessageCatalogue.damage(atPath: file) {
            setup.problem = "the message catalogue \(file) is damaged (\(reason)); it is skipped: "
                + "messages are in the next language of LANGUAGE, or in English"
        }
        return setup
    }

    /// The text of `msgid` in the user's language, or `msgid` itself when there is no
    /// translation (or no ``start`` was made, as in tests). No formatting: see ``L(_:_:)``.
    public static func translate(_ msgid: String) -> String {
        guard !msgid.isEmpty else { return msgid }  // "" would return the catalogue's header
        if let translator = translator { return translator(msgid) }
        // Without a translation gettext returns the pointer it was given, which lives only
        // inside withCString: answer the Swift string then, never read that pointer after.
        return msgid.withCString { id in
            guard let r = dgettext(domain, id), UnsafePointer(r) != id else { return msgid }
            return String(cString: r)
        }
    }

    /// The text of `msgid` in `context` (a `msgctxt` entry: gettext's `pgettext`, whose
    /// catalogue key is context, U+0004, msgid), or `msgid` when there is none.
    public static func translate(context: String, _ msgid: String) -> String {
        if let translator = translator { return translator(msgid) }
        let key = context + "\u{4}" + msgid
        let r = translate(key)
        return r == key ? msgid : r
    }

    /// The singular or plural text for `count` by the catalogue's plural rule (English: one → singular).
    public static func translate(_ singular: String, plural: String, count: Int) -> String {
        let n = UInt(clamping: count.magnitude)
        if let translator = translator { return translator(count == 1 ? singular : plural) }
        return singular.withCString { one in
            plural.withCString { many in
                guard let r = dngettext(domain, one, many, n) else { return n == 1 ? singular : plural }
                if UnsafePointer(r) == one { return singular }
                if UnsafePointer(r) == many { return plural }
                return String(cString: r)
            }
        }
    }

    /// A translation in place of the catalogue's for the current task and its children only
    /// (a task-local value, so tests running in parallel are not affected): the layout tests'
    /// ``PseudoLocale``. Nil: the catalogue.
    @TaskLocal public static var translator: (@Sendable (String) -> String)?

    /// Runs `body` with every message pseudo-translated (``PseudoLocale``), in this task only.
    public static func withPseudoLocale<T>(_ body: () throws -> T) rethrows -> T {
        try $translator.withValue({ PseudoLocale.translate($0) }) { try body() }
    }

    /// ``decimalSeparator(environment:)`` of this process's environment, read once.
    public static let processDecimalSeparator: String = {
        var environment: [String: String] = [:]
        for key in ["LC_ALL", "LC_NUMERIC", "LANG"] { if let v = getenv(key) { environment[key] = String(cString: v) } }
        return decimalSeparator(environment: environment)
    }()

    /// The decimal separator of the user's `LC_NUMERIC` (first non-empty of `LC_ALL`,
    /// `LC_NUMERIC`, `LANG`), for numbers on screen and in printed tables: "," for de_DE and
    /// fr_FR, "." for en_GB or C, and "." when the locale is not installed.
    public static func decimalSeparator(environment: [String: String]) -> String {
        guard let name = ["LC_ALL", "LC_NUMERIC", "LANG"].lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }),
              !isCLocale(name), let l = cairn_newlocale_numeric(name) else { return "." }
        defer { freelocale(l) }
        guard let radix = cairn_radix_char(l) else { return "." }
        let s = String(cString: radix)
        return s.isEmpty ? "." : s
    }

    // MARK: - Which catalogue

    /// The locale messages are asked in: the first non-empty of `LC_ALL`, `LC_MESSAGES`, `LANG`.
    static func messageLocaleName(_ environment: [String: String]) -> String? {
        ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
    }

    /// The languages gettext tries, in order: `LANGUAGE`'s colon-separated list unless the
    /// locale is explicitly C, else the message locale.
    static func languageList(_ environment: [String: String]) -> [String] {
        let name = messageLocaleName(environment)
        if let name, name == "C" || name == "POSIX" { return [] }
        let language = environment["LANGUAGE", default: ""]
        if !language.isEmpty { return language.split(separator: ":").map(String.init) }
        return name.flatMap { isCLocale($0) ? nil : [$0] } ?? []
    }

    /// The names gettext looks for a locale under, most specific first:
    /// "de_DE.UTF-8@euro" → de_DE.UTF-8@euro, de_DE@euro, de_DE, de@euro, de.
    static func catalogueNames(for locale: String) -> [String] {
        var rest = Substring(locale)
        var modifier = ""
        if let at = rest.firstIndex(of: "@") { modifier = String(rest[at...]); rest = rest[..<at] }
        var codeset = ""
        if let dot = rest.firstIndex(of: ".") { codeset = String(rest[dot...]); rest = rest[..<dot] }
        let language = rest.split(separator: "_", maxSplits: 1).first.map(String.init) ?? String(rest)
        var names = [locale, String(rest) + codeset, String(rest) + modifier, String(rest), language + modifier, language]
        var seen = Set<String>()
        names = names.filter { !$0.isEmpty && seen.insert($0).inserted }
        return names
    }

    static func isCLocale(_ name: String) -> Bool {
        name == "C" || name == "POSIX" || name.hasPrefix("C.")
    }

    /// Where catalogues may be, in order: `CAIRN_LOCALEDIR`, `locale/` beside the executable
    /// (a build tree: `make` compiles po/ there), `../share/locale` from it (an installed tree).
    static func catalogueDirectories(environment: [String: String], executablePath: String?) -> [String] {
        var dirs: [String] = []
        if let d = environment["CAIRN_LOCALEDIR"], !d.isEmpty { dirs.append(d) }
        if let exe = executablePath, let slash = exe.lastIndex(of: "/") {
            let bin = String(exe[..<slash])
            dirs.append(bin + "/locale")
            dirs.append(bin + "/../share/locale")
        }
        return dirs
    }

    static func firstCatalogue(in dir: String, languages: [String]) -> String? {
        for language in languages {
            for name in catalogueNames(for: language) {
                let path = "\(dir)/\(name)/LC_MESSAGES/\(domain).mo"
                if access(path, F_OK) == 0 { return path }
            }
        }
        return nil
    }

    static func isDirectory(_ path: String) -> Bool {
        var s = stat()
        return stat(path, &s) == 0 && (s.st_mode & S_IFMT) == S_IFDIR
    }

    static func charsetIsUTF8(_ environment: [String: String]) -> Bool {
        characterLocale(environment: environment).map { namesUTF8($0.value) } ?? false
    }

    /// The variable that names the character locale and its value (POSIX precedence: the first
    /// non-empty of `LC_ALL`, `LC_CTYPE`, `LANG`), or nil when none is set.
    public static func characterLocale(environment: [String: String]) -> (variable: String, value: String)? {
        for key in ["LC_ALL", "LC_CTYPE", "LANG"] {
            if let v = environment[key], !v.isEmpty { return (key, v) }
        }
        return nil
    }

    /// True when `locale` (`en_US.UTF-8`, `C.utf8`, `de_DE.UTF-8@euro`) names the UTF-8 codeset
    /// (`language_TERRITORY.codeset@modifier`; no codeset is not UTF-8).
    public static func namesUTF8(_ locale: String) -> Bool {
        guard let dot = locale.firstIndex(of: ".") else { return false }
        let codeset = locale[locale.index(after: dot)...].prefix { $0 != "@" }
        return codeset.lowercased().filter { $0 != "-" } == "utf8"
    }

    /// The path of the running executable (`/proc/self/exe`), for ``start``.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

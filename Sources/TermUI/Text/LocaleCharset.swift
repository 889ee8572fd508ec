import Localization

/// Whether the locale the environment names is UTF-8, and what to tell the user when it is
/// not: the one rule behind the viewer's and `cairn render`'s choice between braille and ASCII.
///
/// POSIX precedence for the character category: the first non-empty of `LC_ALL`, `LC_CTYPE`,
/// `LANG` names the locale, `language_TERRITORY.codeset@modifier`; its codeset decides ("UTF-8"
/// and "utf8" in any case are UTF-8; no codeset, `C` and `POSIX` are not, as glibc's default
/// codesets for `en_US` or `de_DE` are ISO-8859-1 and C's is ASCII).
public enum LocaleCharset {
    /// The variable that names the character locale and its value, or nil when none is set
    /// (``Localization/characterLocale(environment:)``, the rule the locale set-up uses too).
    public static func characterLocale(environment: [String: String]) -> (variable: String, value: String)? {
        Localization.characterLocale(environment: environment)
    }

    /// True when `locale` (`en_US.UTF-8`, `C.utf8`, `de_DE.UTF-8@euro`) names the UTF-8 codeset.
    public static func namesUTF8(_ locale: String) -> Bool { Localization.namesUTF8(locale) }

    /// True when the environment names a UTF-8 locale.
    public static func isUTF8(environment: [String: String]) -> Bool {
        characterLocale(environment: environment).map { namesUTF8($0.value) } ?? false
    }

    /// The line that says why maps are drawn in ASCII: the locale is not UTF-8.
    public static func asciiNote(environment: [String: String]) -> String {
        let named = characterLocale(environment: environment).map { "\($0.variable)=\($0.value)" } ?? L("no LANG set")
        return L("Drawing in ASCII: the locale (%s) is not UTF-8; set LANG=C.UTF-8 for braille maps", named)
    }

    /// The line that says a UTF-8 locale the environment names is not installed and C.UTF-8
    /// stands in for it.
    public static func missingLocaleNote(environment: [String: String]) -> String {
        let named = characterLocale(environment: environment).map { "\($0.variable)=\($0.value)" } ?? "LANG"
        return L("Locale %s is not installed; using C.UTF-8 (install it with locale-gen)", named)
    }
}

import Localization
import Foundation

/// The conventions every `cairn` command shares, written once for `--help` and the man page.
enum CairnConventions {
    /// The config file in one paragraph (top-level `--help`).
    static let configSummary = N("Settings: $XDG_CONFIG_HOME/cairn/config (else ~/.config/cairn/config), one 'key = value' a line; 'cairn config --example' shows every setting. Precedence: command line > environment variable > config file > built-in default.")

    /// Sections of the man page after ENVIRONMENT, as (title, plain text).
    static var manSections: [(String, String)] {
        let keys = ConfigSettings.options().compactMap { o in
            o.configKey.map { "  \($0) = \(o.placeholder ?? "VALUE")   (\(o.name))" }
        }
        return [
            // TRANSLATORS: a man page section heading, upper case as man pages write them.
            (Lc("man page section", "CONFIGURATION"),
             L("The config file is $XDG_CONFIG_HOME/cairn/config, else ~/.config/cairn/config. It holds one 'key = value' setting a line; lines whose first non-blank character is # are comments; spaces around key and value are ignored; a later line for a key wins; a value starting with ~/ is under the home directory. Each key sets the default of the command-line option shown with it (\"config: KEY\" in each command's options):")
                + "\n\n" + keys.joined(separator: "\n") + "\n\n"
                + L("Precedence, for every setting: command line > environment variable (CAIRN_STORE, CAIRN_MAP, CAIRN_DEM; NO_COLOR for the theme) > config file > built-in default (the locale's units are part of the built-in default). A line that cannot be used (no '=', an unknown key, a bad value) is reported on stderr as FILE:LINE and what is wrong, and skipped: the program starts with the default for that setting. 'cairn config --example' prints every setting with its default, commented out.")),
            (Lc("man page section", "EXIT STATUS"), Localization.translate(ExitStatus.description)),
        ]
    }
}

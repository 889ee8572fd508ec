import Foundation

/// The conventions every `cairn` command shares, written once for `--help` and the man page.
enum CairnConventions {
    /// Sections of the man page after ENVIRONMENT, as (title, plain text).
    static var manSections: [(String, String)] { [] }
}

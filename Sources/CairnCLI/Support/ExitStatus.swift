import Localization
import Foundation

/// The exit status of every `cairn` command, the same for all (stated in `cairn --help` and
/// the man page's EXIT STATUS). Conventions: 2 for usage errors as the POSIX utilities and
/// GNU tools use it (grep, diff, ls), 128 + N for a stop by signal N as the shells report it
/// (bash(1), "EXIT STATUS").
public enum ExitStatus {
    /// Done.
    public static let success: Int32 = 0
    /// Something failed: an input that cannot be read, a store that cannot be opened, an id
    /// that is not stored (with a message on stderr; the other inputs are still done).
    public static let failure: Int32 = 1
    /// Partly done: `cairn photos add` stored some files and refused others, `photos relink`
    /// found some missing photos and not others (each refusal said on stderr). rsync's 23,
    /// "partial transfer due to error" (rsync(1), EXIT VALUES): 2 is the usage error here.
    public static let partial: Int32 = 23
    /// The command line is wrong: an unknown command or option, a missing or bad value.
    public static let usage: Int32 = 2
    /// Stopped by signal `signal` before finishing (130 for Ctrl-C, 143 for SIGTERM).
    public static func interrupted(by signal: Int32) -> Int32 { 128 + signal }

    /// The text of `--help` and of the man page's EXIT STATUS.
    static let description = N("Exit status: 0 done; 1 something failed (the message says what; other inputs are still done); 2 usage error (unknown command or option, missing or bad value); 23 partly done: cairn photos add stored some files and refused others, cairn photos relink found some missing photos and not others (each refusal on stderr; rsync's 23); 128+N stopped by signal N before finishing (130 for Ctrl-C, 143 for SIGTERM). Two commands end normally on them, exit 0: the full-screen viewer quits on Ctrl-C (a key there, like q) or SIGTERM, keeping a walk being followed or recorded, paused; cairn record without the screen pauses on Ctrl-C, SIGTERM or SIGHUP (cairn record --resume goes on, --finish ends it).")
}

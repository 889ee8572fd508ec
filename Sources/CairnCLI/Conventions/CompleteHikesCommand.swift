import Localization
import Foundation
import HikeServices
import TrailStore

/// `cairn complete-hikes`: the query the completion scripts ask for hike ids (hidden). One
/// line per stored hike, "ID<TAB>NAME" (the name cleaned of control characters and tabs), in
/// `cairn list` order; on any error (no store, unreadable store, bad options) it prints
/// nothing and exits 1, so a shell's completion never shows an error message.
public enum CompleteHikesCommand: Command {
    public static let name = "complete-hikes"
    public static let summary = N("Print stored hike ids for shell completion")
    public static let about = "ID<TAB>NAME per stored hike; nothing at all on an error."
    public static let options: [OptionSpec] = [.store]
    public static let hidden = true

    public static func run(_ args: ParsedArguments, _ context: CommandContext) throws -> Int32 {
        let path = StoreAccess.path(args, context)
        guard FileManager.default.fileExists(atPath: path),
              let store = try? HikeStore(path: path, now: context.now, create: false),
              let hikes = try? store.summaries() else { return 1 }
        var s = ""
        for h in hikes {
            let name = TerminalText.clean(h.name).replacingOccurrences(of: "\t", with: " ")
            s += h.id.rawValue + "\t" + name + "\n"
        }
        context.stdout.write(s)
        return 0
    }
}

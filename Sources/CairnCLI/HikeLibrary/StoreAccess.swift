import Foundation
import TrailStore

/// How the hike commands find and open the store: `--store PATH`, then `CAIRN_STORE`, then
/// `$XDG_DATA_HOME/cairn/hikes.sqlite` (see ``StoreLocation``).
enum StoreAccess {
    /// The `--store` line every hike command's help shows.
    static let helpLine = "  --store PATH      the hike store (default $CAIRN_STORE, else $XDG_DATA_HOME/cairn/hikes.sqlite)"

    /// Takes `--store` from `args` and returns the store path.
    static func path(_ args: inout ArgumentList, _ context: CommandContext) throws -> String {
        let explicit = try args.option("--store").map(context.resolve)
        return StoreLocation.path(explicit: explicit, environment: context.environment)
    }

    /// Opens the store at `path`, turning its refusals into user-facing failures.
    static func open(_ path: String, _ context: CommandContext) throws -> HikeStore {
        do {
            return try HikeStore(path: path, now: context.now)
        } catch let e as HikeStoreError {
            throw CLIError.failure(e.description)
        } catch {
            throw CLIError.failure("cannot open the hike store \(path): \(error)")
        }
    }

    /// Resolves user-typed ids, failing on the first unknown one.
    static func ids(_ texts: [String], in store: HikeStore) throws -> [HikeID] {
        try texts.map { t in
            do { return try store.resolve(t) } catch let e as HikeStoreError { throw CLIError.failure(e.description) }
        }
    }
}

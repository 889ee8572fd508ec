import Localization
import Foundation
import HikeServices
import TrailSQLite
import TrailStore

/// How the hike commands find and open the store: `--store PATH`, then `CAIRN_STORE`, then
/// `$XDG_DATA_HOME/cairn/hikes.sqlite` (see ``StoreLocation``).
enum StoreAccess {
    /// The store path: ``OptionSpec/store`` when given (relative to the working directory),
    /// else ``StoreLocation/path(explicit:environment:)``.
    static func path(_ args: ParsedArguments, _ context: CommandContext) -> String {
        let explicit = args.value(.store).map(context.resolve)
        return StoreLocation.path(explicit: explicit, environment: context.environment)
    }

    /// Opens the store at `path`, turning its refusals into user-facing failures.
    /// - Parameters:
    ///   - create: create the store when absent (`import`, `route --save`, the viewer); when
    ///     false a missing store fails with "no hike store at PATH — import a GPX file first"
    ///     and nothing is created (`list`, `show`, `export`, `rename`, `delete`, `render`).
    ///   - write: the command will write, so a read-only store is refused up front.
    static func open(_ path: String, _ context: CommandContext, create: Bool = true, write: Bool = false) throws -> HikeStore {
        do {
            let store = try HikeStore(path: path, now: context.now, create: create)
            if write && store.isReadOnly { throw HikeStoreError.readOnly(path: path) }
            return store
        } catch let e as HikeStoreError {
            throw CLIError.failure(TerminalText.clean(e.description))
        } catch {
            throw CLIError.failure(L("cannot open the hike store %s: %s", TerminalText.clean(path), error))
        }
    }

    /// Resolves user-typed ids, failing on the first unknown one.
    static func ids(_ texts: [String], in store: HikeStore) throws -> [HikeID] {
        try texts.map { t in
            do { return try store.resolve(t) } catch let e as HikeStoreError { throw CLIError.failure(TerminalText.clean(e.description)) }
        }
    }

    /// The text for an error from a store operation: ``HikeStoreError``'s own words, SQLite's
    /// file-level codes (read-only, cannot open, not a database) translated the same way.
    static func describe(_ error: Error, path: String) -> String {
        if let e = error as? SQLiteError { return String(describing: HikeStore.translate(e, path: path)) }
        return String(describing: error)
    }
}

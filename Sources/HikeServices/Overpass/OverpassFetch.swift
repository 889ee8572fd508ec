import Foundation
import TrailCore
import TrailMap

/// `cairn map fetch`'s work once the area is known: ask the Overpass server (or take the cached
/// answer), keep the answer in the cache, and import it into the map store as one extract, like
/// `cairn map import`: one transaction, so a failed or partial answer adds nothing. One fetch at
/// a time (the cache's lock holds other processes back).
public enum OverpassFetch {
    /// How a fetch ended.
    public enum Outcome {
        /// The cached answer was imported before: the map holds the area already (nothing done).
        case alreadyInMap(answerName: String)
        /// The answer (fetched now or cached) imported as the extract `answerName`.
        case imported(MapImportReport, answerName: String)
    }

    /// Why nothing was imported; the description is the message to show (cleaned of control
    /// characters, saying that nothing was imported where something was tried).
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Fetches the data `query` asks for from `endpoint` unless `cache` has the answer (or
    /// `refresh`), then imports it into the map store at `mapPath` (created when absent).
    /// - Parameters:
    ///   - userAgent: the User-Agent the server is told (the usage policy asks for one naming the program).
    ///   - note: what is happening, for the user (asking the server, the cached answer, the
    ///     client's waits and retries).
    /// - Throws: ``Failure``: the lock, the server's refusal or a broken answer (the partial
    ///   answer is discarded), a map store that cannot be opened, an answer that cannot be imported.
    public static func run(query: OverpassQuery, endpoint: URL, cache: OverpassCache, refresh: Bool, mapPath: String,
                           userAgent: String, now: Date, note: @escaping (String) -> Void) throws -> Outcome {
        let lock: OverpassCache.Lock
        do { lock = try cache.lock() } catch { throw Failure(description: "\(error)") }
        defer { lock.release() }
        let answerName = (cache.answerPath as NSString).lastPathComponent
        let fetched = refresh || !cache.hasAnswer
        if fetched {
            note("asking \(TerminalText.clean(endpoint.host ?? endpoint.absoluteString)) for "
                 + String(format: "%.1f km²", query.areaSquareKilometres) + " (up to \(query.timeout) s)")
            let client = OverpassClient(endpoint: endpoint, userAgent: userAgent, maxBytes: query.maxSize,
                                        clientTimeout: Double(query.timeout) + 5, wait: { Thread.sleep(forTimeInterval: $0) },
                                        note: note)
            do {
                try client.fetch(query: query.text, to: cache.partPath)
                try cache.keep(bounds: query.box)
            } catch let e as OverpassError {
                cache.discardPart()
                throw Failure(description: "\(TerminalText.clean(e.description)); nothing was imported")
            }
        } else {
            note("the answer for this area is in the cache (\(TerminalText.clean(cache.answerPath)))")
        }
        let store: MapStore
        do { store = try MapStore(path: mapPath) } catch {
            throw Failure(description: "cannot open the map store: \(TerminalText.clean("\(error)"))")
        }
        if !fetched, (try? store.imports().contains { $0.file == cache.answerPath }) == true {
            return .alreadyInMap(answerName: answerName)
        }
        do {
            return .imported(try store.importOSM(path: cache.answerPath, importedAt: now), answerName: answerName)
        } catch {
            let reason = (error as? OSMReadError)?.reason ?? "\(error)"
            throw Failure(description: "the server's answer cannot be imported: \(TerminalText.clean(reason)); nothing was imported")
        }
    }
}
